import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

async function open(path: string) {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, demoUser('acme', 'cm'), path);
}

const table = () => page.getByRole('table', { name: 'Assignments' });

test('a Company Manager changes the due date of picked assignments after seeing who it applies to', async () => {
  await open('/admin/assignments?field[status]=not_started');
  await table().locator('tbody tr').first().waitFor();
  const boxes = table().locator('tbody tr').getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Change due date…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'No due date' }).check();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect.poll(() => dialog.getByTestId('bulk-question').textContent()).toContain('Apply to 2 assignments?');
  await expect(
    dialog.getByRole('table', { name: 'Assignments that would change' }).locator('tbody tr').count(),
  ).resolves.toBe(2);
  await dialog.getByRole('button', { name: 'Apply to 2 assignments' }).click();
  await dialog.getByText('2 assignments given the new due date').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
});

test('an Assignment Details link opens without sign-in; a wrong one shows one plain message', async () => {
  await open('/admin/assignments');
  const list = await apiFromPage<{ data: { id: number }[] }>(page, 'GET', '/assignments?per_page=1');
  const made = await apiFromPage<{ data: { url: string } }>(page, 'POST', `/assignments/${list.json.data[0]!.id}/link`);
  const anonymous = await chromium.newContext({ width: 900, height: 700 });
  const details = await anonymous.newPage();
  const url = new URL(made.json.data.url);
  await details.goto(`${url.pathname}${url.search}`);
  await details.getByRole('link', { name: /Start|Open/ }).waitFor();
  expect(await details.getByRole('link', { name: /Start|Open/ }).getAttribute('href')).toContain('/login?redirect=');
  await details.goto('/admin/public/assignments?token=1.2.wrong');
  await details.getByTestId('invalid-link').waitFor();
  await anonymous.close();
});
