import { describe, expect, inject, test } from 'vitest';
import { submitSignIn } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { demoUser } from './support/demo-users.ts';
import { seriousViolations } from './support/axe.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/** Serious and critical WCAG 2.x A/AA violations, summarised so a failure says what and where. */

describe.each(['light', 'dark'] as const)('in %s mode', (colorScheme) => {
  test('/login has no serious or critical accessibility violations, also when showing an error', async () => {
    const context = await chromium.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(colorScheme);
    expect(await seriousViolations(page)).toEqual([]);

    await submitSignIn(page, 'nobody-here', 'wrong-password');
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the console and My Courses have no serious or critical accessibility violations', async () => {
    const context = await chromium.newContext({ colorScheme });
    const page = await context.newPage();
    const reviewer = demoUser('acme', 'reviewer');
    await page.goto('/login');
    await submitSignIn(page, reviewer.login, reviewer.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    // The Home dashboard: check it with every widget drawn, not their loading skeletons.
    await page.waitForFunction(
      () => document.querySelector('[data-widget]') && !document.querySelector('[data-widget] [aria-label^="Loading"]'),
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/');
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

test("the chosen colour scheme is remembered as the darkmode flag of the product's preference object", async () => {
  const context = await chromium.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
  await expect(page.evaluate(() => window.localStorage.getItem('heed.preferences'))).resolves.toBe('{"darkmode":true}');

  await page.reload();
  await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
  await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
  await context.close();
});
