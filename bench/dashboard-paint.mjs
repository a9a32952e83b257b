// The Home dashboard's cold load in Debian's Chromium (issue 18 budget: every widget shown within
// 1.5 s): the production build against a large database (`--db`, made by `npm run seed`), signed in as
// the site admin acting on `--company` (default "Load Test Co"), a fresh browser profile each run.
// Prints, from navigation start, first contentful paint and when each widget left its loading
// skeleton (a MutationObserver installed before the page's scripts), median and worst of `--runs` (3),
// and when the last one did. Never fails on time. Run `npm run build` first.
//
//   npm run bench -- dashboard-paint --db data/bench.sqlite [--company NAME] [--runs 3] [--timeout 600]
import { tsImport } from 'tsx/esm/api';
import { parseArgs, signIn, startHeed } from './lib/server.mjs';
import { moveRollupWindow } from './lib/rollup-window.mjs';

const { launchChromium, newContext, submitSignIn } = await tsImport('../e2e/support/browser.ts', import.meta.url);
const { ASSIGNMENT_REPORTS } = await tsImport('../packages/contract/src/reports/reports.ts', import.meta.url);

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', runs: '3', timeout: '600' });
if (!args.db) throw new Error('--db: a database made by `npm run seed` (a SQLite file or postgres://…)');
const runs = Number(args.runs);
const WIDGETS = ASSIGNMENT_REPORTS;

// The report rollups' window moved to today, as the worker's daily job does (the reports bench does the same).
moveRollupWindow(args.db);

/** Before any script of the page: the acting company, and when each widget first shows no skeleton. */
function watchWidgets({ company, widgets }) {
  sessionStorage.setItem('heed.company', company);
  localStorage.setItem('heed.last-company', company);
  window.__widgetsAt = {};
  const seen = () => {
    for (const report of widgets) {
      if (window.__widgetsAt[report] !== undefined) continue;
      const card = document.querySelector(`[data-widget="${report}"]`);
      if (card && !card.querySelector('[aria-label^="Loading"]')) window.__widgetsAt[report] = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
}

const heed = await startHeed({ DATABASE_URL: args.db, WORKER: 'off' });
const browser = await launchChromium();
const results = [];
try {
  const session = await signIn(heed.url, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
  const found = await (
    await fetch(`${heed.url}/api/v3/companies?name=${encodeURIComponent(args.company)}`, { headers: session })
  ).json();
  const company = found.data?.find((c) => c.name === args.company);
  if (!company) throw new Error(`No company named "${args.company}" (see npm run seed -- --company NAME).`);
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, heed.url, { width: 1440, height: 900 });
    const page = await context.newPage();
    await page.goto('/login');
    await submitSignIn(page, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.close();
    // A new page of the same fresh profile: the console's chunks were never fetched (the sign-in page shares none).
    const dashboard = await context.newPage();
    await dashboard.addInitScript(watchWidgets, { company: String(company.id), widgets: WIDGETS });
    await dashboard.goto('/admin');
    await dashboard.waitForFunction((count) => Object.keys(window.__widgetsAt).length === count, WIDGETS.length, {
      timeout: Number(args.timeout) * 1000,
      polling: 100,
    });
    results.push(
      await dashboard.evaluate(() => {
        // Where the time goes: the console's scripts, then the widgets' calls (resource timing).
        const resources = performance.getEntriesByType('resource');
        const scripts = resources.filter((r) => /\/assets\/.*\.js$/.test(new URL(r.name).pathname));
        const calls = resources.filter((r) => new URL(r.name).pathname.startsWith('/api/v3/reports/'));
        const times = (list, key) => (list.length ? list.map((r) => r[key]) : [Number.NaN]);
        return {
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          'scripts loaded': Math.max(...times(scripts, 'responseEnd')),
          'first call sent': Math.min(...times(calls, 'startTime')),
          'last call sent': Math.max(...times(calls, 'startTime')),
          'last call answered': Math.max(...times(calls, 'responseEnd')),
          ...window.__widgetsAt,
          // Each call (the filter bar's course choices are the course summary with deactivated learners):
          // asked for, on the wire (a browser holds six connections per host), answered.
          calls: Object.fromEntries(
            resources
              .filter((r) => new URL(r.name).pathname.startsWith('/api/v3/'))
              .map((r) => {
                const url = new URL(r.name);
                return [
                  url.pathname.slice('/api/v3/'.length) + url.search,
                  [r.startTime, r.requestStart, r.responseEnd],
                ];
              }),
          ),
        };
      }),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await heed.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0).padStart(7)} ms`;
const print = (label, values) =>
  console.log(`${label.padEnd(30)} median ${ms(median(values))}   worst ${ms(Math.max(...values))}`);
const lastWidget = (r) => Math.max(...WIDGETS.map((report) => r[report]));
console.log(`\nHome dashboard of ${args.company}, cold, production build, loopback, Chromium, ${runs} runs\n`);
print(
  'first contentful paint',
  results.map((r) => r.fcp),
);
for (const moment of ['scripts loaded', 'first call sent', 'last call sent', 'last call answered'])
  print(
    moment,
    results.map((r) => r[moment]),
  );
for (const report of WIDGETS)
  print(
    report,
    results.map((r) => r[report]),
  );
print('every widget shown', results.map(lastWidget));
console.log('\nEach call, median: asked for / sent / answered');
const callNames = [...new Set(results.flatMap((r) => Object.keys(r.calls)))];
for (const name of callNames.sort(
  (a, b) => median(results.map((r) => r.calls[a]?.[0] ?? 0)) - median(results.map((r) => r.calls[b]?.[0] ?? 0)),
)) {
  const at = (i) => ms(median(results.map((r) => r.calls[name]?.[i] ?? Number.NaN)));
  console.log(`  ${name.slice(0, 60).padEnd(60)} ${at(0)} ${at(1)} ${at(2)}`);
}
console.log('\nBudget (issue 18): every widget shown within 1,500 ms of a cold load.');
