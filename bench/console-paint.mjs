// First contentful paint of /admin/users and the time until the users table shows its rows, both
// from the Performance API in Debian's Chromium, against the production build on loopback with the
// demo data. Cold = a fresh browser profile (nothing cached); warm = the same profile again.
// Prints median and worst of --runs (5) each, and the renderer main thread's busy time until the table
// (Chromium's TaskDuration: less sensitive to a loaded machine than the wall clock, though not immune).
// Never fails on time. Run `npm run build` first.
import { tsImport } from 'tsx/esm/api';
import { parseArgs } from './lib/server.mjs';

const { startHeed } = await tsImport('../e2e/support/server.ts', import.meta.url);
const { launchChromium, newContext, submitSignIn } = await tsImport('../e2e/support/browser.ts', import.meta.url);
const { demoUser } = await tsImport('../e2e/support/demo-users.ts', import.meta.url);

const args = parseArgs(process.argv.slice(2), { runs: '5' });
const runs = Number(args.runs);
const user = demoUser('acme', 'cm');

/** Before any script of the page: note when the first real row of a users table appears. */
const watchTable = () => {
  const seen = () => {
    const row = document.querySelector('table tbody tr:not([data-testid="skeleton-row"]):not([aria-hidden])');
    if (!row || window.__tableAt !== undefined) return;
    window.__tableAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

async function measure(context) {
  const page = await context.newPage();
  await page.addInitScript(watchTable);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto('/admin/users');
  await page.waitForFunction(() => window.__tableAt !== undefined, undefined, { timeout: 30_000 });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const busy = (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
  const figures = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const [nav] = performance.getEntriesByType('navigation');
    return { fcp: paint?.startTime ?? Number.NaN, table: window.__tableAt, load: nav?.loadEventEnd ?? Number.NaN };
  });
  await page.close();
  return { ...figures, busy };
}

const heed = await startHeed();
const browser = await launchChromium();
const cold = [];
const warm = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, heed.url, { width: 1440, height: 900 });
    const signIn = await context.newPage();
    await signIn.goto('/login');
    await submitSignIn(signIn, user.login, user.password);
    await signIn.waitForURL((url) => !url.pathname.startsWith('/login'));
    await signIn.close();
    // The sign-in page shares no chunks with the console, so the first console visit is cold.
    cold.push(await measure(context));
    warm.push(await measure(context));
    await context.close();
  }
} finally {
  await browser.close();
  await heed.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
const row = (label, list, key) => {
  const values = list.map((figure) => figure[key]);
  return `${label.padEnd(38)} median ${median(values).toFixed(0).padStart(5)} ms   worst ${worst(values).toFixed(0).padStart(5)} ms`;
};
console.log(`/admin/users as ${user.login}, production build, loopback, Chromium, ${runs} runs\n`);
console.log(row('first contentful paint (cold)', cold, 'fcp'));
console.log(row('users table rendered (cold)', cold, 'table'));
console.log(row('first contentful paint (warm)', warm, 'fcp'));
console.log(row('users table rendered (warm)', warm, 'table'));
console.log(row('main thread busy until table (cold)', cold, 'busy'));
console.log(row('main thread busy until table (warm)', warm, 'busy'));
console.log('\nBudgets: first contentful paint ≤ 800 ms; table rendered ≤ 1,200 ms after navigation start.');
