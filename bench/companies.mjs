// The company switcher at scale (issue 19 item 4): GET /api/v3/companies?name= with 5,000 companies, as the
// header's company selector asks it (name part, page, 25 a page), against the built server on a temporary
// SQLite database. The companies are written straight into the database (after the server has migrated it),
// each with a few users so that the list's user counts are real. p50/p95/p99/max over `--requests` (200)
// sequential keep-alive requests per row, signed in as the site admin. Budget: p95 ≤ 20 ms.
//
//   npm run bench -- companies [--companies 5000] [--requests 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, fmt, ms, parseArgs, signIn, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { companies: '5000', requests: '200' });
const COMPANIES = Number(args.companies);
const REQUESTS = Number(args.requests);
const WORDS = ['Acme', 'Borealis', 'Cedar', 'Delta', 'Evergreen', 'Fjord', 'Granite', 'Harbor', 'Iris', 'Juniper'];
const KINDS = ['Manufacturing', 'Bank', 'Clinics', 'Logistics', 'Foods', 'Energy', 'Retail', 'Labs'];

function seedCompanies(file) {
  const Database = createRequire(join(ROOT, 'apps/api/package.json'))('better-sqlite3');
  const db = new Database(file);
  const stamp = new Date().toISOString();
  const insert = db.prepare(
    'INSERT INTO companies (name, suspended, logout_url, branding, created_at, updated_at) VALUES (?, ?, NULL, NULL, ?, ?)',
  );
  const user = db.prepare(
    "INSERT INTO users (company_id, username, first_name, last_name, role, created_at, updated_at) VALUES (?, ?, 'Bench', 'User', 0, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 1; i <= COMPANIES; i++) {
      const name = `${WORDS[i % WORDS.length]} ${KINDS[i % KINDS.length]} ${i}`;
      const { lastInsertRowid } = insert.run(name, i % 17 === 0 ? 1 : 0, stamp, stamp);
      for (let u = 0; u < 3; u++) user.run(lastInsertRowid, `bench.${i}.${u}`, stamp, stamp);
    }
  })();
  db.close();
}

console.log(
  `Machine load average: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs; SQLite; ${fmt(COMPANIES)} companies.`,
);
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-companies-'));
const file = join(temp, 'heed.sqlite');
const heed = await startHeed({ DATA_DIR: temp, DATABASE_URL: file });
try {
  seedCompanies(file);
  const headers = await signIn(heed.url, 'admin@heed.test', 'heed-admin-demo');
  const rows = [
    ['selector opened (page 1, no name)', () => '/api/v3/companies?page=1'],
    ['page 100 (no name)', () => '/api/v3/companies?page=100'],
    ['a common part ("an")', () => '/api/v3/companies?name=an'],
    ['a word ("harbor")', () => '/api/v3/companies?name=harbor'],
    ['one company ("Fjord Energy 4325")', () => '/api/v3/companies?name=Fjord%20Energy%204325'],
    ['typing, a new term each time', (i) => `/api/v3/companies?name=${encodeURIComponent(String(1000 + i))}`],
    ['no match', () => '/api/v3/companies?name=zzzz'],
    ['without suspended (suspended=0)', () => '/api/v3/companies?name=a&suspended=0'],
  ];
  console.log(`${'request'.padEnd(40)}   first     p50     p95     p99     max  total`);
  for (const [label, pathFor] of rows) {
    const result = await timeRequests(heed.url, headers, REQUESTS, pathFor);
    const total = JSON.parse(result.last).meta.total;
    console.log(
      `${label.padEnd(40)} ${ms(result.first)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${ms(result.max)}  ${fmt(total)}`,
    );
  }
  console.log('Budget: p95 ≤ 20 ms.');
} finally {
  await heed.stop();
  rmSync(temp, { recursive: true, force: true });
}
