import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { submitSignIn } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import {
  HOME,
  consoleReady,
  openNavGroup,
  pathOf,
  sideNavLabels,
  signInToConsole,
  waitForTitle,
} from './support/shell.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await chromium.newContext();
  page = await context.newPage();
});

const SETTINGS_FOR_MANAGERS = [
  'Assignment Rules',
  'Courses',
  'Departments',
  'File Management',
  'Notification Templates',
];
const SETTINGS_FOR_SITE_ADMINS = [
  'Automated Reports',
  'Custom Fields',
  'Email Settings',
  'HRIS Integration',
  'SSO Integration',
  'Company',
];

describe('the side navigation shows exactly what each role may use (spec §2)', () => {
  test.each([
    ['Reviewer of Acme', demoUser('acme', 'reviewer')],
    ['Department Manager of Acme', demoUser('acme', 'dm')],
  ])('%s: reports, people and assignments; no History, no Settings', async (_role, user) => {
    await signInToConsole(page, user);
    expect(await sideNavLabels(page)).toEqual([
      'Reports',
      'Assessment Reports',
      'Users',
      'Assignments',
      'Notifications',
      'Logout',
    ]);
  });

  test('Company Manager of Acme (question reports on): Settings without the site-admin items', async () => {
    await signInToConsole(page, demoUser('acme', 'cm'));
    expect(await sideNavLabels(page)).toEqual([
      'Reports',
      'Assessment Reports',
      'Users',
      'Assignments',
      'Notifications',
      'Settings',
      ...SETTINGS_FOR_MANAGERS,
      'Logout',
    ]);
  });

  test("Company Manager of Cedar Clinics: no Assessment Reports, the department item is the company's plural label", async () => {
    await signInToConsole(page, demoUser('cedar', 'cm'));
    expect(await sideNavLabels(page)).toEqual([
      'Reports',
      'Users',
      'Assignments',
      'Notifications',
      'Settings',
      'Assignment Rules',
      'Courses',
      'Clinics',
      'File Management',
      'Notification Templates',
      'Logout',
    ]);
  });

  test('Reviewer of Borealis Bank: no Assessment Reports', async () => {
    await signInToConsole(page, demoUser('borealis', 'reviewer'));
    expect(await sideNavLabels(page)).toEqual(['Reports', 'Users', 'Assignments', 'Notifications', 'Logout']);
  });

  test('site admin: History and every Settings item, in the spec order', async () => {
    await signInToConsole(page, SITE_ADMIN);
    expect(await sideNavLabels(page)).toEqual([
      'Reports',
      'Users',
      'Assignments',
      'Notifications',
      'History',
      'Audit Logs',
      'Course Activity',
      'Settings',
      ...SETTINGS_FOR_MANAGERS,
      ...SETTINGS_FOR_SITE_ADMINS,
      'Logout',
    ]);
  });

  test('groups start closed outside them, open inside them, and open and close on demand', async () => {
    await signInToConsole(page, SITE_ADMIN);
    const history = page.getByRole('button', { name: 'History' });
    const settings = page.getByRole('button', { name: 'Settings' });
    await expect(history.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(settings.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('link', { name: 'Audit Logs' }).isVisible()).resolves.toBe(false);

    await openNavGroup(page, 'History');
    await page.getByRole('link', { name: 'Audit Logs' }).click();
    await page.waitForURL(`${baseUrl}/admin/history/audit`);
    await history.click();
    await expect(history.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.getByRole('link', { name: 'Audit Logs' }).waitFor({ state: 'hidden' });

    // A fresh load inside a group opens that group only.
    await page.goto('/admin/settings/email');
    await consoleReady(page);
    await expect(page.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'History' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('link', { name: 'Email Settings' }).getAttribute('aria-current')).resolves.toBe('page');
  });
});

/** Every route of spec §2 inside the frame, with the title its page shows. */
const ROUTES: { path: string; title: string; allowed: 'all' | 'dm' | 'cm' | 'site-admin' }[] = [
  { path: '/', title: 'Home', allowed: 'all' },
  { path: '/users', title: 'Users', allowed: 'all' },
  { path: '/users/import/', title: 'User Imports', allowed: 'dm' },
  { path: '/users/import/new', title: 'New Import', allowed: 'dm' },
  { path: '/assignments', title: 'Assignments', allowed: 'all' },
  { path: '/assignments/new', title: 'New Assignment', allowed: 'dm' },
  { path: '/notifications', title: 'Notifications', allowed: 'all' },
  { path: '/history/course-activity', title: 'Course Activity', allowed: 'site-admin' },
  { path: '/history/audit', title: 'Audit Logs', allowed: 'site-admin' },
  { path: '/settings/automated-reports', title: 'Automated Reports', allowed: 'site-admin' },
  { path: '/settings/fields', title: 'Custom Fields', allowed: 'site-admin' },
  { path: '/settings/courses', title: 'Courses', allowed: 'dm' },
  { path: '/settings/courses/new', title: 'New Course', allowed: 'site-admin' },
  { path: '/settings/courses/12', title: 'Edit Course', allowed: 'site-admin' },
  { path: '/settings/departments', title: '(departments)', allowed: 'dm' },
  { path: '/settings/hris', title: 'HRIS Integration', allowed: 'site-admin' },
  { path: '/settings/saml', title: 'Single Sign On', allowed: 'site-admin' },
  { path: '/settings/templates', title: 'Notification Templates', allowed: 'dm' },
  { path: '/settings/company', title: 'Edit Company', allowed: 'site-admin' },
  { path: '/settings/company/new', title: 'Add New Company', allowed: 'site-admin' },
  { path: '/settings/email', title: 'Email Settings', allowed: 'site-admin' },
  { path: '/settings/rules', title: 'Assignment Rules', allowed: 'cm' },
  { path: '/assignment-rules', title: 'Assignment Rules', allowed: 'cm' },
  { path: '/settings/file-management', title: 'File Management', allowed: 'cm' },
  { path: '/assessment', title: 'Assessment Reports', allowed: 'all' },
  { path: '/assessment/learners', title: 'Learners', allowed: 'all' },
  { path: '/assessment/episodes', title: 'Topics', allowed: 'all' },
];

const RANK = { reviewer: 0, dm: 1, cm: 2, 'site-admin': 3 } as const;
const NEEDS = { all: 0, dm: 1, cm: 2, 'site-admin': 3 } as const;

describe('every route ends where the access rules say (spec §2, §4, §6)', () => {
  test.each([
    ['reviewer', demoUser('acme', 'reviewer'), 'Departments'],
    ['dm', demoUser('borealis', 'dm'), 'Branches'],
    ['cm', demoUser('cedar', 'cm'), 'Clinics'],
    ['site-admin', SITE_ADMIN, 'Departments'],
  ] as const)(
    'as %s',
    // 27 cold starts of the console in one test; a Reviewer or Department Manager lands on the Home
    // dashboard (13 report calls and their charts) for each route they may not open.
    { timeout: 120_000 },
    async (role, user, departmentsTitle) => {
      await signInToConsole(page, user);
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const route of ROUTES) {
        await page.goto(`/admin${route.path}`);
        // The frame and the page's title, not consoleReady: the header's controls come once the browser
        // is idle (decision 057), which on the dashboard is after every widget has drawn.
        await page.getByTestId('side-nav').waitFor();
        const title = route.title === '(departments)' ? departmentsTitle : route.title;
        const allowed = RANK[role] >= NEEDS[route.allowed];
        await page.waitForFunction((t) => document.title === t, `Heed Admin | ${allowed ? title : 'Home'}`);
        const heading = await page.getByTestId('page-title').textContent();
        outcomes.push(`${route.path} → ${HOME.test(page.url()) ? 'home' : pathOf(page)} "${heading}"`);
        expected.push(
          `${route.path} → ${allowed && route.path !== '/' ? `/admin${route.path}` : 'home'} "${allowed ? title : 'Home'}"`,
        );
      }
      expect(outcomes).toEqual(expected);
    },
  );

  test('a Student is sent to the learner portal, whatever console page they ask for', async () => {
    const student = demoUser('acme', 'student');
    await page.goto('/login');
    await submitSignIn(page, student.login, student.password);
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    for (const path of ['/admin', '/admin/users', '/admin/history/audit', '/admin/no/such/page']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'My Courses' }).waitFor();
      expect(pathOf(page)).toBe('/');
    }
  });

  test('nobody signed in: the learner login with the intended path, /admin prefix and query included', async () => {
    await page.goto('/admin/settings/departments?tab=2');
    await page.waitForURL(/\/login\?/);
    expect(pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/admin/settings/departments?tab=2')}`);
    await submitSignIn(page, demoUser('cedar', 'dm').login, demoUser('cedar', 'dm').password);
    await page.waitForURL(`${baseUrl}/admin/settings/departments?tab=2`);
    await consoleReady(page);
    await waitForTitle(page, 'Heed Admin | Clinics');
  });

  test('a navigation inside the running console is guarded like a fresh load', async () => {
    await signInToConsole(page, demoUser('acme', 'reviewer'), '/admin/users');
    // Back/forward-style navigation: React Router reads the new address without reloading the page.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/users/import/new');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(HOME);
    await page.waitForFunction(() => document.title === 'Heed Admin | Home');
  });

  test("Update Profile opens the user's own record on the Users page", async () => {
    await signInToConsole(page, demoUser('acme', 'reviewer'));
    const { id } = await page.evaluate(() =>
      fetch('/api/v3/me')
        .then((r) => r.json())
        .then((b) => b.data),
    );
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Update Profile' }).click();
    await page.waitForURL(`${baseUrl}/admin/users?edit=${id}`);
    await waitForTitle(page, 'Heed Admin | Users');
  });
});

describe('titles, breadcrumbs, other pages', () => {
  test('a page with parents shows breadcrumbs; the last crumb is the heading and no link', async () => {
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users/import/new');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link').allInnerTexts()).resolves.toEqual(['Users', 'User Imports']);
    await expect(crumbs.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('New Import');
    await expect(crumbs.getByRole('link', { name: 'New Import' }).count()).resolves.toBe(0);
    await crumbs.getByRole('link', { name: 'User Imports' }).click();
    await page.waitForURL(`${baseUrl}/admin/users/import/`);
    await waitForTitle(page, 'Heed Admin | User Imports');
  });

  test.each([
    ['/admin/assessment/learners', 'Learners'],
    ['/admin/assessment/episodes', 'Topics'],
  ])('%s crumbs back to Assessment Reports', async (path, title) => {
    await signInToConsole(page, demoUser('acme', 'reviewer'), path);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await crumbs.getByRole('link', { name: 'Assessment Reports' }).click();
    await page.waitForURL(`${baseUrl}/admin/assessment`);
    await waitForTitle(page, 'Heed Admin | Assessment Reports');
    // A page without parents shows its title and no breadcrumbs.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Assessment Reports');
  });

  test('Automated Reports opens its list of scheduled reports', async () => {
    await signInToConsole(page, SITE_ADMIN, '/admin/settings/automated-reports');
    await waitForTitle(page, 'Heed Admin | Automated Reports');
    await page.getByRole('button', { name: 'New automated report' }).first().waitFor();
  });

  test('an unknown path, or a course id that is no number, shows the not-found page inside the frame', async () => {
    await signInToConsole(page, SITE_ADMIN, '/admin/no/such/page');
    await page.getByTestId('not-found-page').getByText('Page not found').waitFor();
    await waitForTitle(page, 'Heed Admin | Page not found');
    await page.goto('/admin/settings/courses/not-a-number');
    await consoleReady(page);
    await page.getByTestId('not-found-page').waitFor();
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await page.waitForURL(HOME);
  });

  test('the page scrolls to the top on every navigation', async () => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await signInToConsole(page, SITE_ADMIN, '/admin/users');
    await page.waitForFunction(() => {
      window.scrollTo(0, document.body.scrollHeight);
      return window.scrollY > 0;
    });
    await page.getByRole('link', { name: 'Assignments' }).click();
    await page.waitForURL(`${baseUrl}/admin/assignments`);
    await page.waitForFunction(() => window.scrollY === 0);
  });
});

describe('pages outside the frame', () => {
  test('/public/assignments needs no sign-in', async () => {
    await page.goto('/admin/public/assignments?token=abc');
    await page.getByRole('heading', { level: 1, name: 'Assignment Details' }).waitFor();
    await waitForTitle(page, 'Heed Admin | Assignment Details');
    expect(pathOf(page)).toBe('/admin/public/assignments?token=abc');
  });

  test('/logout while signed out simply ends at the login page', async () => {
    await page.goto('/admin/logout');
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
  });

  test('/error shows the error page without a sign-in', async () => {
    await page.goto('/admin/error');
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await waitForTitle(page, 'Heed Admin | Error');
  });
});

describe('a page file that fails to load (spec §8)', () => {
  test('reloads the page once; when that does not help, says so instead of reloading again', async () => {
    await signInToConsole(page, SITE_ADMIN);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.route('**/assets/audit-logs-page-*.js', (route) => route.abort());
    await openNavGroup(page, 'History');
    await page.getByRole('link', { name: 'Audit Logs' }).click();
    await page.getByText('This page could not be shown').waitFor();
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(loads).toBe(1);
    await page
      .getByText(
        'An unexpected error occurred while processing your request. Please try again or contact Support if the problem continues.',
      )
      .first()
      .waitFor();
    expect(pathOf(page)).toBe('/admin/history/audit');

    await page.unroute('**/assets/audit-logs-page-*.js');
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByLabel('Search the audit log').waitFor();
    await waitForTitle(page, 'Heed Admin | Audit Logs');
  });

  test('a failure that the reload heals (a new release) ends on the page asked for', async () => {
    await signInToConsole(page, SITE_ADMIN);
    // The reload is the next document request of the tab; in-app navigations make none.
    let reloaded = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloaded = true;
    });
    await page.route('**/assets/hris-page-*.js', (route) => (reloaded ? route.continue() : route.abort()));
    await openNavGroup(page, 'Settings');
    // An in-app navigation fires no load event: this one is the reload.
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'HRIS Integration' }).click()]);
    await page.getByText(/Okta, Entra ID, Workday or BambooHR create/).waitFor();
    await waitForTitle(page, 'Heed Admin | HRIS Integration');
    expect(reloaded).toBe(true);
    expect(pathOf(page)).toBe('/admin/settings/hris');
  });
});
