import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { apiFromPage, consoleReady, signInToConsole } from './support/shell.ts';
import { seriousViolations } from './support/axe.ts';

const chromium = useChromium();

/** Serious and critical WCAG 2.x A/AA violations, summarised so a failure says what and where. */

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

describe.each(['light', 'dark'] as const)('the shell in %s mode', (colorScheme) => {
  test('has no serious or critical accessibility violations: pages, open groups, menus, searches, dialogs', async () => {
    const context = await chromium.newContext({ colorScheme, width: 1440 });
    const page = await context.newPage();
    await signInToConsole(page, SITE_ADMIN, '/admin/users/import/new');
    await expect(scheme(page)).resolves.toBe(colorScheme);
    await page.getByRole('button', { name: 'History' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Help Center' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Update Profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Search users' }).fill('acme');
    await page.getByRole('option').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('company-selector').click();
    await page.getByRole('option', { name: 'Acme Manufacturing' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/admin/no/such/page');
    await page.getByTestId('not-found-page').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await context.clearCookies({ name: 'heed_session' });
    await page.getByRole('textbox', { name: 'Search users' }).fill('bore');
    await page.getByRole('dialog', { name: 'Session Timeout' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the impersonation return and the 1024 px layout have no serious or critical violations', async () => {
    const context = await chromium.newContext({ colorScheme, width: 1024 });
    const page = await context.newPage();
    await signInToConsole(page, SITE_ADMIN);
    const { json } = await apiFromPage<{ data: { id: number; username: string }[] }>(
      page,
      'GET',
      '/users/all?text=cedar.cm',
    );
    await apiFromPage(page, 'POST', '/login/as', { user_id: json.data.find((u) => u.username === 'cedar.cm')?.id });
    await page.goto('/admin/settings/departments');
    await consoleReady(page);
    await page.getByTestId('impersonation-return').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the pages outside the frame have no serious or critical violations', async () => {
    const context = await chromium.newContext({ colorScheme });
    const page = await context.newPage();
    // The loading state first: the details request held until axe has looked at the skeleton.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v3/public/assignments?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/public/assignments?token=x');
    await page.getByRole('status', { name: 'Loading the assignment' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await page.getByTestId('invalid-link').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/error');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('dark mode (spec §4, §9)', () => {
  test('the header switch persists across reloads under the product key; the system scheme is the fallback', async () => {
    const context = await chromium.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await signInToConsole(page, demoUser('borealis', 'reviewer'));
    // Nothing stored: the system's scheme.
    await expect(scheme(page)).resolves.toBe('dark');
    await expect(page.evaluate(() => window.localStorage.getItem('heed.preferences'))).resolves.toBeNull();

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(scheme(page)).resolves.toBe('light');
    await expect(page.evaluate(() => window.localStorage.getItem('heed.preferences'))).resolves.toBe(
      '{"darkmode":false}',
    );
    await page.reload();
    await consoleReady(page);
    await expect(scheme(page)).resolves.toBe('light');

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.goto('/admin/users');
    await consoleReady(page);
    await expect(scheme(page)).resolves.toBe('dark');
    await context.close();
  });
});
