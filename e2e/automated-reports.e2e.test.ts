import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN } from './support/demo-users.ts';
import { consoleReady, signInToConsole } from './support/shell.ts';

// Issue 18 item 5's journey: a site admin creates an automated report for a company, runs it now,
// sees the run with its file and downloads it.

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

const NAME = 'E2E: status counts by hand';

test('a site admin creates an automated report, runs it now, sees the run and downloads its file', async () => {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, SITE_ADMIN, '/admin/settings/automated-reports');
  // The header's company selector: Acme, whose demo reports the list shows.
  await page.getByTestId('company-selector').click();
  await page.getByRole('textbox', { name: 'Search companies' }).fill('acme');
  const option = page.getByRole('option', { name: 'Acme Manufacturing' });
  await option.waitFor();
  await Promise.all([page.waitForEvent('load'), option.click()]);
  await consoleReady(page);
  const table = page.getByRole('table', { name: 'Automated reports' });
  await table.getByText('Weekly course status').waitFor();

  await page.getByRole('button', { name: 'New automated report' }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Name' }).fill(NAME);
  await drawer.getByRole('combobox', { name: /Recipients/ }).click();
  await page
    .getByRole('option', { name: /Company Manager/ })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('combobox', { name: /^Format/ }).click();
  await page.getByRole('option', { name: 'CSV' }).click();
  await drawer.getByRole('button', { name: 'Create report' }).click();
  await page.getByText('The automated report was created.').waitFor();

  await drawer.getByRole('tab', { name: 'Runs' }).click();
  await drawer.getByRole('button', { name: 'Run now' }).click();
  await page.getByText('The report ran: its files are below.').waitFor({ timeout: 30_000 });
  const runs = drawer.getByRole('table', { name: 'Runs' });
  await runs.getByText('Sent').waitFor();
  await expect(runs.getByText(/Run now by/).count()).resolves.toBe(1);

  const download = page.waitForEvent('download');
  await runs
    .getByRole('button', { name: /^Download .*\.csv of / })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^E2E-status-counts-by-hand-\d{4}-\d{2}-\d{2}-.+\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Figure,Value');
  expect(text).toMatch(/Assigned,\d+/);

  // Deleting it leaves no report behind for the other journeys.
  await drawer.getByRole('tab', { name: 'Report' }).click();
  await drawer.getByRole('button', { name: 'Delete report' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this automated report?' })
    .getByRole('button', { name: 'Delete report' })
    .click();
  await page.getByText('The automated report was deleted.').waitFor();
  await expect.poll(() => table.getByText(NAME).count()).toBe(0);
});
