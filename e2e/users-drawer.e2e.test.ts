import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, pathOf, signInToConsole } from './support/shell.ts';
import { seriousViolations } from './support/axe.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

interface UserRecord {
  id: number;
  name: string;
  department: { id: number; name: string } | null;
  custom_fields: Record<string, string | null>;
}
interface Department {
  id: number;
  name: string;
}

afterEach(async () => {
  await apiFromPage(page, 'DELETE', '/users/preferences?name=users-list').catch(() => {});
  await context?.close();
});

const usersTable = () => page.getByRole('table', { name: 'Users' });

async function departmentsByName(): Promise<Map<string, number>> {
  const { json } = await apiFromPage<{ data: Department[] }>(page, 'GET', '/departments');
  return new Map(json.data.map((d) => [d.name, d.id]));
}

/** An active learner of Acme's EMEA sales team (outside the Department Manager's Operations subtree). */
async function emeaLearner(departments: Map<string, number>): Promise<UserRecord> {
  const query = `/users?field[department_id]=${departments.get('EMEA')}&field[role]=0&field[suspended]=0&per_page=1`;
  const { json } = await apiFromPage<{ data: UserRecord[] }>(page, 'GET', query);
  const user = json.data[0];
  if (!user) throw new Error('the demo has no active learner in EMEA');
  return user;
}

/** Serious and critical WCAG 2.x A/AA violations on the page, by rule and element. */

/** The text of the users table's column under `header` (lower case), row by row. */
async function columnTexts(header: string): Promise<string[]> {
  const headers = (await usersTable().locator('thead th').allTextContents()).map((text) => text.trim().toLowerCase());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return usersTable()
    .locator(`tbody tr:not([aria-hidden]) td:nth-child(${index + 1})`)
    .allInnerTexts();
}

describe('the user drawer', () => {
  test('a Company Manager opens a user by ?edit=, changes the department and a custom field, saves, and the row changes', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
    const departments = await departmentsByName();
    const target = await emeaLearner(departments);
    const location = target.custom_fields.location === 'Singapore' ? 'Remote' : 'Singapore';
    try {
      await page.goto(`/admin/users?edit=${target.id}&field[user_id]=${target.id}`);
      const drawer = page.getByRole('dialog', { name: target.name });
      await drawer.waitFor();
      await expect.poll(() => drawer.getByTestId('department-field').textContent()).toContain('EMEA');
      await expect(seriousViolations(page)).resolves.toEqual([]);

      await drawer.getByTestId('department-field').click();
      const picker = page.getByRole('dialog', { name: 'Choose a department' });
      await picker.getByRole('treeitem', { name: 'Finance', exact: true }).click();
      await picker.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => drawer.getByTestId('department-field').textContent()).toBe('Finance');

      await drawer
        .locator('input')
        .and(page.getByLabel('Location', { exact: true }))
        .click();
      await page.getByRole('option', { name: location, exact: true }).click();

      const saved = page.waitForResponse(
        (response) => response.url().endsWith(`/api/v3/users/${target.id}`) && response.request().method() === 'PUT',
      );
      await drawer.getByRole('button', { name: 'Save changes' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText(`${target.name} saved.`).waitFor();
      await page.waitForURL((url) => !url.search.includes('edit='));
      await drawer.waitFor({ state: 'detached' });

      // The list refetched: the row shows the new department; the server holds the new location.
      await expect.poll(() => columnTexts('department')).toEqual(['Finance']);
      const { json } = await apiFromPage<{ data: UserRecord }>(page, 'GET', `/users/${target.id}`);
      expect(json.data.department?.name).toBe('Finance');
      expect(json.data.custom_fields.location).toBe(location);
    } finally {
      // Put the demo back as it was for the other journeys.
      await apiFromPage(page, 'PUT', `/users/${target.id}`, {
        department_id: target.department?.id ?? null,
        custom_fields: { location: target.custom_fields.location ?? null },
      });
    }
  });

  test('a Reviewer ticks no rows and reads a user as text, with nothing that looks editable', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'reviewer'), '/admin/users');
    await page.getByTestId('list-range').waitFor();
    await expect(usersTable().getByRole('checkbox').count()).resolves.toBe(0);
    const firstRow = usersTable().locator('tbody tr:not([aria-hidden])').first();
    const name = ((await firstRow.locator('td').first().textContent()) ?? '').trim();
    await firstRow.locator('td').nth(1).click();
    const drawer = page.getByRole('dialog', { name });
    await drawer.getByText('You can look at this user; your role cannot change users.').waitFor();
    await expect(drawer.locator('dt', { hasText: 'First name' }).isVisible()).resolves.toBe(true);
    for (const role of ['textbox', 'combobox', 'checkbox'] as const)
      await expect(drawer.getByRole(role).count(), role).resolves.toBe(0);
    await expect(drawer.getByRole('button', { name: 'Save changes' }).count()).resolves.toBe(0);
  });

  test('a row click opens the drawer; with unsaved changes Back asks first, then closes it', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
    await page.getByTestId('list-range').waitFor();
    const firstRow = usersTable().locator('tbody tr:not([aria-hidden])').nth(1);
    const name = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
    await firstRow.locator('td').nth(2).click();
    await page.waitForURL(/edit=\d+/);
    const drawer = page.getByRole('dialog', { name });
    await drawer.waitFor();

    await drawer.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0199');
    await page.goBack();
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await question.waitFor();
    expect(pathOf(page)).toMatch(/edit=\d+/);
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => !url.search.includes('edit='));
    await drawer.waitFor({ state: 'detached' });
  });
});
