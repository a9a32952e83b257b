import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN } from './support/demo-users.ts';
import { companyIds, consoleReady, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;
let acme = 0;

afterEach(async () => {
  // Leave no field or saved view behind for the other journeys on the shared server.
  const fields = await api<{ data: { id: number; key: string }[] }>('GET', '/custom-fields').catch(() => null);
  const added = fields?.json.data.find((field) => field.key === 'badge_colour');
  if (added) await api('DELETE', `/custom-fields/${added.id}`);
  await api('DELETE', '/users/preferences?name=users-list').catch(() => {});
  await context?.close();
});

/** Calls the API as the console does, acting on Acme (the site admin's X-Company-ID). */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body, company }) => {
      const token = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Company-ID': String(company) };
      if (token) headers['X-XSRF-TOKEN'] = decodeURIComponent(token);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const response = await fetch(`/api/v3${path}`, { method, headers, body: payload });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body, company: acme },
  );
}

const dialog = () => page.getByRole('dialog');
const fieldRow = () => page.getByTestId('field-badge_colour');

describe('custom fields', () => {
  test('a site admin adds a select field, edits its options, and finds it as a column of the users table', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, SITE_ADMIN, '/admin/settings/fields');
    acme = (await companyIds(page))['Acme Manufacturing']!;
    await page.evaluate((id) => sessionStorage.setItem('heed.company', String(id)), acme);
    await page.reload();
    await consoleReady(page);
    await page.getByRole('table', { name: 'Custom fields' }).waitFor();

    await page.getByRole('button', { name: 'Add field' }).click();
    await dialog().getByRole('textbox', { name: 'Label' }).fill('Badge colour');
    expect(await dialog().getByRole('textbox', { name: 'Key' }).inputValue()).toBe('badge_colour');
    await dialog()
      .locator('label')
      .filter({ hasText: /^Select$/ })
      .click();
    await dialog().getByRole('textbox', { name: 'Option 1' }).fill('Red');
    await dialog().getByRole('textbox', { name: 'Option 1' }).press('Enter');
    await page.keyboard.type('Green');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Blu');
    await dialog().getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Badge colour added.').waitFor();
    await fieldRow().waitFor();
    expect(await fieldRow().getByRole('cell').nth(3).textContent()).toBe('Select3 options');

    // Someone picks the misspelt option; renaming it in the editor carries them along.
    const users = await api<{ data: { id: number }[] }>('GET', '/users?per_page=1&sort=id');
    const first = users.json.data[0]!.id;
    expect((await api('PUT', `/users/${first}`, { custom_fields: { badge_colour: 'Blu' } })).status).toBe(200);

    await page.getByRole('button', { name: 'Edit Badge colour' }).click();
    await dialog().getByRole('textbox', { name: 'Option 3' }).fill('Blue');
    await dialog().getByText('Renamed from “Blu”: its holders follow.').waitFor();
    await dialog().getByRole('button', { name: 'Add option' }).click();
    await dialog().getByRole('textbox', { name: 'Option 4' }).fill('Yellow');
    await dialog().getByRole('button', { name: 'Review changes' }).click();
    await page.getByText('Badge colour saved: 1 user given a new value.').waitFor();
    const fields = await api<{ data: { key: string; options: string[] | null }[] }>('GET', '/custom-fields');
    expect(fields.json.data.find((field) => field.key === 'badge_colour')?.options).toEqual([
      'Red',
      'Green',
      'Blue',
      'Yellow',
    ]);
    await expect.poll(async () => fieldRow().getByRole('cell').nth(6).textContent()).toBe('1');

    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const choice = page.getByRole('checkbox', { name: 'Badge colour' });
    if (!(await choice.isChecked())) await choice.check();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Badge colour' }).waitFor();
    await table.getByRole('cell', { name: 'Blue', exact: true }).first().waitFor();
  });
});
