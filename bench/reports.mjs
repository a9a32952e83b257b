// Latency of every Home dashboard widget call (GET /api/v3/reports/assignments/*) on a large company
// made by `npm run seed`: the whole company, a department subtree, one course, a period, a custom
// field, deactivated learners included, and a combination. first / p50 / p95 / max over sequential
// keep-alive requests on loopback, signed in as the site admin acting on the company. Status counts,
// the department and course summaries, completion history and the benchmarks read the maintained
// rollups (decision 088) unless a custom-field filter or a period of days sends them to the table; the
// database is migrated and the rollups' window moved to today first, as the worker's daily job does.
//
//   npm run bench -- reports --db data/bench.sqlite [--company "Load Test Co"] [--requests 20]
//     [--only status-counts,department-summary]   (widgets whose name holds one of these)
//     [--skip custom,days]                        (leave out the filters whose label holds one of these)
import { resolve } from 'node:path';
import { fmt, ms, parseArgs, signInToCompany, startHeed, timeRequests } from './lib/server.mjs';
import { moveRollupWindow } from './lib/rollup-window.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', requests: '20' });
const db = args.db ?? args._[0] ?? process.env.DATABASE_URL;
if (!db) {
  console.error('Give the database: --db <sqlite file or postgres:// URL> (make one with npm run seed).');
  process.exit(1);
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);
const requests = Number(args.requests);
const WIDGETS = [
  'status-counts',
  'department-summary',
  'attribute-summary',
  'completion-history',
  'completion-benchmark',
  'score-benchmark',
  'leaderboard-summary',
  'leaderboard',
  'recertification',
  'course-summary',
  'user-completion-summary',
];

moveRollupWindow(url);

const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
try {
  const { company, headers } = await signInToCompany(heed.url, args.company);
  const get = async (path) => (await fetch(`${heed.url}${path}`, { headers })).json();
  const departments = (await get('/api/v3/departments')).data ?? [];
  const department = departments.find((d) => d.parent_id === null) ?? departments[0];
  const fields = (await get('/api/v3/custom-fields')).data ?? [];
  const field = fields.find((f) => f.type === 'select') ?? fields[0];
  const courses = (await get('/api/v3/reports/assignments/course-summary')).data ?? [];
  const course = courses[0]?.course.id;
  const counts = (await get('/api/v3/reports/assignments/status-counts')).data;
  const value = field
    ? ((await get(`/api/v3/reports/assignments/attribute-summary?attribute=${field.key}`)).data?.rows ?? []).find(
        (r) => r.value !== null,
      )?.value
    : undefined;
  console.log(`${args.company} (id ${company.id}): ${fmt(counts?.assigned ?? 0)} assignments of active learners.\n`);

  const filters = [
    ['whole company', {}],
    [`department subtree (${department?.name})`, { 'field[department_id]': String(department?.id) }],
    ['one course', { 'field[course_id]': String(course) }],
    ['period 2026-01-01..2026-03-31 (whole months)', { 'field[period]': '2026-01-01..2026-03-31' }],
    ['period 2026-01-05..2026-03-20 (days)', { 'field[period]': '2026-01-05..2026-03-20' }],
    ...(field && value ? [[`custom field ${field.key}=${value}`, { [`field[cf.${field.key}]`]: value }]] : []),
    ['include deactivated', { include_deactivated: '1' }],
    [
      'subtree + course + period',
      {
        'field[department_id]': String(department?.id),
        'field[course_id]': String(course),
        'field[period]': '2025-07-01..2026-06-30',
      },
    ],
  ];
  const only = args.only ? String(args.only).split(',') : undefined;
  const widgets = WIDGETS.filter((w) => !only || only.some((o) => w.includes(o)));
  const p95s = new Map(widgets.map((w) => [w, []]));
  console.log(`${'widget / filter'.padEnd(64)}    first     p50     p95     max   (ms)`);
  const skip = args.skip ? String(args.skip).split(',') : [];
  for (const widget of widgets) {
    for (const [label, query] of filters.filter(([label]) => !skip.some((s) => label.includes(s)))) {
      const params = new URLSearchParams(query);
      if (widget === 'attribute-summary') {
        if (!field) continue;
        params.set('attribute', field.key);
      }
      const path = () => `/api/v3/reports/assignments/${widget}?${params}`;
      const probe = await timeRequests(heed.url, headers, 1, path);
      const count = Math.max(3, Math.min(requests, Math.ceil(6000 / Math.max(probe.first, 1))));
      const t = await timeRequests(heed.url, headers, count, path);
      p95s.get(widget).push(t.p95);
      console.log(`${`${widget}, ${label}`.padEnd(64)} ${ms(probe.first)} ${ms(t.p50)} ${ms(t.p95)} ${ms(t.max)}`);
    }
  }
  console.log('\nWorst p95 per widget (ms):');
  for (const [widget, list] of p95s) console.log(`  ${widget.padEnd(28)} ${ms(Math.max(...list))}`);
  console.log('\nBudget at 10M assignments: p95 ≤ 100 ms (SQLite), ≤ 150 ms (PostgreSQL), any filter, live.');
} finally {
  await heed.stop();
}
