#!/usr/bin/env node
// Starts Heed like the end-to-end tests do (real server, demo data, fresh SQLite), signs in, and saves
// PNGs of the sign-in page, My Courses and the console shell (pages, open menus and searches,
// impersonation, the session dialog) in light and dark mode at 1440 and 1024 px into ./screenshots/
// (git-ignored), then every console page (`pages-…`: a tour of the side navigation as the site admin).
// Run `npm run build` first.
// Usage: node scripts/screenshots.mjs [--only shell|pages|features]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { startHeed } = await tsImport('../e2e/support/server.ts', import.meta.url);
const { launchChromium, newContext, submitSignIn } = await tsImport('../e2e/support/browser.ts', import.meta.url);
const { SITE_ADMIN, demoUser } = await tsImport('../e2e/support/demo-users.ts', import.meta.url);
const { apiFromPage, consoleReady, signInToConsole } = await tsImport('../e2e/support/shell.ts', import.meta.url);

const outDir = resolve('screenshots');
mkdirSync(outDir, { recursive: true });

const WIDTHS = [1440, 1024];
const SCHEMES = ['light', 'dark'];

async function shoot(page, name) {
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  console.log(`  ${file}`);
}

/** Lets notices and transitions settle before a picture. */
const settle = (page) => page.waitForTimeout(400);

async function learnerSide(browser, heed, colorScheme, width, suffix) {
  const context = await newContext(browser, heed.url, { colorScheme, width, height: 800 });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fadmin');
  await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
  await shoot(page, `login-${suffix}`);

  await submitSignIn(page, 'acme.cm', 'not-the-password');
  await page.getByRole('alert').waitFor();
  await page.locator('button[type=submit]:not([data-loading])').waitFor();
  await shoot(page, `login-error-${suffix}`);

  const student = demoUser('acme', 'student');
  await submitSignIn(page, student.login, student.password);
  await page.getByRole('heading', { name: 'My Courses' }).waitFor();
  await shoot(page, `my-courses-${suffix}`);
  await context.close();
}

async function consoleShell(browser, heed, colorScheme, width, suffix) {
  const context = await newContext(browser, heed.url, { colorScheme, width, height: 800 });
  const page = await context.newPage();
  await signInToConsole(page, SITE_ADMIN);
  await settle(page);
  await shoot(page, `admin-home-${suffix}`);

  await page.goto('/admin/settings/email');
  await consoleReady(page);
  await settle(page);
  await shoot(page, `admin-settings-${suffix}`);

  await page.getByTestId('company-selector').click();
  await page.getByRole('option', { name: 'Acme Manufacturing' }).waitFor();
  await settle(page);
  await shoot(page, `admin-company-selector-${suffix}`);
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Acme Manufacturing' }).click()]);
  await consoleReady(page);

  await page.goto('/admin/assessment/learners');
  await consoleReady(page);
  if (width < 1200) await page.getByRole('button', { name: 'Search users' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill('smith');
  await page.getByRole('option').first().waitFor();
  await settle(page);
  await shoot(page, `admin-user-search-${suffix}`);
  await page.keyboard.press('Escape');

  await page.goto('/admin/no/such/page');
  await page.getByTestId('not-found-page').waitFor();
  await settle(page);
  await shoot(page, `admin-not-found-${suffix}`);

  const { json } = await apiFromPage(page, 'GET', '/users/all?text=cedar.cm');
  const target = json.data.find((user) => user.username === 'cedar.cm');
  await apiFromPage(page, 'POST', '/login/as', { user_id: target.id });
  await page.goto('/admin/settings/departments');
  await consoleReady(page);
  await page.getByTestId('impersonation-return').waitFor();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Update Profile' }).waitFor();
  await settle(page);
  await shoot(page, `admin-impersonating-${suffix}`);
  await page.keyboard.press('Escape');

  await context.clearCookies({ name: 'heed_session' });
  if (width < 1200) await page.getByRole('button', { name: 'Search users' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill('jones');
  await page.getByRole('dialog', { name: 'Session Timeout' }).waitFor();
  await settle(page);
  await shoot(page, `admin-session-timeout-${suffix}`);
  await context.close();
}

/** The users list (the console's list pattern): the table, then a selection and the column chooser. */
async function usersList(browser, heed, colorScheme, width, suffix) {
  const context = await newContext(browser, heed.url, { colorScheme, width, height: 800 });
  const page = await context.newPage();
  await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
  await page.getByTestId('list-range').waitFor();
  await settle(page);
  await shoot(page, `admin-users-${suffix}`);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: /^Select all .* matching$/ }).click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await settle(page);
  await shoot(page, `admin-users-selection-${suffix}`);
  await context.close();
}

/** Every page of the side navigation, as the site admin acting on Acme, once its data has loaded. */
const CONSOLE_PAGES = [
  ['home', '/admin'],
  ['assignments', '/admin/assignments'],
  ['notifications', '/admin/notifications'],
  ['assessment', '/admin/assessment'],
  ['assessment-learners', '/admin/assessment/learners'],
  ['assessment-topics', '/admin/assessment/episodes'],
  ['audit-logs', '/admin/history/audit'],
  ['course-activity', '/admin/history/course-activity'],
  ['assignment-rules', '/admin/settings/rules'],
  ['courses', '/admin/settings/courses'],
  ['departments', '/admin/settings/departments'],
  ['file-management', '/admin/settings/file-management'],
  ['templates', '/admin/settings/templates'],
  ['automated-reports', '/admin/settings/automated-reports'],
  ['custom-fields', '/admin/settings/fields'],
  ['email-settings', '/admin/settings/email'],
  ['hris', '/admin/settings/hris'],
  ['sso', '/admin/settings/saml'],
  ['company', '/admin/settings/company'],
];

async function consolePages(browser, heed, colorScheme, width, suffix) {
  const context = await newContext(browser, heed.url, { colorScheme, width, height: 900 });
  const page = await context.newPage();
  await signInToConsole(page, SITE_ADMIN);
  await page.getByTestId('company-selector').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Acme Manufacturing' }).click()]);
  await consoleReady(page);
  for (const [name, path] of CONSOLE_PAGES) {
    await page.goto(path);
    await consoleReady(page);
    await page.waitForLoadState('networkidle');
    await settle(page);
    await shoot(page, `pages-${name}-${suffix}`);
  }
  await context.close();
}

/** Views the tours miss: open filters and form fields (`features-…`), as a Company Manager. */
async function featureViews(browser, heed, colorScheme, width, suffix) {
  const context = await newContext(browser, heed.url, { colorScheme, width, height: 900 });
  const page = await context.newPage();
  await signInToConsole(page, demoUser('acme', 'cm'), '/admin/assignments');
  await page.getByRole('table', { name: 'Assignments' }).waitFor();
  await page.getByRole('button', { name: 'Learner fields' }).click();
  await page.getByRole('menu').waitFor();
  await settle(page);
  await shoot(page, `features-assignments-learner-fields-${suffix}`);
  await page.keyboard.press('Escape');

  // The list in course order (decision 098), and the custom field summary of a date and a text field (097).
  await page.goto('/admin/assignments?sort=course&order=asc');
  await page.getByRole('table', { name: 'Assignments' }).waitFor();
  await page.waitForLoadState('networkidle');
  await settle(page);
  await shoot(page, `features-assignments-by-course-${suffix}`);
  for (const field of ['forklift_licence_expires', 'employee_id']) {
    await page.goto(`/admin?attribute=${field}`);
    const widget = page.locator('[data-widget="attribute-summary"]');
    await widget.waitFor();
    await page.waitForLoadState('networkidle');
    await settle(page);
    await widget.screenshot({
      path: join(outDir, `features-attribute-${field}-${suffix}.png`),
      animations: 'disabled',
    });
  }

  await context.close();

  const admin = await newContext(browser, heed.url, { colorScheme, width, height: 900 });
  const adminPage = await admin.newPage();
  await signInToConsole(adminPage, SITE_ADMIN, '/admin/settings/automated-reports');
  await adminPage.getByRole('button', { name: 'New automated report' }).first().click();
  await adminPage.getByRole('dialog').waitFor();
  await settle(adminPage);
  await shoot(adminPage, `features-automated-report-form-${suffix}`);

  await adminPage.goto('/admin/settings/courses/new');
  await adminPage.getByText('Thumbnail').first().waitFor();
  await settle(adminPage);
  await shoot(adminPage, `features-course-new-${suffix}`);
  await admin.close();
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const heed = await startHeed();
const browser = await launchChromium();
try {
  console.log(`Heed at ${heed.url}; saving to ${outDir}`);
  for (const width of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      const suffix = `${colorScheme}-${width}`;
      if (only === 'features') {
        await featureViews(browser, heed, colorScheme, width, suffix);
        continue;
      }
      if (only !== 'pages') {
        await learnerSide(browser, heed, colorScheme, width, suffix);
        await consoleShell(browser, heed, colorScheme, width, suffix);
        await usersList(browser, heed, colorScheme, width, suffix);
      }
      if (only !== 'shell' && width === WIDTHS[0]) await consolePages(browser, heed, colorScheme, width, suffix);
    }
  }
} finally {
  await browser.close();
  await heed.stop();
}
