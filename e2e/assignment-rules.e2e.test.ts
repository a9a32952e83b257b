import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, inject, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, deleteRulesNamed, signInToConsole } from './support/shell.ts';

// Issue 16's journey for rules: create a rule with a dry run, run it, see the assignments with their
// source, take one learner off, run again and see them not re-assigned, undo the first run.

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

const RULE = 'E2E: Transport remote working';

afterEach(async () => {
  // Leave no rule behind for the other journeys.
  await deleteRulesNamed(page, RULE);
  await context?.close();
});

const summary = () => page.getByTestId('dry-run-summary');
const counts = async () => {
  const text = (await summary().textContent()) ?? '';
  const [assign = 0, already = 0, protectedCount = 0] = [...text.matchAll(/([\d,]+) (?:would|already|are)/g)].map((m) =>
    Number(m[1]!.replace(/,/g, '')),
  );
  return { assign, already, protected: protectedCount };
};

test('a Company Manager creates a rule with a dry run, runs it, takes a learner off, runs again and undoes', async () => {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, demoUser('acme', 'cm'), '/admin/settings/rules');
  await page.getByRole('table', { name: 'Assignment rules' }).locator('tbody tr').first().waitFor();

  await page.getByRole('button', { name: 'New rule' }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill(RULE);
  // The tree starts folded: Transport sits in Operations › Logistics.
  const departments = drawer.getByRole('tree', { name: 'Condition 1 departments' });
  await departments.getByRole('button', { name: 'Expand Operations' }).click();
  await departments.getByRole('button', { name: 'Expand Logistics' }).click();
  await departments.getByRole('treeitem', { name: 'Transport' }).click();
  await drawer.getByLabel('Courses').click();
  await page.getByRole('option', { name: 'Secure Remote Working' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await counts()).assign).toBeGreaterThan(1);
  const before = await counts();
  await drawer.getByRole('button', { name: 'Create rule' }).click();
  await page.getByText('The rule was created.').waitFor();

  await drawer.getByRole('tab', { name: 'Runs' }).click();
  await drawer.getByRole('button', { name: 'Run now' }).click();
  await page.getByText(new RegExp(`Run finished: ${before.assign} assignments created`)).waitFor();

  // The assignments list says where they come from.
  const assignments = await apiFromPage<{
    data: { source: { rule: { name: string } | null; run: { at: string } | null } }[];
  }>(page, 'GET', '/assignments?field[source]=rule&per_page=100');
  const fromRule = assignments.json.data.filter((a) => a.source.rule?.name === RULE);
  expect(fromRule).toHaveLength(before.assign);
  expect(fromRule.every((a) => a.source.run !== null)).toBe(true);

  // Take one learner off the course: the rule will not assign it to them again.
  await drawer.getByRole('tab', { name: 'Rule' }).click();
  // A segmented control: its radios are hidden behind their labels, which take the click.
  await drawer
    .locator('label')
    .filter({ hasText: /^Already has it/ })
    .click();
  await expect.poll(() => drawer.getByRole('radio', { name: /Already has it/ }).isChecked()).toBe(true);
  await drawer
    .getByRole('button', { name: /^Take .* off Secure Remote Working$/ })
    .first()
    .click();
  await page.getByText(/Taken off the course/).waitFor();
  await expect.poll(async () => (await counts()).protected).toBe(1);

  await drawer.getByRole('tab', { name: 'Runs' }).click();
  await drawer.getByRole('button', { name: 'Run now' }).click();
  await page.getByText('Run finished: 0 assignments created').waitFor();
  await drawer.getByRole('tab', { name: 'Exclusions (1)' }).waitFor();

  // Undo the first run: what nobody started goes.
  await drawer.getByRole('button', { name: 'Undo' }).first().click();
  await page.getByRole('dialog', { name: 'Undo this run?' }).getByRole('button', { name: 'Undo run' }).click();
  await page.getByText(new RegExp(`Run undone: ${before.assign - 1} assignments removed`)).waitFor();
  // The run's row says so once the runs list has reloaded.
  await expect.poll(() => drawer.getByText(/Undone \(/).count()).toBe(1);
});

test('a Department Manager is not offered assignment rules', async () => {
  context = await chromium.newContext({ width: 1440, height: 900 });
  page = await context.newPage();
  await signInToConsole(page, demoUser('acme', 'dm'), '/admin');
  expect(await page.getByRole('link', { name: 'Assignment Rules' }).count()).toBe(0);
  const response = await page.request.get(`${baseUrl}/api/v3/assignment-rules`);
  expect(response.status()).toBe(403);
});
