import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type ContextOptions, launchChromium, newContext } from './browser.ts';
// Apart from browser.ts, which scripts outside vitest (screenshots.mjs) import too.

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
