import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { currentUser } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, pathOf, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

interface UsersAnswer {
  data: { id: number; name: string; last_name: string; department: { name: string } | null }[];
  meta: { total: number; last_page: number };
}

/** The Operations subtree of the demo's Acme Manufacturing (apps/api/src/db/seed/demo-companies.ts). */
const OPERATIONS_SUBTREE = [
  'Operations',
  'Plant A',
  'Line 1',
  'Line 2',
  'Maintenance',
  'Plant B',
  'Line 3',
  'Line 4',
  'Logistics',
  'Warehouse',
  'Transport',
];

afterEach(async () => {
  // Leave no saved view behind for the other journeys that open /admin/users.
  await apiFromPage(page, 'DELETE', '/users/preferences?name=users-list').catch(() => {});
  await context?.close();
});

async function openUsers(login: ReturnType<typeof demoUser>) {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, login, '/admin/users');
  await table().waitFor();
  await page.getByTestId('list-range').waitFor();
}

const table = () => page.getByRole('table', { name: 'Users' });
const bodyRows = () => table().locator('tbody tr:not([aria-hidden])');
const range = async () => (await page.getByTestId('list-range').textContent()) ?? '';
/** The text of one column, by its header's position. */
async function columnTexts(header: string): Promise<string[]> {
  const headers = (await table().locator('thead th').allInnerTexts()).map((text) => text.trim().toLowerCase());
  const index = headers.indexOf(header.toLowerCase());
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return bodyRows()
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();
}
/** Waits until the table shows the answer for the address (the previous rows stay, dimmed, meanwhile). */
const settled = () => page.waitForSelector('table[aria-label="Users"]:not([aria-busy])');
const count = (n: number) => n.toLocaleString('en-US');

describe('the users list', () => {
  test('shows 25 users and the real total; sorts by last name; the text filter narrows; pages; back works', async () => {
    await openUsers(demoUser('acme', 'cm'));
    const all = (await apiFromPage<UsersAnswer>(page, 'GET', '/users?per_page=1')).json.meta.total;
    expect(all).toBeGreaterThan(100);
    await expect(bodyRows().count()).resolves.toBe(25);
    await expect(range()).resolves.toBe(`1–25 of ${count(all)} users`);

    // Sorting by name asks the server for last_name order: the rows become the server's first 25 by last name.
    const byId = await columnTexts('Name');
    await table().getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForURL(/sort=last_name&order=asc/);
    const byLastName = (await apiFromPage<UsersAnswer>(page, 'GET', '/users?sort=last_name&order=asc')).json.data;
    await expect.poll(() => columnTexts('Name')).toEqual(byLastName.map((user) => user.name));
    expect(byLastName.map((user) => user.name)).not.toEqual(byId);
    const lastNames = byLastName.map((user) => user.last_name);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await expect(
      table().getByRole('columnheader', { name: 'Name', exact: true }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');

    // The text filter narrows to what the server finds for that text.
    const me = await currentUser(page);
    const found = (await apiFromPage<UsersAnswer>(page, 'GET', `/users?text=${encodeURIComponent(me.last_name)}`)).json;
    expect(found.meta.total).toBeLessThan(all);
    await page.getByRole('searchbox', { name: 'Filter users' }).fill(me.last_name);
    await page.waitForURL(new RegExp(`text=${me.last_name}`));
    await expect.poll(range).toMatch(new RegExp(` of ${count(found.meta.total)} users?$`));
    await settled();
    for (const name of await columnTexts('Name')) expect(name).toContain(me.last_name);

    // Next page, and the back button returns to the filtered first page.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.search.includes('text='));
    await expect.poll(range).toBe(`1–25 of ${count(all)} users`);
    await settled();
    const firstPage = await columnTexts('Name');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(range).toBe(`26–50 of ${count(all)} users`);
    await settled();
    const secondPage = await columnTexts('Name');
    expect(secondPage).toHaveLength(25);
    expect(secondPage.filter((name) => firstPage.includes(name)).length).toBeLessThan(25);

    await page.goBack();
    await expect.poll(range).toBe(`1–25 of ${count(all)} users`);
    expect(pathOf(page)).not.toContain('page=2');
  });

  test('sorts by department and by manager as the server does; a custom field from "More filters" opens at once', async () => {
    await openUsers(demoUser('acme', 'cm'));
    await table().getByRole('button', { name: 'Department', exact: true }).click();
    await page.waitForURL(/sort=department&order=asc/);
    const byDepartment = (await apiFromPage<UsersAnswer>(page, 'GET', '/users?sort=department&order=asc')).json.data;
    await expect.poll(() => columnTexts('Name')).toEqual(byDepartment.map((user) => user.name));
    const departments = byDepartment.map((user) => user.department?.name ?? '');
    expect(departments).toEqual([...departments].sort());
    await page.goto('/admin/users?sort=manager&order=desc');
    const byManager = (await apiFromPage<UsersAnswer>(page, 'GET', '/users?sort=manager&order=desc')).json.data;
    await expect.poll(() => columnTexts('Name')).toEqual(byManager.map((user) => user.name));

    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('menuitem', { name: 'Location' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Location' }).getByRole('checkbox', { name: 'Remote' }).isVisible(),
    ).resolves.toBe(true);
    // Close the Location filter first: a click outside it closes it and re-renders the chips, which
    // would close the menu that same click opened.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Location' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('menuitem', { name: 'Employee ID' }).click();
    await page.getByRole('dialog', { name: 'Employee ID' }).getByRole('textbox', { name: 'Value' }).waitFor();
  });

  test('a column hidden in the chooser stays hidden after a reload: the view is saved on the server', async () => {
    await openUsers(demoUser('acme', 'cm'));
    await expect(columnTexts('Username')).resolves.toHaveLength(25);

    await page.getByRole('button', { name: 'Columns' }).click();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/v3/users/preferences') && response.request().method() === 'POST',
    );
    await page.getByRole('checkbox', { name: 'Username' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Username' }).isChecked()).resolves.toBe(false);
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');

    await page.reload();
    await table().waitFor();
    await page.getByTestId('list-range').waitFor();
    const headers = (await table().locator('thead th').allInnerTexts()).map((text) => text.trim().toLowerCase());
    expect(headers).toContain('email');
    expect(headers).not.toContain('username');
    const stored = await apiFromPage<{ data: { value: { columns: string[] } } }>(
      page,
      'GET',
      '/users/preferences?name=users-list&data_type=json',
    );
    expect(stored.json.data.value.columns).not.toContain('username');

    // Reset view forgets it.
    await page.getByRole('button', { name: 'Reset view' }).click();
    await table().locator('thead th', { hasText: 'Username' }).waitFor();
    await expect(apiFromPage(page, 'GET', '/users/preferences?name=users-list')).resolves.toMatchObject({
      json: { data: null },
    });
  });

  test('a Department Manager only sees the users of their department subtree', async () => {
    await openUsers(demoUser('acme', 'dm'));
    const first = (await apiFromPage<UsersAnswer>(page, 'GET', '/users?per_page=500')).json;
    await expect(range()).resolves.toBe(`1–25 of ${count(first.meta.total)} users`);
    const everyone = [...first.data];
    for (let p = 2; p <= first.meta.last_page; p++) {
      everyone.push(...(await apiFromPage<UsersAnswer>(page, 'GET', `/users?per_page=500&page=${p}`)).json.data);
    }
    expect(everyone).toHaveLength(first.meta.total);

    const departments = new Set(everyone.map((user) => user.department?.name ?? '(none)'));
    expect([...departments].every((name) => OPERATIONS_SUBTREE.includes(name))).toBe(true);
    expect(departments.size).toBeGreaterThan(3);
    for (const name of await columnTexts('Department')) expect(OPERATIONS_SUBTREE).toContain(name);

    // The company has more people than the Department Manager's subtree.
    const outside = await apiFromPage(page, 'GET', '/users?text=acme.cm');
    expect(outside.json).toMatchObject({ meta: { total: 0 } });
  });
});
