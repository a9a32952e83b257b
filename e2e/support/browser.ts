import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** Debian's Chromium (or CHROMIUM_PATH), headless, without anything that calls home. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ContextOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
}

/** A fresh browser profile (no cookies, no local storage) against the running server. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Fills the real sign-in form and submits it with the button. */
export async function submitSignIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The signed-in user as the API sees it (shares the page's cookies). */
export async function currentUser(page: Page): Promise<{ first_name: string; last_name: string; username: string }> {
  const response = await page.request.get('/api/v3/me');
  if (!response.ok()) throw new Error(`GET /api/v3/me answered ${response.status()}`);
  return ((await response.json()) as { data: { first_name: string; last_name: string; username: string } }).data;
}

/**
 * A test file's browser: one Chromium for the file (launched before its first test, closed after the
 * last), and fresh profiles against the suite's server that are closed after the test that opened them.
 */
export function useChromium() {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  const session = {
    baseUrl,
    get browser(): Browser {
      if (!browser) throw new Error('Chromium starts before the first test of the file.');
      return browser;
    },
    /** A fresh profile (no cookies, no storage) for this test; `url` for another server than the suite's. */
    async newContext(options: ContextOptions = {}, url = baseUrl): Promise<BrowserContext> {
      const context = await newContext(session.browser, url, options);
      opened.push(context);
      return context;
    },
    /** A page in a fresh profile for this test. */
    async newPage(options: ContextOptions = {}): Promise<Page> {
      return (await session.newContext(options)).newPage();
    },
  };
  return session;
}
