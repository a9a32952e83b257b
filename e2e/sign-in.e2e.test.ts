import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { currentUser, submitSignIn } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await chromium.newContext();
  page = await context.newPage();
});

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The console shows the signed-in user's full name in its header. */
async function expectConsoleFor(page: Page) {
  const me = await currentUser(page);
  await expect(page.title()).resolves.toMatch(/^Heed Admin/);
  await page.getByTestId('signed-in-user').getByText(`${me.first_name} ${me.last_name}`, { exact: true }).waitFor();
  return me;
}

describe('signing in through /login', () => {
  test.each([
    ['Company Manager', demoUser('acme', 'cm')],
    ['Department Manager', demoUser('acme', 'dm')],
    ['Reviewer', demoUser('acme', 'reviewer')],
    ['site admin', SITE_ADMIN],
  ])('a %s lands on the console and sees their name', async (_role, user) => {
    await page.goto('/login');
    await submitSignIn(page, user.login, user.password);
    await page.waitForURL(`${baseUrl}/admin`);
    const me = await expectConsoleFor(page);
    expect(me.username).toBe(user.login);
    await page.waitForFunction(() => document.title === 'Heed Admin | Home');
  });

  test('a Student lands on My Courses, greeted by first name', async () => {
    const student = demoUser('borealis', 'student');
    await page.goto('/login');
    await submitSignIn(page, student.login, student.password);
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    expect(pathOf(page)).toBe('/');
    const me = await currentUser(page);
    await page.getByText(`Welcome, ${me.first_name}.`).waitFor();
  });

  test('staff may sign in with their e-mail address, using only the keyboard', async () => {
    const manager = demoUser('cedar', 'cm');
    await page.goto('/login');
    await expect(page.getByLabel('Username or e-mail').evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    );
    await page.keyboard.type(manager.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(manager.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/admin`);
    await expectConsoleFor(page);
  });

  test('a wrong password shows why, keeps what was typed, and stays on the page', async () => {
    await page.goto('/login');
    await submitSignIn(page, 'acme.cm', 'not-the-password');
    await page.getByRole('alert').getByText('These credentials do not match our records.').waitFor();
    expect(pathOf(page)).toBe('/login');
    await expect(page.getByLabel('Username or e-mail').inputValue()).resolves.toBe('acme.cm');
  });

  test('empty fields are named beside the fields, without a call to the server', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter your username or e-mail.').waitFor();
    await page.getByText('Enter your password.').waitFor();
  });

  test('the forgot-password link leads to the reset page', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(pathOf(page)).toBe('/password/forgot');
  });

  test('an unknown learner-side path shows the not-found page', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});

describe('the console while signed out', () => {
  test('/admin sends the visitor to /login, and signing in returns them to the page they asked for', async () => {
    const refused: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && path !== '/api/v3/me') refused.push(`${response.status()} ${path}`);
    });
    await page.goto('/admin/users?page=2');
    await page.waitForURL(/\/login\?/);
    expect(pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/admin/users?page=2')}`);
    await page.getByText('Sign in to continue to Heed Admin.').waitFor();
    // Only the session check answers "nobody is signed in": the page's own data waits for it.
    expect(refused).toEqual([]);

    const manager = demoUser('acme', 'cm');
    await submitSignIn(page, manager.login, manager.password);
    await page.waitForURL(`${baseUrl}/admin/users?page=2`);
    await expectConsoleFor(page);
  });

  test('a Student who opens /admin is taken to My Courses', async () => {
    const student = demoUser('acme', 'student');
    await page.goto('/admin/users');
    await page.waitForURL(/\/login\?/);
    await submitSignIn(page, student.login, student.password);
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    expect(pathOf(page)).toBe('/');

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });
});

describe('signing out', () => {
  test('from the console ends the session: /admin asks for a sign-in again', async () => {
    const reviewer = demoUser('cedar', 'reviewer');
    await page.goto('/login');
    await submitSignIn(page, reviewer.login, reviewer.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect((await page.request.get('/api/v3/me')).status()).toBe(403);

    await page.goto('/admin');
    await page.waitForURL(/\/login\?redirect=%2Fadmin$/);
  });

  test('from My Courses, and the next person can sign in on the same browser', async () => {
    const student = demoUser('cedar', 'student');
    await page.goto('/login');
    await submitSignIn(page, student.login, student.password);
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    // The sign-out hands over a fresh token: the next sign-in is accepted at its first attempt (no 419 and retry).
    const refusedSignIns: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v3/login' && response.status() === 419) refusedSignIns.push(419);
    });

    await submitSignIn(page, SITE_ADMIN.login, SITE_ADMIN.password);
    await page.waitForURL(`${baseUrl}/admin`);
    const me = await expectConsoleFor(page);
    expect(me.username).toBe(SITE_ADMIN.login);
    expect(refusedSignIns).toEqual([]);
  });

  test('visiting My Courses while signed out goes to /login', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });
});

describe('impersonating a learner', () => {
  test('My Courses shows the way back, which returns the Company Manager to the console', async () => {
    const manager = demoUser('acme', 'cm');
    const student = demoUser('acme', 'student');
    await page.goto('/login');
    await submitSignIn(page, manager.login, manager.password);
    await page.waitForURL(`${baseUrl}/admin`);
    const found = await page.request.get(`/api/v3/users?text=${student.login}`);
    const studentId = (await found.json()).data.find((u: { username: string }) => u.username === student.login).id;
    const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const started = await page.request.post('/api/v3/login/as', {
      data: { user_id: studentId },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
    });
    expect(started.status()).toBe(200);

    await page.goto('/');
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    await page.getByText('Impersonating User').waitFor();
    await page.getByRole('button', { name: `Impersonating User Return to ${manager.login}` }).click();
    await page.waitForURL(`${baseUrl}/admin/users`);
    expect((await currentUser(page)).username).toBe(manager.login);
  });
});

describe('throttling', () => {
  // Uses 20 of the 100 failed sign-ins allowed per IP in 15 minutes; every test runs from 127.0.0.1.
  test('after too many failed attempts on an account the page says so', async () => {
    await page.goto('/login');
    const login = 'throttle-check@nowhere.test';
    const csrf = await page.request.get('/api/csrf-cookie');
    expect(csrf.status()).toBe(204);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    let last = 0;
    for (let attempt = 0; attempt < 25 && last !== 429; attempt++) {
      const response = await page.request.post('/api/v3/login', {
        data: { login, password: 'wrong-password' },
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
      });
      last = response.status();
    }
    expect(last).toBe(429);

    await submitSignIn(page, login, 'wrong-password');
    await page.getByRole('alert').getByText('Too many sign-in attempts. Please try again later.').waitFor();
  });
});
