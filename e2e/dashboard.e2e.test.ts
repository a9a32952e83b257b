import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchChromium, newContext, submitSignIn } from './support/browser.ts';
import { demoUser } from './support/demo-users.ts';

// The Home dashboard (issue 18): every widget renders from its own /reports/assignments/* call in
// light and dark mode with no console error, axe finds no serious issue, a number drills into the
// assignments list with its filter, and a widget's export downloads.

const baseUrl = inject('baseUrl');
let browser: Browser;

const WIDGETS = [
  'status-counts',
  'completion-history',
  'recertification',
  'department-summary',
  'attribute-summary',
  'completion-benchmark',
  'score-benchmark',
  'leaderboard-summary',
  'leaderboard',
  'course-summary',
  'user-completion-summary',
];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function signInAsCompanyManager(page: Page) {
  const cm = demoUser('acme', 'cm');
  await page.goto('/login');
  await submitSignIn(page, cm.login, cm.password);
  await page.waitForURL(`${baseUrl}/admin`);
}

/** Every widget has left its loading skeleton. */
async function widgetsLoaded(page: Page) {
  for (const report of WIDGETS) {
    const widget = page.locator(`[data-widget="${report}"]`);
    await widget.waitFor();
    await expect.poll(() => widget.locator('[aria-label^="Loading"]').count(), { timeout: 20_000 }).toBe(0);
  }
}

describe.each(['light', 'dark'] as const)('the dashboard in %s mode', (colorScheme) => {
  test('renders every widget with no console error and no serious accessibility issue', async () => {
    const context = await newContext(browser, baseUrl, { colorScheme });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    const reportCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v3/reports/assignments/')) reportCalls.push(request.url());
    });
    await signInAsCompanyManager(page);
    await page.getByRole('heading', { name: 'Reports dashboard' }).waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(colorScheme);
    await widgetsLoaded(page);
    for (const report of WIDGETS)
      expect(
        await page
          .locator(`[data-widget="${report}"]`)
          .getByText(/could not be (loaded|shown)/)
          .count(),
      ).toBe(0);
    await expect(page.getByRole('img', { name: 'Assignments and completions by month' }).count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    // The route's loader asks for every report once, and the widgets take the answers over.
    expect(new Set(reportCalls.map((url) => new URL(url).pathname.split('/').at(-1)))).toEqual(new Set(WIDGETS));
    expect(reportCalls.length).toBe(new Set(reportCalls).size);
    await context.close();
  });
});

/** Reads the Overdue figure the dashboard drew from its status-counts call, clicks it and finds that total in the list. */
async function drillIntoOverdue(page: Page, counts: Promise<{ json(): Promise<unknown> }>) {
  const { data } = (await (await counts).json()) as { data: { overdue: number } };
  const count = data.overdue.toLocaleString('en');
  await page.getByRole('link', { name: `Overdue: ${count}, open the assignments` }).click();
  await page.waitForURL(/\/admin\/assignments\?field\[status\]=overdue/);
  await page.getByText(new RegExp(`of ${count} assignments`)).waitFor();
  return data.overdue;
}

test('a number drills into the assignments list with its filter, deactivated learners as the dashboard counts them', async () => {
  const context = await newContext(browser, baseUrl, { colorScheme: 'light' });
  const page = await context.newPage();
  // Active learners only, as the dashboard opens: the link says field[learner_status]=active.
  const activeCounts = page.waitForResponse(
    (response) => response.url().includes('/status-counts') && !response.url().includes('include_deactivated=1'),
  );
  await signInAsCompanyManager(page);
  const active = await drillIntoOverdue(page, activeCounts);
  expect(page.url()).toContain('field[learner_status]=active');
  await page.getByRole('button', { name: /Learner status/ }).waitFor();
  // Then with "Include deactivated users" ticked: no learner filter, the demo's deactivated learners count.
  await page.goto('/admin');
  const allCounts = page.waitForResponse(
    (response) => response.url().includes('/status-counts?') && response.url().includes('include_deactivated=1'),
  );
  await page.getByRole('checkbox', { name: 'Include deactivated users' }).click();
  const all = await drillIntoOverdue(page, allCounts);
  expect(page.url()).not.toContain('learner_status');
  expect(all).toBeGreaterThanOrEqual(active);
  await context.close();
});

test('a widget exports its table as CSV', async () => {
  const context = await newContext(browser, baseUrl, { colorScheme: 'light' });
  const page = await context.newPage();
  await signInAsCompanyManager(page);
  const card = page.locator('[data-widget="course-summary"]');
  await card.locator('table').waitFor();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export Courses' }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^course-summary-\d{4}-\d{2}-\d{2}\.csv$/);
  await context.close();
});
