import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, newContext } from './support/browser.ts';
import { demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';

/**
 * The users area at a desktop, the narrowest supported console (1024 px) and a phone, in both
 * schemes (PRODUCT.md: works at 1024 px and up, usable on a tablet): nothing overflows the window
 * sideways and no badge cuts its word. Screenshots go to screenshots/ (git-ignored) to look at.
 */
const baseUrl = inject('baseUrl');
const SHOTS = join(import.meta.dirname, '..', 'screenshots');
const WIDTHS = [1440, 1024, 390] as const;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** What overflows: the page's width beyond the window, and each badge whose word does not fit it. */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    cutBadges: Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'))
      .filter((badge) => badge.scrollWidth > badge.clientWidth)
      .map((badge) => badge.textContent),
  }));
}

async function expectNoOverflow(page: Page, shot: string) {
  await page.screenshot({ path: join(SHOTS, `${shot}.png`) });
  expect.soft(await overflow(page), shot).toEqual({ page: 0, cutBadges: [] });
}

/** One file uploaded to the import, so the history has a row (uploading changes no user). */
async function uploadImportFile(page: Page) {
  const status = await page.evaluate(async () => {
    const token = document.cookie
      .split('; ')
      .find((part) => part.startsWith('XSRF-TOKEN='))
      ?.slice('XSRF-TOKEN='.length);
    const form = new FormData();
    const csv = 'username,first_name,last_name\nscreens.probe,Screens,Probe\n';
    form.append('file', new File([csv], 'a-rather-long-file-name-of-new-starters.csv', { type: 'text/csv' }));
    const response = await fetch('/api/v3/users/imports', {
      method: 'POST',
      headers: token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {},
      credentials: 'same-origin',
      body: form,
    });
    return response.status;
  });
  expect(status).toBe(201);
}

describe.each(['light', 'dark'] as const)('the users area in %s mode', (colorScheme) => {
  test.each(WIDTHS)('fits a window %i px wide: the list, a user drawer, the import history', async (width) => {
    context = await newContext(browser, baseUrl, { colorScheme, width, height: width === 390 ? 844 : 900 });
    const page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
    // Deactivated users too, so both status badges show.
    await page.goto('/admin/users?sort=suspended&order=desc');
    await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
    await expect.poll(() => table.getByText('Deactivated').count()).toBeGreaterThan(0);
    await expectNoOverflow(page, `users-list-${width}-${colorScheme}`);

    // The first column stays in view while a wide table scrolls sideways.
    const scroller = table.locator('xpath=..');
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const firstHeader = table.locator('thead th[data-sticky]').last();
    const [box, scrollerBox] = [await firstHeader.boundingBox(), await scroller.boundingBox()];
    expect(box!.x).toBeLessThan(scrollerBox!.x + 60);
    await page.screenshot({ path: join(SHOTS, `users-list-scrolled-${width}-${colorScheme}.png`) });
    await scroller.evaluate((element) => element.scrollTo({ left: 0 }));

    await table.locator('tbody tr:not([aria-hidden])').first().click();
    const drawer = page.getByRole('dialog').first();
    await drawer.getByRole('textbox', { name: 'Phone' }).waitFor();
    await expectNoOverflow(page, `user-drawer-${width}-${colorScheme}`);
    expect(await drawer.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    // The user's assignments, whose status badges ("Not started") were cut.
    await drawer.getByRole('tab', { name: 'Assignments' }).click();
    await drawer.getByRole('table', { name: 'Assignments' }).waitFor();
    await expectNoOverflow(page, `user-drawer-assignments-${width}-${colorScheme}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Closing takes ?edit= out of the address; leave only once it has, so no late navigation follows.
    await page.waitForURL((url) => !url.searchParams.has('edit'));

    const history = await apiFromPage<{ meta: { total: number } }>(page, 'GET', '/users/imports');
    if (history.json.meta.total === 0) await uploadImportFile(page);
    await page.goto('/admin/users/import/');
    await page
      .getByRole('table', { name: 'Imports' })
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: join(SHOTS, `users-import-${width}-${colorScheme}-failed.png`) });
        throw error;
      });
    await expectNoOverflow(page, `users-import-${width}-${colorScheme}`);
    // Every column of the history is in view, none cut by the card.
    const imports = page.getByRole('table', { name: 'Imports' });
    const fits = await imports.evaluate(
      (element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth,
    );
    if (width >= 1024) expect.soft(fits, `import history columns at ${width}`).toBe(true);
    // The trail stays in the header, clear of its controls, and says at least the page's title.
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      const header = nav.closest('header')!.getBoundingClientRect();
      const controls = Array.from(nav.closest('header')!.querySelectorAll('button, a'))
        .filter((element) => !nav.contains(element))
        .map((element) => element.getBoundingClientRect())
        .filter((control) => control.width > 0 && control.left >= box.left);
      return {
        inHeader: box.top >= header.top && box.bottom <= header.bottom,
        clearOfControls: controls.every((control) => control.left >= box.right),
        title: nav.querySelector('h1')!.getBoundingClientRect().width > 0,
      };
    });
    expect.soft(crumbs, `breadcrumb at ${width}`).toEqual({ inHeader: true, clearOfControls: true, title: true });
  });
});
