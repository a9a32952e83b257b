// Latency of GET /api/v3/users with the custom field filters on a large company (made by `npm run seed`,
// whose companies have a text field employee_id = E<user id>, a select field location and a date field
// hire_date): exact values, text prefixes and date ranges, pages 1 and 2,000, sorted by last name, with
// meta.total; p50/p95/p99 over sequential keep-alive requests on loopback.
//
//   npm run bench -- users-custom-filters --db data/bench.sqlite [--company "Load Test Co"] [--requests 200]
import { resolve } from 'node:path';
import { fmt, ms, parseArgs, signInToCompany, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', requests: '200' });
const db = args.db ?? args._[0] ?? process.env.DATABASE_URL;
if (!db) {
  console.error('Give the database: --db <sqlite file or postgres:// URL> (make one with npm run seed).');
  process.exit(1);
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);
const requests = Number(args.requests);

const FILTERS = [
  ['location = Remote (exact, 1 in 6)', { 'field[cf.location]': 'Remote' }],
  ['location = Remote or Pune (two values)', { 'field[cf.location]': 'Remote,Pune, IN' }],
  ['employee_id = E5000 (exact, one user)', { 'field[cf.employee_id]': 'E5000' }],
  ['employee_id starts with E12345 (11 users)', { 'field[cf.employee_id]': 'E12345*' }],
  ['employee_id starts with E9 (~111k)', { 'field[cf.employee_id]': 'E9*' }],
  ['employee_id has a value (*)', { 'field[cf.employee_id]': '*' }],
  ['hire_date in one week', { 'field[cf.hire_date]': '2025-06-02..2025-06-08' }],
  ['hire_date from 2026-01-01 (open end)', { 'field[cf.hire_date]': '2026-01-01..' }],
  [
    'hire_date week + location Remote',
    { 'field[cf.hire_date]': '2025-06-02..2025-06-08', 'field[cf.location]': 'Remote' },
  ],
];

const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
try {
  const { company, headers } = await signInToCompany(heed.url, args.company);
  const list = (query) =>
    `/api/v3/users?${new URLSearchParams({ per_page: '25', sort: 'last_name', order: 'asc', ...query })}`;
  console.log(`${args.company} (id ${company.id}); ${requests} sequential requests per cell.\n`);
  console.log(`${'filter (sort last_name)'.padEnd(44)} page 1 p50  p95   p99   page 2000 p95      total`);
  for (const [label, query] of FILTERS) {
    const one = await timeRequests(heed.url, headers, requests, () => list(query));
    const deep = await timeRequests(heed.url, headers, requests, () => list({ ...query, page: '2000' }));
    const total = JSON.parse(one.last).meta.total;
    console.log(
      `${label.padEnd(44)} ${ms(one.p50)} ${ms(one.p95)} ${ms(one.p99)}   ${ms(deep.p95)}   ${fmt(total).padStart(9)}`,
    );
  }
} finally {
  await heed.stop();
}
