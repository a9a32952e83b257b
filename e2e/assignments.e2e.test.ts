import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await apiFromPage(page, 'DELETE', '/users/preferences?name=assignments-list').catch(() => {});
  await context?.close();
});

async function open(login: ReturnType<typeof demoUser>, path: string) {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, login, path);
}

const table = () => page.getByRole('table', { name: 'Assignments' });

/** The cells of the column headed `name`, found by its header: a manager's table starts with a selection column. */
async function columnTexts(name: string): Promise<string[]> {
  const headers = (await table().locator('thead tr').first().locator('th').allTextContents()).map((h) => h.trim());
  const column = headers.indexOf(name);
  if (column < 0) throw new Error(`no column "${name}" in ${JSON.stringify(headers)}`);
  return table()
    .locator(`tbody tr > :nth-child(${column + 1})`)
    .allInnerTexts();
}

test('a Company Manager filters the overdue assignments, then assigns a course to a department, never twice', async () => {
  await open(demoUser('acme', 'cm'), '/admin/assignments');
  await table().locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: 'Filter by status' }).click();
  await page.getByRole('checkbox', { name: 'Overdue' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('field[status]=overdue');
  await expect.poll(async () => new Set(await columnTexts('Status'))).toEqual(new Set(['Overdue']));

  await page.getByRole('link', { name: 'Create assignment' }).first().click();
  await page.getByRole('button', { name: 'Choose departments' }).click();
  await page.getByRole('dialog').getByRole('treeitem', { name: 'Warehouse' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => page.getByTestId('learner-count').textContent()).toMatch(/\d+ learners? picked/);
  await page.getByRole('button', { name: 'Choose courses' }).click();
  await page.getByRole('dialog').getByRole('searchbox').fill('Fire Safety');
  await page.getByRole('dialog').getByRole('treeitem', { name: 'Fire Safety', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByText(/assignments? created/).waitFor();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'created' }).textContent())
    .toContain('0 assignments created');
  await expect.poll(() => page.getByText(/Already assigned/).count()).toBeGreaterThan(0);
});

test('a Reviewer reads the assignments and is offered nothing to create', async () => {
  await open(demoUser('acme', 'reviewer'), '/admin/assignments');
  await table().locator('tbody tr').first().waitFor();
  await expect(page.getByRole('link', { name: 'Create assignment' }).count()).resolves.toBe(0);
});
