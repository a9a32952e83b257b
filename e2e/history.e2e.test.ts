import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { signInToConsole } from './support/shell.ts';

// History and assessment pages (issue 18): the site admin reads the audit log and the course activity
// of the demo's Acme, opens an entry's diff, pages back in time; Acme's Company Manager reads the
// assessment reports down to a question's answer bars; Borealis (no question reports) never sees them.

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

async function open(login: { login: string; password: string }, path: string) {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, login, path);
}

/** The site admin acts on Acme (the header's company selector stores it per window). */
async function actOnAcme() {
  const companies = await page.evaluate(async () => (await (await fetch('/api/v3/companies?name=Acme')).json()).data);
  await page.evaluate((id: number) => {
    sessionStorage.setItem('heed.company', String(id));
    localStorage.setItem('heed.last-company', String(id));
  }, companies[0].id);
}

test('a site admin reads the audit log newest first, opens a diff and pages back in time', async () => {
  await open(SITE_ADMIN, '/admin');
  await actOnAcme();
  await page.goto(`${baseUrl}/admin/history/audit`);
  const table = page.getByRole('table', { name: 'Audit log' });
  await table.locator('tbody tr').first().waitFor();
  const times = await table.locator('tbody tr td:nth-child(1)').allInnerTexts();
  const parsed = times.map((t) => Date.parse(t.replace(' UTC', '')));
  expect(parsed).toEqual([...parsed].sort((a, b) => b - a));
  await page.getByRole('button', { name: 'Older' }).click();
  await expect.poll(() => page.getByText(/^Entries 26–/).count()).toBe(1);
  await page.getByRole('button', { name: 'Filter by entity' }).click();
  await page.getByRole('checkbox', { name: 'user', exact: true }).click();
  await page.keyboard.press('Escape');
  // The filter's popover is a dialog too ("Entity"): it closes before the entry's drawer opens.
  await expect.poll(() => page.getByRole('dialog', { name: /^Entity/ }).count()).toBe(0);
  await table.locator('tbody tr').first().locator('td').first().click();
  await page.getByRole('dialog').getByText('Changes', { exact: true }).waitFor();
});

test('a site admin reads course activity in master_id order and narrows it to one event', async () => {
  await open(SITE_ADMIN, '/admin');
  await actOnAcme();
  await page.goto(`${baseUrl}/admin/history/course-activity`);
  const table = page.getByRole('table', { name: 'Course activity' });
  await table.locator('tbody tr').first().waitFor();
  const ids = (await table.locator('tbody tr td:nth-child(1)').allInnerTexts()).map(Number);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Filter by event' }).click();
  await page.getByRole('checkbox', { name: 'Completed' }).click();
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => new Set(await table.locator('tbody tr td:nth-child(5)').allInnerTexts()))
    .toEqual(new Set(['Completed']));
});

test("Acme's Company Manager drills from a course into its topics and answer bars", async () => {
  await open(demoUser('acme', 'cm'), '/admin/assessment');
  const courses = page.getByRole('table', { name: 'Question results per course' });
  await courses.locator('tbody tr').first().waitFor();
  await courses.getByRole('link', { name: 'Topics' }).first().click();
  await page.getByRole('region', { name: 'Hardest questions' }).waitFor();
  await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(1);
  await page.goto(`${baseUrl}/admin/assessment/learners`);
  await page.getByRole('table', { name: 'Scores per learner and course' }).locator('tbody tr').first().waitFor();
});

test('a company without question reports has no Assessment Reports', async () => {
  await open(demoUser('borealis', 'cm'), '/admin/assessment');
  await page.getByText('Assessment reports are not enabled for this company.', { exact: false }).waitFor();
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Assessment Reports' }).count()).toBe(0);
});
