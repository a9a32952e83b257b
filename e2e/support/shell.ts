import type { BrowserContext, Page, Request } from 'playwright-core';
import { submitSignIn } from './browser.ts';

export interface SignIn {
  login: string;
  password: string;
}

/** Path and query of the page's address. */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Console home: /admin (React Router may keep or drop the trailing slash). */
export const HOME = /\/admin\/?$/;

/** Signs in through the real /login page, heading for `path`, and waits for the console frame. */
export async function signInToConsole(page: Page, user: SignIn, path = '/admin'): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await submitSignIn(page, user.login, user.password);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  await consoleReady(page);
}

/** The frame is up: side navigation and the header's controls (a chunk of their own). */
export async function consoleReady(page: Page): Promise<void> {
  await page.getByTestId('side-nav').waitFor();
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

/** The side navigation's visible labels in order, after opening every group (which stay listed themselves). */
export async function sideNavLabels(page: Page): Promise<string[]> {
  const groups = page.locator('[data-testid^="nav-group-"]');
  for (const group of await groups.all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  const items = page.locator('[data-testid="side-nav"] :is(a, button), [data-testid="side-nav-end"] a');
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-testid^="nav-group-"]')).every(
      (g) => g.getAttribute('aria-expanded') === 'true',
    ),
  );
  return (await items.filter({ visible: true }).allInnerTexts()).map((text) => text.trim());
}

/**
 * Calls the API (`path` below /api/v3) from the page, as the console would: cookies, the XSRF token,
 * same-origin; `extraHeaders` for e.g. a site admin's X-Company-ID.
 */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body, extraHeaders }) => {
      const token = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
      if (token) headers['X-XSRF-TOKEN'] = decodeURIComponent(token);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(`/api/v3${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body, extraHeaders },
  );
}

/** Every API request the page makes from now on, with the X-Company-ID it carried. */
export function recordApiRequests(page: Page): { url: string; company: string | undefined }[] {
  const seen: { url: string; company: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    seen.push({ url: request.url(), company: request.headers()['x-company-id'] });
  });
  return seen;
}

/** The product's keys in both storage areas of the page's origin. */
export async function storedKeys(
  page: Page,
): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const pick = (store: Storage) =>
      Object.fromEntries(
        Object.keys(store)
          .filter((key) => key.startsWith('heed.'))
          .map((key) => [key, store.getItem(key) ?? '']),
      );
    return { local: pick(window.localStorage), session: pick(window.sessionStorage) };
  });
}

/** The demo companies by name, read as a site admin. */
export async function companyIds(page: Page): Promise<Record<string, number>> {
  const { json } = await apiFromPage<{ data: { id: number; name: string }[] }>(page, 'GET', '/companies?per_page=100');
  return Object.fromEntries(json.data.map((company) => [company.name, company.id]));
}

/** Removes the session cookie only: the next call finds no session (a timed-out one looks the same). */
export async function dropSessionCookie(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: 'heed_session' });
}

/** The tab title becomes `title` (it follows the route once the page rendered). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** Opens a side-navigation group and waits until it has finished unfolding (its links stop moving). */
export async function openNavGroup(page: Page, label: string): Promise<void> {
  const group = page.getByRole('button', { name: label, exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page.waitForFunction(
    (name) =>
      document.querySelector(`[data-testid="nav-group-${name}"]`)?.getAttribute('aria-expanded') === 'true' &&
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    label,
  );
}

/** Deletes the rules named `name` through the API (a journey's clean-up: their assignments stay, as a deleted rule's do). */
export async function deleteRulesNamed(page: Page, name: string): Promise<void> {
  const rules = await apiFromPage<{ data: { id: number; name: string }[] }>(page, 'GET', '/assignment-rules').catch(
    () => null,
  );
  for (const rule of rules?.json?.data?.filter((r) => r.name === name) ?? [])
    await apiFromPage(page, 'DELETE', `/assignment-rules/${rule.id}`).catch(() => {});
}
