import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import {
  companyIds,
  consoleReady,
  pathOf,
  recordApiRequests,
  sideNavLabels,
  signInToConsole,
  storedKeys,
  waitForTitle,
} from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await chromium.newContext({ width: 1440 });
  page = await context.newPage();
});

/** Opens the header's company selector, searches, and picks a company; the page reloads. */
async function chooseCompany(page: Page, search: string, name: string) {
  await page.getByTestId('company-selector').click();
  await page.getByRole('textbox', { name: 'Search companies' }).fill(search);
  const option = page.getByRole('option', { name });
  await option.waitFor();
  await Promise.all([page.waitForEvent('load'), option.click()]);
  await consoleReady(page);
}

describe('company switching (spec §4, §6)', () => {
  test('a site admin chooses a company: it is stored as current and last, the page reloads, every call names it', async () => {
    await signInToConsole(page, SITE_ADMIN);
    const ids = await companyIds(page);
    const cedar = String(ids['Cedar Clinics']);
    await expect(page.getByTestId('company-selector').textContent()).resolves.toBe('Heed');

    const requests = recordApiRequests(page);
    await chooseCompany(page, 'ceda', 'Cedar Clinics');
    await expect(page.getByTestId('company-selector').textContent()).resolves.toBe('Cedar Clinics');
    await expect(storedKeys(page)).resolves.toMatchObject({
      session: { 'heed.company': cedar },
      local: { 'heed.last-company': cedar },
    });
    // The company's own label names the departments item, and every call after the reload acts on Cedar.
    expect(await sideNavLabels(page)).toContain('Clinics');
    await page.getByRole('link', { name: 'Clinics' }).click();
    await waitForTitle(page, 'Heed Admin | Clinics');
    const afterReload = requests.filter((request) => !request.url.includes('/companies?'));
    expect(afterReload.length).toBeGreaterThan(0);
    const meIndex = afterReload.findIndex((request) => request.url.endsWith('/api/v3/me'));
    expect(afterReload.slice(meIndex + 1).map((request) => request.company)).toEqual(
      afterReload.slice(meIndex + 1).map(() => cedar),
    );
  });

  test('choosing the current company stores it as current and last as well, and reloads', async () => {
    await signInToConsole(page, SITE_ADMIN);
    const heed = String((await companyIds(page)).Heed);
    await expect(storedKeys(page)).resolves.not.toMatchObject({ session: { 'heed.company': heed } });
    await chooseCompany(page, 'hee', 'Heed');
    await expect(page.getByTestId('company-selector').textContent()).resolves.toBe('Heed');
    await expect(storedKeys(page)).resolves.toMatchObject({
      session: { 'heed.company': heed },
      local: { 'heed.last-company': heed },
    });
  });

  test('the company search says when nothing matches, and Acme brings Assessment Reports', async () => {
    await signInToConsole(page, SITE_ADMIN);
    await page.getByTestId('company-selector').click();
    await page.getByRole('textbox', { name: 'Search companies' }).fill('no such company');
    await page.getByText('No companies found.').waitFor();
    await page.keyboard.press('Escape');

    await chooseCompany(page, 'acme', 'Acme Manufacturing');
    expect((await sideNavLabels(page)).slice(0, 2)).toEqual(['Reports', 'Assessment Reports']);
  });

  test('a new window of a site admin takes the last company chosen and says so', async () => {
    await signInToConsole(page, SITE_ADMIN);
    await chooseCompany(page, 'bore', 'Borealis Bank');
    const borealis = String((await companyIds(page))['Borealis Bank']);

    const second = await context.newPage();
    const requests = recordApiRequests(second);
    await second.goto('/admin/users');
    await consoleReady(second);
    await second.getByText('Automatically changed to last company selected: Borealis Bank').waitFor();
    await expect(second.getByTestId('company-selector').textContent()).resolves.toBe('Borealis Bank');
    await expect(storedKeys(second)).resolves.toMatchObject({ session: { 'heed.company': borealis } });
    const companyCalls = requests.filter((request) => !request.url.endsWith('/api/v3/me'));
    expect(companyCalls.map((request) => request.company)).toEqual(companyCalls.map(() => borealis));

    // The first window keeps its own current company; no message there on reload.
    await page.reload();
    await consoleReady(page);
    await expect(page.getByText(/Automatically changed/).count()).resolves.toBe(0);
  });

  test('anyone but a site admin never sends a stored company id, and a stale one is forgotten', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      window.sessionStorage.setItem('heed.company', '1');
      window.localStorage.setItem('heed.last-company', '1');
    });
    const requests = recordApiRequests(page);
    await signInToConsole(page, demoUser('borealis', 'cm'));
    await page.getByRole('link', { name: 'Users' }).click();
    await waitForTitle(page, 'Heed Admin | Users');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.company !== undefined)).toEqual([]);
    await expect(storedKeys(page)).resolves.toMatchObject({ session: {}, local: {} });
    const { session, local } = await storedKeys(page);
    expect(Object.keys(session)).not.toContain('heed.company');
    expect(Object.keys(local)).not.toContain('heed.last-company');
    await expect(page.getByTestId('company-selector').count()).resolves.toBe(0);
  });
});

describe('the global user search (spec §4, §5)', () => {
  test('asks for 2 characters, says when nothing matches, and opens the chosen user in their company', async () => {
    await signInToConsole(page, SITE_ADMIN);
    const search = page.getByRole('textbox', { name: 'Search users' });
    const requests = recordApiRequests(page);
    await search.fill('c');
    await page.getByTestId('user-search-status').getByText('Search for users.').waitFor();
    expect(requests.filter((request) => request.url.includes('/users/all'))).toEqual([]);

    await search.fill('zzqqxxnomatch');
    await page.getByTestId('user-search-status').getByText('No users found.').waitFor();

    await search.fill('cedar.reviewer');
    const option = page.getByRole('option', { name: /Cedar Clinics/ });
    await option.waitFor();
    const cedar = String((await companyIds(page))['Cedar Clinics']);
    const { id } = await page.evaluate(() =>
      fetch('/api/v3/users/all?text=cedar.reviewer')
        .then((response) => response.json())
        .then((body) => body.data[0]),
    );
    await Promise.all([page.waitForEvent('load'), option.click()]);
    await consoleReady(page);
    expect(pathOf(page)).toBe(`/admin/users?edit=${id}&field[user_id]=${id}`);
    await expect(page.getByTestId('company-selector').textContent()).resolves.toBe('Cedar Clinics');
    await expect(storedKeys(page)).resolves.toMatchObject({
      session: { 'heed.company': cedar },
      local: { 'heed.last-company': cedar },
    });
  });

  test("a Company Manager searches their own company and lands on the user's page without a reload", async () => {
    await signInToConsole(page, demoUser('acme', 'cm'));
    const search = page.getByRole('textbox', { name: 'Search users' });
    await search.fill('acme.reviewer');
    const option = page.getByRole('option').first();
    await option.waitFor();
    let reloaded = false;
    page.on('load', () => {
      reloaded = true;
    });
    await option.click();
    await page.waitForURL(/\/admin\/users\?edit=\d+&field\[user_id\]=\d+$/);
    await waitForTitle(page, 'Heed Admin | Users');
    expect(reloaded).toBe(false);
  });

  test('on a 1024 px screen the search sits behind an icon and works the same', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInToConsole(page, demoUser('acme', 'cm'));
    await page.getByRole('button', { name: 'Search users' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill('a');
    await page.getByTestId('user-search-status').filter({ visible: true }).getByText('Search for users.').waitFor();
    await page.getByRole('textbox', { name: 'Search users' }).fill('acme.dm');
    await page.getByRole('option').first().click();
    await page.waitForURL(/\/admin\/users\?edit=\d+&field\[user_id\]=\d+$/);
  });
});
