// Latency of GET /api/v3/assignments (the Assignments page) on a large company made by `npm run seed`:
// page 1 and a deep page (page 2,000 of 25: offset 49,975) for every sort, then the filters (each
// status incl. overdue, course, department subtree, source, a due date range, learner-name text) sorted
// by due date. first / p50 / p95 / max over sequential keep-alive requests on loopback, signed in as the
// site admin acting on the company. A row whose first request is slow is timed fewer times (at least 3).
//
//   npm run bench -- assignments-list --db data/bench.sqlite [--company "Load Test Co"] [--requests 40]
import { resolve } from 'node:path';
import { moveRollupWindow } from './lib/rollup-window.mjs';
import { fmt, ms, parseArgs, signInToCompany, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', requests: '40' });
const db = args.db ?? args._[0] ?? process.env.DATABASE_URL;
if (!db) {
  console.error('Give the database: --db <sqlite file or postgres:// URL> (make one with npm run seed).');
  process.exit(1);
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);
const requests = Number(args.requests);
const COLUMN_SORTS = ['assigned_at', 'due_at', 'completed_at', 'score', 'expires_at', 'source', 'id', 'learner'];
const EXPRESSION_SORTS = ['status', 'course', 'department'];

// Today's window: the status totals come from the rollups, and status filters and order from the list codes.
moveRollupWindow(url);
const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
try {
  const { company, headers } = await signInToCompany(heed.url, args.company);
  const get = async (path) => (await fetch(`${heed.url}${path}`, { headers })).json();
  const list = (query) =>
    `/api/v3/assignments?${new URLSearchParams({ per_page: '25', sort: 'due_at', order: 'asc', ...query })}`;
  const departments = (await get('/api/v3/departments')).data ?? [];
  const department = departments.find((d) => d.parent_id === null) ?? departments[0];
  const first = await get(list({}));
  const course = first.data[0]?.course.id;
  console.log(`${args.company} (id ${company.id}): ${fmt(first.meta.total)} assignments.\n`);

  // Column sorts first (the learner's name is a kept copy, migration 045), then the filters, then the
  // sorts on expressions (course, department names, the derived status), which no index orders: each
  // of those reads the whole company.
  const sortRows = (sorts) =>
    sorts.flatMap((sort) => {
      const order = sort === 'assigned_at' ? 'desc' : 'asc';
      return [
        [`sort ${sort} ${order}, page 1`, () => list({ sort, order })],
        [`sort ${sort} ${order}, page 2000`, () => list({ sort, order, page: '2000' })],
      ];
    });
  const rows = sortRows(COLUMN_SORTS);
  const filters = [
    ['status overdue', { 'field[status]': 'overdue' }],
    ['status not started', { 'field[status]': 'not_started' }],
    ['status in progress', { 'field[status]': 'in_progress' }],
    ['status completed', { 'field[status]': 'completed' }],
    ['status expired', { 'field[status]': 'expired' }],
    ['one course', { 'field[course_id]': String(course) }],
    [`department subtree (${department?.name})`, { 'field[department_id]': String(department?.id) }],
    ['source manual', { 'field[source]': 'manual' }],
    ['due in one month', { 'field[due_at]': '2026-01-01..2026-01-31' }],
    ['learner text "olivia smith"', { text: 'olivia smith' }],
    ['learner text "son" (common)', { text: 'son' }],
    ['overdue + one course', { 'field[status]': 'overdue', 'field[course_id]': String(course) }],
    // The console's default order (assignment date, newest first) and the status order under a subtree.
    ['learner text "son", sort assigned_at desc', { text: 'son', sort: 'assigned_at', order: 'desc' }],
    ['learner text "son" + overdue', { text: 'son', 'field[status]': 'overdue' }],
    ['learner text "garcia" + overdue', { text: 'garcia', 'field[status]': 'overdue' }],
    [
      `department subtree (${department?.name}), sort status`,
      { 'field[department_id]': String(department?.id), sort: 'status' },
    ],
  ];
  for (const [label, query] of filters) {
    rows.push([`${label}, page 1`, () => list(query)]);
    rows.push([`${label}, page 200`, () => list({ ...query, page: '200' })]);
  }
  rows.push(...sortRows(EXPRESSION_SORTS));
  console.log(`${'request (sort due_at asc unless named)'.padEnd(46)}   total    first     p50     p95     max   (ms)`);
  // --only "learner,overdue": the rows whose label holds one of these.
  const only = args.only ? String(args.only).split(',') : undefined;
  for (const [label, path] of rows.filter(([label]) => !only || only.some((part) => label.includes(part)))) {
    const probe = await timeRequests(heed.url, headers, 1, path);
    const total = JSON.parse(probe.last).meta.total;
    const count = Math.max(3, Math.min(requests, Math.ceil(4000 / Math.max(probe.first, 1))));
    const t = await timeRequests(heed.url, headers, count, path);
    console.log(
      `${label.padEnd(46)} ${fmt(total).padStart(9)} ${ms(probe.first)} ${ms(t.p50)} ${ms(t.p95)} ${ms(t.max)}`,
    );
  }
  console.log(
    '\nBudget: p95 ≤ 20 ms (SQLite), ≤ 30 ms (PostgreSQL) for page 1 and a deep page of every sort and filter.',
  );
} finally {
  await heed.stop();
}
