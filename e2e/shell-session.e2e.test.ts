import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import {
  HOME,
  apiFromPage,
  companyIds,
  consoleReady,
  dropSessionCookie,
  pathOf,
  signInToConsole,
  storedKeys,
  waitForTitle,
} from './support/shell.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await chromium.newContext({ width: 1440 });
  page = await context.newPage();
});

const TIMEOUT_BODY = 'Your session has timed out due to inactivity. Click OK to log in again.';
const LOGOUT_BODY = 'Your session has been logged out from another window. Click OK to log in again.';

async function userId(page: Page, username: string): Promise<number> {
  const { json } = await apiFromPage<{ data: { id: number; username: string }[] }>(
    page,
    'GET',
    `/users/all?text=${encodeURIComponent(username)}`,
  );
  const user = json.data.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

describe('impersonation (spec §4)', () => {
  test('while impersonating, the header offers the way back; pressing it reverts and reloads', async () => {
    await signInToConsole(page, SITE_ADMIN);
    const target = await userId(page, 'acme.cm');
    const started = await apiFromPage(page, 'POST', '/login/as', { user_id: target });
    expect(started.status).toBe(200);
    await page.reload();
    await consoleReady(page);

    const back = page.getByTestId('impersonation-return');
    await back.getByText('Impersonating User').waitFor();
    await back.getByText('Return to admin').waitFor();
    // The console is the impersonated Company Manager's: no company selector, Acme's navigation.
    await expect(page.getByTestId('company-selector').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Assessment Reports' }).waitFor();

    await Promise.all([page.waitForEvent('load'), back.click()]);
    await consoleReady(page);
    await page.getByTestId('company-selector').waitFor();
    await expect(page.getByTestId('impersonation-return').count()).resolves.toBe(0);
    const me = await apiFromPage<{ data: { username: string; impersonator: unknown } }>(page, 'GET', '/me');
    expect(me.json.data).toMatchObject({ username: 'admin', impersonator: null });
  });

  test("a failed revert says 'Failed to revert impersonation' and stays", async () => {
    await signInToConsole(page, SITE_ADMIN);
    await apiFromPage(page, 'POST', '/login/as', { user_id: await userId(page, 'borealis.dm') });
    await page.reload();
    await consoleReady(page);
    await page.route('**/api/v3/login/as', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":{"message":"Nope."}}' }),
    );
    await page.getByTestId('impersonation-return').click();
    await page.getByText('Failed to revert impersonation').waitFor();
    await page.getByTestId('impersonation-return').getByText('Return to admin').waitFor();
  });
});

describe('signing out (spec §4)', () => {
  test('Logout ends the session, forgets stored state except the colour scheme, and the other tab says so', async () => {
    await signInToConsole(page, SITE_ADMIN);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByTestId('company-selector').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Acme Manufacturing' }).click()]);
    await consoleReady(page);
    await expect(storedKeys(page)).resolves.toMatchObject({ local: { 'heed.last-company': expect.any(String) } });

    const other = await context.newPage();
    await other.goto('/admin/users');
    await consoleReady(other);

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect(storedKeys(page)).resolves.toEqual({
      local: { 'heed.preferences': '{"darkmode":true}' },
      session: {},
    });
    expect((await page.request.get('/api/v3/me')).status()).toBe(403);

    const dialog = other.getByRole('dialog', { name: 'Session Logout' });
    await dialog.getByText(LOGOUT_BODY).waitFor();
    await expect(dialog.getByRole('button').allInnerTexts()).resolves.toEqual(['OK']);
    await other.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await other.waitForURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
  });

  test("the logout address is the company's logout_url; a site admin always uses the login page", async () => {
    await signInToConsole(page, SITE_ADMIN);
    const cedar = (await companyIds(page))['Cedar Clinics'];
    const logoutUrl = `${baseUrl}/login?signed_out=cedar`;
    const set = await apiFromPage(page, 'PUT', `/companies/${cedar}`, { logout_url: logoutUrl });
    expect(set.status).toBe(200);
    try {
      // The site admin, acting on Cedar: the login page all the same.
      await page.getByTestId('company-selector').click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Cedar Clinics' }).click()]);
      await consoleReady(page);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${baseUrl}/login`);

      await signInToConsole(page, demoUser('cedar', 'reviewer'));
      await page.getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(logoutUrl);
    } finally {
      await signInToConsole(page, SITE_ADMIN);
      await apiFromPage(page, 'PUT', `/companies/${cedar}`, { logout_url: null });
    }
  });
});

describe('session timeout (spec §4)', () => {
  test("calls that find the session gone show 'Session Timeout' once; OK goes to the logout address", async () => {
    await signInToConsole(page, SITE_ADMIN);
    await dropSessionCookie(context);
    // Two calls in flight together, both answered 403 'unauthenticated'.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route('**/api/v3/**', async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await gate;
      await route.continue();
    });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v3/') && response.status() === 403) failed.push(response.url());
    });
    await page.getByRole('textbox', { name: 'Search users' }).fill('acme');
    await expect.poll(() => held).toContain('/api/v3/users/all');
    await page.getByTestId('company-selector').click();
    await expect.poll(() => held).toContain('/api/v3/companies');
    release();
    await expect.poll(() => failed.length).toBeGreaterThanOrEqual(2);

    const dialogs = page.getByRole('dialog', { name: 'Session Timeout' });
    await dialogs.getByText(TIMEOUT_BODY).waitFor();
    await expect(dialogs.count()).resolves.toBe(1);
    await expect(dialogs.getByRole('button').allInnerTexts()).resolves.toEqual(['OK']);
    await dialogs.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${baseUrl}/login`);
  });

  test('the first /me of a signed-out visit is no timeout: it goes straight to the login', async () => {
    await page.goto('/admin/users');
    await page.waitForURL(/\/login\?redirect=/);
    await expect(page.getByText('Session Timeout').count()).resolves.toBe(0);
  });
});

describe('messages (spec §4, §8)', () => {
  test('?password_reset shows the success message, then the parameter is removed', async () => {
    await signInToConsole(page, demoUser('acme', 'reviewer'), '/admin?password_reset=1');
    await page.getByText('Password has been changed successfully.').waitFor();
    await page.waitForURL(HOME);
    expect(pathOf(page)).not.toContain('password_reset');
  });

  test('a flash message shows once, after the next route change; its modal has no cancel', async () => {
    await signInToConsole(page, demoUser('acme', 'cm'));
    await page.evaluate(() =>
      window.sessionStorage.setItem(
        'heed.flash',
        JSON.stringify({
          modal: { heading: 'Import finished', content: '12 users were created.' },
          snackbar: { message: 'Remember to assign courses.' },
        }),
      ),
    );
    await expect(page.getByText('Import finished').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Users' }).click();
    const modal = page.getByRole('dialog', { name: 'Import finished' });
    await modal.getByText('12 users were created.').waitFor();
    await page.getByText('Remember to assign courses.').waitFor();
    await expect(modal.getByRole('button').allInnerTexts()).resolves.toEqual(['OK']);
    await page.keyboard.press('Escape');
    await expect(modal.isVisible()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Assignments' }).click();
    await waitForTitle(page, 'Heed Admin | Assignments');
    await expect(page.getByRole('dialog', { name: 'Import finished' }).count()).resolves.toBe(0);
  });

  test("a 5xx shows 'Server error: {message}' and the caller still gets the failure", async () => {
    await signInToConsole(page, SITE_ADMIN);
    await page.route('**/api/v3/users/all*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"Disk full."}}' }),
    );
    await page.getByRole('textbox', { name: 'Search users' }).fill('acme');
    await page.getByText('Server error: Disk full.').waitFor();
    await page.getByText('The search failed. Try again.').waitFor();
  });

  test('a 5xx without a message uses the fallback text', async () => {
    await signInToConsole(page, SITE_ADMIN);
    await page.route('**/api/v3/companies?*', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.getByTestId('company-selector').click();
    await page.getByText('Server error: An unexpected server error has occurred.').waitFor();
  });

  test('an error nothing handled shows the unexpected-error snackbar', async () => {
    await signInToConsole(page, demoUser('acme', 'reviewer'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('a bug');
      }, 0);
      void Promise.reject(new Error('another bug'));
    });
    await page
      .getByText(
        'An unexpected error occurred while processing your request. Please try again or contact Support if the problem continues.',
      )
      .waitFor();
    // However many arrive together, the reader sees it once.
    await expect(
      page.getByText('An unexpected error occurred while processing your request.', { exact: false }).count(),
    ).resolves.toBe(1);
  });

  test('the global spinner shows while a call is in flight and goes away after it', async () => {
    await signInToConsole(page, SITE_ADMIN);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v3/users/all*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'Search users' }).fill('acme');
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
    release();
    await page.getByRole('option').first().waitFor();
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
  });
});
