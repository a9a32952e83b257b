import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, deleteRulesNamed, signInToConsole } from './support/shell.ts';
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

/** Maps the file's Badge column to Acme's required Employee ID, as its header names no field. */
async function mapBadgeToEmployeeId() {
  const badge = page.getByRole('combobox', { name: 'Field for column Badge' });
  await badge.click();
  await page.getByRole('option', { name: 'Employee ID' }).click();
  await expect(badge.inputValue()).resolves.toBe('Employee ID');
}

/** Opens a new import and drops the file on it: the mapping step. */
async function dropNewImport(name: string, content: string) {
  await page.getByRole('link', { name: 'New import' }).first().click();
  await page.waitForURL(/\/admin\/users\/import\/new$/);
  await dropFile(name, content);
  await page.getByRole('table', { name: 'Columns of the file' }).waitFor();
  await page.waitForURL(/\?id=\d+&step=mapping/);
}

/** From the dry run's answer: imports the `creates` users and waits for the import to finish. */
async function importAndFinish(creates: number) {
  await page.getByRole('button', { name: `Import ${creates} users` }).click();
  await page.waitForURL(/step=import/);
  await page.getByRole('progressbar', { name: /Import/ }).waitFor();
  await page.getByTestId('import-finished').waitFor({ timeout: 60_000 });
}

const RULE = `E2E import rule ${tag}`;

afterEach(async () => {
  // Leave no rule behind for the other journeys.
  await deleteRulesNamed(page, RULE);
  await context?.close();
});

describe('users import', () => {
  test('a Company Manager imports a CSV through the stepper: fixes a mapping, sees the dry-run errors, imports, finds the users', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users/import/');
    await dropNewImport('new-hires.csv', CSV);
    await expect(
      page.getByText('new-hires.csv: 6 columns, about 4 rows, separated by ";", UTF-8.').isVisible(),
    ).resolves.toBe(true);
    const badge = page.getByRole('combobox', { name: 'Field for column Badge' });
    await expect(badge.inputValue()).resolves.toBe('Ignore this column');
    await expect(page.getByRole('combobox', { name: 'Field for column Mail' }).inputValue()).resolves.toBe('E-mail');
    expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);

    // The fix: the Badge column is the company's Employee ID.
    await mapBadgeToEmployeeId();
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

    await importAndFinish(3);
    const progress = page.getByRole('progressbar', { name: /Import/ });
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
  test('an import that runs the assignment rules gives the new users the courses of the rules that pick them', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users/import/');
    // A department of this run's own, and an active rule that assigns every learner in it a course.
    const department = await apiFromPage<{ data: { id: number } }>(page, 'POST', '/departments', { name: tag });
    expect(department.status).toBe(201);
    const courses = await apiFromPage<{ data: { id: number; name: string }[] }>(
      page,
      'GET',
      `/courses?text=${encodeURIComponent('Secure Remote Working')}`,
    );
    const course = courses.json.data.find((c) => c.name === 'Secure Remote Working');
    expect(course).toBeDefined();
    const rule = await apiFromPage(page, 'POST', '/assignment-rules', {
      name: RULE,
      conditions: [{ field: 'department_id', operator: 'in', value: [department.json.data.id] }],
      course_ids: [course!.id],
      due_days: 30,
    });
    expect(rule.status).toBe(201);

    // Two new hires in that department and one in Finance, which the rule does not pick.
    const file = [
      'Login;Mail;Given name;Family name;Dept;Badge',
      `${tag}.rosalind;${tag}.rosalind@example.test;Rosalind;Franklin;${tag};AC-91001`,
      `${tag}.barbara;${tag}.barbara@example.test;Barbara;McClintock;${tag};AC-91002`,
      `${tag}.emmy;${tag}.emmy@example.test;Emmy;Noether;Finance;AC-91003`,
    ].join('\n');
    await dropNewImport('rule-hires.csv', file);
    await mapBadgeToEmployeeId();
    await page.getByRole('button', { name: 'Next: options' }).click();
    const runRules = page.getByRole('switch', { name: 'Run assignment rules' });
    await expect(runRules.isChecked()).resolves.toBe(false);
    await runRules.check();
    await expect.poll(() => runRules.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next: dry run' }).click();
    await expect(page.getByRole('list', { name: 'What the import would do' }).textContent()).resolves.toMatch(
      /Created\s*3[\s\S]*Failed\s*0/,
    );
    await importAndFinish(3);
    await page
      .getByText("The company's active assignment rules ran for each created or updated user", { exact: false })
      .waitFor();

    // The assignments list shows the rule's course for the two, with the rule as its source.
    await page.goto(`/admin/assignments?text=${tag}`);
    const table = page.getByRole('table', { name: 'Assignments' });
    await table.locator('tbody tr').first().waitFor();
    const fromRule = table.locator('tbody tr').filter({ hasText: `Rule: ${RULE}` });
    await expect.poll(() => fromRule.count(), { timeout: 15_000 }).toBe(2);
    const rows = await fromRule.allInnerTexts();
    expect(rows.every((row) => row.includes('Secure Remote Working'))).toBe(true);
    expect(rows.join('\n')).toMatch(/Franklin/);
    expect(rows.join('\n')).toMatch(/McClintock/);
    expect(rows.join('\n')).not.toMatch(/Noether/);
  });
});
