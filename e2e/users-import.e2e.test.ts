import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { signInToConsole } from './support/shell.ts';
import { seriousViolations } from './support/axe.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

/** Usernames unique to this run: the e2e server is shared by every journey. */
const tag = `e2eimp${Date.now().toString(36)}`;

/**
 * Four new hires of the demo's Acme Manufacturing, semicolon-separated as a European Excel saves
 * them. Their badge number is Acme's required Employee ID, under a header no field is called; one
 * row's e-mail is wrong.
 */
const CSV = [
  'Login;Mail;Given name;Family name;Dept;Badge',
  `${tag}.ada;${tag}.ada@example.test;Ada;Lovelace;Operations;AC-90001`,
  `${tag}.alan;${tag}.alan@example.test;Alan;Turing;Operations/Plant A;AC-90002`,
  `${tag}.bad;not-an-email;Bad;Row;Finance;AC-90003`,
  `${tag}.grace;${tag}.grace@example.test;Grace;Hopper;Finance;AC-90004`,
].join('\n');

/** Serious and critical WCAG A/AA violations on the page as it stands. */

/** Drops the file on the dropzone as a browser drag and drop does. */
async function dropFile(name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'text/csv' }));
      return transfer;
    },
    { name, content },
  );
  const zone = page.getByTestId('import-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('users import', () => {
  test('a Company Manager imports a CSV through the stepper: fixes a mapping, sees the dry-run errors, imports, finds the users', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users/import/');
    await page.getByRole('link', { name: 'New import' }).first().click();
    await page.waitForURL(/\/admin\/users\/import\/new$/);

    await dropFile('new-hires.csv', CSV);
    const columns = page.getByRole('table', { name: 'Columns of the file' });
    await columns.waitFor();
    await page.waitForURL(/\?id=\d+&step=mapping/);
    await expect(
      page.getByText('new-hires.csv: 6 columns, about 4 rows, separated by ";", UTF-8.').isVisible(),
    ).resolves.toBe(true);
    const badge = page.getByRole('combobox', { name: 'Field for column Badge' });
    await expect(badge.inputValue()).resolves.toBe('Ignore this column');
    await expect(page.getByRole('combobox', { name: 'Field for column Mail' }).inputValue()).resolves.toBe('E-mail');
    expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);

    // The fix: the Badge column is the company's Employee ID.
    await badge.click();
    await page.getByRole('option', { name: 'Employee ID' }).click();
    await expect(badge.inputValue()).resolves.toBe('Employee ID');
    await page.getByRole('button', { name: 'Next: options' }).click();
    await page.getByText('People already in Heed').waitFor();
    await page.getByRole('button', { name: 'Next: dry run' }).click();

    // The dry run lists the bad row and predicts the summary.
    const errors = page.getByRole('table', { name: 'Row errors' });
    await errors.getByText('Enter a valid e-mail address.').waitFor({ timeout: 30_000 });
    await expect(errors.locator('tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^4\s+Mail\s+Enter a valid e-mail address\.\s+not-an-email$/),
    ]);
    await expect(page.getByRole('list', { name: 'What the import would do' }).textContent()).resolves.toMatch(
      /Created\s*3[\s\S]*Failed\s*1/,
    );
    expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);

    await page.getByRole('button', { name: 'Import 3 users' }).click();
    await page.waitForURL(/step=import/);
    const progress = page.getByRole('progressbar', { name: /Import/ });
    await progress.waitFor();
    await page.getByTestId('import-finished').waitFor({ timeout: 60_000 });
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('100');
    await expect(page.getByTestId('import-progress').getByRole('status').textContent()).resolves.toBe('4 of 4 rows.');
    await expect(page.getByRole('list', { name: 'Summary' }).textContent()).resolves.toMatch(
      /Created\s*3[\s\S]*Updated\s*0[\s\S]*Deactivated\s*0[\s\S]*Skipped\s*0[\s\S]*Failed\s*1/,
    );
    expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);

    // The new users are in the list.
    await page.getByRole('link', { name: 'View users' }).click();
    await page.waitForURL(/\/admin\/users/);
    const search = page.getByRole('searchbox', { name: 'Filter users' });
    await search.fill(tag);
    await search.press('Enter');
    const table = page.getByRole('table', { name: 'Users' });
    await expect
      .poll(async () => (await table.locator('tbody tr:not([aria-hidden])').allInnerTexts()).length, {
        timeout: 15_000,
      })
      .toBe(3);
    const names = await table.locator('tbody tr:not([aria-hidden])').allInnerTexts();
    expect(names.join('\n')).toMatch(/Ada Lovelace/);
    expect(names.join('\n')).toMatch(/Alan Turing/);
    expect(names.join('\n')).toMatch(/Grace Hopper/);
    expect(names.join('\n')).not.toMatch(/Bad Row/);

    // And the history shows the import with its counts.
    await page.goto('/admin/users/import/');
    const row = page.getByTestId('import-row').filter({ hasText: 'new-hires.csv' }).first();
    await expect(row.getByTestId('import-status').textContent()).resolves.toBe('Completed with errors');
  });
});
