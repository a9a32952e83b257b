import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';
import { seriousViolations } from './support/axe.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

interface DepartmentsAnswer {
  data: { id: number; name: string; parent_id: number | null; path: string }[];
}

const tree = () => page.getByRole('tree', { name: 'Departments' });
const row = (name: string) => tree().getByRole('treeitem', { name, exact: true });
const dialog = () => page.getByRole('dialog');
const departments = async () => (await apiFromPage<DepartmentsAnswer>(page, 'GET', '/departments')).json.data;
const byName = async (name: string) => (await departments()).find((d) => d.name === name);

async function act(department: string, action: string) {
  await row(department)
    .getByRole('button', { name: `Actions for ${department}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
  await dialog().waitFor();
}

describe('the departments tree editor', () => {
  test('a Company Manager adds a sub-department, renames it, drags it elsewhere and deletes it', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/settings/departments');
    await tree().waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Departments');

    await act('Sales', 'Add sub-department');
    await dialog().getByRole('textbox', { name: 'Department name' }).fill('Inside Sales');
    await dialog().getByRole('button', { name: 'Add' }).click();
    await row('Inside Sales').waitFor();
    const sales = await byName('Sales');
    const added = await byName('Inside Sales');
    expect(added?.parent_id).toBe(sales?.id);

    await act('Inside Sales', 'Rename');
    await dialog().getByRole('textbox', { name: 'Department name' }).fill('Inside Sales Team');
    await dialog().getByRole('button', { name: 'Rename' }).click();
    await row('Inside Sales Team').waitFor();
    expect((await byName('Inside Sales Team'))?.id).toBe(added?.id);

    // Native HTML5 drag and drop onto Finance.
    await row('Inside Sales Team').dragTo(row('Finance'));
    await page.getByText('Inside Sales Team moved into Finance.').waitFor();
    const finance = await byName('Finance');
    const moved = await byName('Inside Sales Team');
    expect(moved).toMatchObject({ parent_id: finance?.id, path: `${finance?.path}${added?.id}/` });
    await expect.poll(async () => row('Finance').getAttribute('aria-expanded')).toBe('true');

    await act('Inside Sales Team', 'Delete');
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Inside Sales Team deleted.').waitFor();
    await row('Inside Sales Team').waitFor({ state: 'detached' });
    expect(await byName('Inside Sales Team')).toBeUndefined();
  });

  test('a Department Manager sees their subtree without any way to change it', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'dm'), '/admin/settings/departments');
    await row('Operations').waitFor();
    expect(await row('Sales').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add department' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    expect(await row('Operations').getAttribute('draggable')).toBeNull();
    expect(await page.getByText('View only').isVisible()).toBe(true);
  });

  test.each(['light', 'dark'] as const)(
    'has no serious accessibility violations in %s mode, menus included',
    async (scheme) => {
      context = await chromium.newContext({ width: 1440, height: 1000, colorScheme: scheme });
      page = await context.newPage();
      await signInToConsole(page, demoUser('acme', 'cm'), '/admin/settings/departments');
      await row('Sales').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await row('Sales').getByRole('button', { name: 'Actions for Sales' }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
