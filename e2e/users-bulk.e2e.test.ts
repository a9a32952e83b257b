import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;
let changed: number[] = [];

interface UsersAnswer {
  data: { id: number; username: string; name: string; suspended: boolean }[];
}

afterEach(async () => {
  // Put the demo back as it was for the other journeys.
  if (changed.length > 0) {
    await apiFromPage(page, 'PUT', `/users?field[user_id]=${changed.join(',')}`, { action: 'reactivate' });
    changed = [];
  }
  await apiFromPage(page, 'DELETE', '/users/preferences?name=users-list').catch(() => {});
  await context?.close();
});

const table = () => page.getByRole('table', { name: 'Users' });
const rowOf = (name: string) => table().locator('tbody tr', { hasText: name });

describe('bulk actions on users', () => {
  test('a Company Manager selects rows, deactivates them, and sees their status change', async () => {
    context = await chromium.newContext({ width: 1440, height: 900 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
    // Three active learners (not the demo sign-ins), shown alone through the user-id filter.
    const { json } = await apiFromPage<UsersAnswer>(
      page,
      'GET',
      '/users?field[role]=0&field[suspended]=0&sort=id&order=desc&per_page=3',
    );
    const learners = json.data;
    expect(learners).toHaveLength(3);
    changed = learners.map((learner) => learner.id);
    await page.goto(`/admin/users?field[user_id]=${changed.join(',')}`);
    await page.getByTestId('list-range').waitFor();
    for (const learner of learners) await rowOf(learner.name).getByText('Active', { exact: true }).waitFor();

    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-bar').getByText('3 users selected.').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate users' });
    expect(await dialog.textContent()).toContain('Deactivate 3 users?');
    await dialog.getByRole('button', { name: 'Deactivate 3 users' }).click();

    await dialog.getByText('3 users deactivated').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const learner of learners) await rowOf(learner.name).getByText('Deactivated', { exact: true }).waitFor();
    await page.getByTestId('selection-bar').waitFor({ state: 'detached' });
    const after = await apiFromPage<UsersAnswer>(page, 'GET', `/users?field[user_id]=${changed.join(',')}`);
    expect(after.json.data.map((user) => user.suspended)).toEqual([true, true, true]);
  });

  test('the learner side asks for a reset link and refuses a link that does not work', async () => {
    context = await chromium.newContext();
    page = await context.newPage();
    await page.goto('/password/forgot');
    await page.getByLabel(/^Username or e-mail/).fill('nobody@nowhere.test');
    await page.getByRole('button', { name: 'E-mail me a reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/If an account matches, a link to reset its password is on its way/)
      .waitFor();

    await page.goto('/password/reset/not-a-real-token');
    await page.getByLabel(/^New password( \*)?$/).fill('a-long-new-password');
    await page.getByLabel(/^New password again/).fill('a-long-new-password');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByRole('alert').getByText('This reset link is invalid or has expired. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await page.waitForURL(/\/password\/forgot$/);
  });
});
