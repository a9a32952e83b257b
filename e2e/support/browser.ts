import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

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
