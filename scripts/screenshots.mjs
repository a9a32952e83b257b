#!/usr/bin/env node
// Starts Heed like the end-to-end tests do (real server, demo data, fresh SQLite), signs in, and saves
// PNGs of the sign-in page, My Courses and the console in light and dark mode at 1440 and 1024 px
// into ./screenshots/ (git-ignored). Run `npm run build` first.
// Usage: node scripts/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { startHeed } = await tsImport('../e2e/support/server.ts', import.meta.url);
const { launchChromium, newContext, submitSignIn } = await tsImport('../e2e/support/browser.ts', import.meta.url);
const { SITE_ADMIN, demoUser } = await tsImport('../e2e/support/demo-users.ts', import.meta.url);

const outDir = resolve('screenshots');
mkdirSync(outDir, { recursive: true });

const WIDTHS = [1440, 1024];
const SCHEMES = ['light', 'dark'];

async function shoot(page, name) {
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  console.log(`  ${file}`);
}

const heed = await startHeed();
const browser = await launchChromium();
try {
  console.log(`Heed at ${heed.url}; saving to ${outDir}`);
  for (const width of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      const suffix = `${colorScheme}-${width}`;
      const context = await newContext(browser, heed.url, { colorScheme, width, height: 800 });
      const page = await context.newPage();

      await page.goto('/login?redirect=%2Fadmin');
      await page.getByRole('heading', { name: 'Sign in to Heed' }).waitFor();
      await shoot(page, `login-${suffix}`);

      await submitSignIn(page, 'acme.cm', 'not-the-password');
      await page.getByRole('alert').waitFor();
      await page.locator('button[type=submit]:not([data-loading])').waitFor();
      await shoot(page, `login-error-${suffix}`);

      await submitSignIn(page, SITE_ADMIN.login, SITE_ADMIN.password);
      await page.waitForURL(`${heed.url}/admin`);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await shoot(page, `admin-${suffix}`);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${heed.url}/login`);
      const student = demoUser('acme', 'student');
      await submitSignIn(page, student.login, student.password);
      await page.getByRole('heading', { name: 'My Courses' }).waitFor();
      await shoot(page, `my-courses-${suffix}`);

      await context.close();
    }
  }
} finally {
  await browser.close();
  await heed.stop();
}
