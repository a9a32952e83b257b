// Latency of GET /api/v3/audit-logs (Audit Logs, newest first, keyset-paged: decision 071) on a
// generated log: page 1 and a deep page (a cursor half-way down the company's log) unfiltered, and
// under each indexed filter (actor, action, entity, a date range, all companies). first / p50 / p95 /
// max over sequential keep-alive requests on loopback, as the site admin acting on the company.
// Budget (issue 18): p95 ≤ 20 ms for page 1 and a deep page at 50M rows; run at 1M here by default.
// Then the text search (migration 044, decision 084) over the same pages: a text in every entry, one in
// about 1 in 40, about 1 in 1,800, one record's, none, and texts of two characters (no index), each
// over `--text-requests` requests. `--only filters|text` runs one half.
//
//   npm run bench -- audit-logs [--rows 1000000] [--db <sqlite file or postgres:// URL>] [--requests 200]
//     [--text-requests 50] [--only filters|text]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { freshCompany } from './lib/fresh-company.mjs';
import { fmt, ms, parseArgs, signIn, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { rows: '1000000', requests: '200', 'text-requests': '50' });
const rows = Number(args.rows);
const requests = Number(args.requests);
const textRequests = Number(args['text-requests']);
const dataDir = mkdtempSync(join(tmpdir(), 'heed-audit-bench-'));
const url = args.db ?? join(dataDir, 'bench.sqlite');
const ACTIONS = ['user.update', 'user.create', 'assignment.create', 'auth.login', 'course.update', 'department.update'];
const BATCH = 2000;
const START = Date.UTC(2022, 0, 1);

/** `rows` entries over four years: 90% in the bench company, the rest in ten others. */
async function fill(db, companyId) {
  const others = [];
  for (let i = 0; i < 10; i++) {
    const now = new Date().toISOString();
    const c = await db
      .insertInto('companies')
      .values({ name: `Other ${i}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    others.push(c.id);
  }
  const step = (4 * 365 * 86_400_000) / rows;
  const began = Date.now();
  for (let start = 0; start < rows; start += BATCH * 25) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(rows, start + BATCH * 25); b += BATCH) {
        const values = [];
        for (let i = b; i < Math.min(rows, b + BATCH); i++) {
          const action = ACTIONS[i % ACTIONS.length];
          values.push({
            company_id: i % 10 === 9 ? others[i % others.length] : companyId,
            actor_id: 1000 + (i % 500),
            impersonator_id: i % 97 === 0 ? 1 : null,
            action,
            entity_type: action.split('.')[0],
            entity_id: String(i % 20_000),
            before: i % 3 === 0 ? `{"department_id":${i % 40}}` : null,
            after: `{"department_id":${(i + 1) % 40},"name":"Person ${i % 20_000}"}`,
            ip: `198.51.100.${i % 250}`,
            created_at: new Date(START + Math.floor(i * step)).toISOString(),
          });
        }
        await trx.insertInto('audit_log').values(values).execute();
      }
    });
    if (start % 200_000 === 0) process.stdout.write(`  ${fmt(start)} rows…\r`);
  }
  console.log(`Wrote ${fmt(rows)} audit rows in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
}

const companyId = await freshCompany(url, dataDir, 'Audit Bench Co', fill);
// A cursor half-way down the company's log, as a reader paging far back would hold.
const handle = createDb({ url });
const middle = await handle.db
  .selectFrom('audit_log')
  .select(['created_at', 'id'])
  .where('company_id', '=', companyId)
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .offset(Math.floor((rows * 0.9) / 2))
  .limit(1)
  .executeTakeFirstOrThrow();
// Statistics for the planner: the trigram index's choice against the time walk rests on them.
if (url.startsWith('postgres')) await sql`ANALYZE audit_log`.execute(handle.db);
await handle.close();
const deep = Buffer.from(`${middle.created_at}|${middle.id}`).toString('base64url');

const heed = await startHeed({ DATABASE_URL: url, DATA_DIR: dataDir, WORKER: 'off', HEED_DEMO: '0' });
try {
  const session = await signIn(heed.url, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
  const headers = { ...session, 'x-company-id': String(companyId) };
  const list = (query) => `/api/v3/audit-logs?${new URLSearchParams({ per_page: '25', ...query })}`;
  const filters = [
    ['newest first', {}],
    ['one actor', { 'field[actor_id]': '1007' }],
    ['one action', { 'field[action]': 'course.update' }],
    ['one record (user #1234)', { 'field[entity_type]': 'user', 'field[entity_id]': '1234' }],
    ['one month', { 'field[created_at]': '2024-03-01..2024-03-31' }],
    ['all companies', { 'field[company_id]': 'all' }],
  ];
  // The generated entries' after is {"department_id":N,"name":"Person K"} (K = i mod 20,000).
  const texts = [
    ['text in every entry', { text: 'person' }],
    ['text in 1 of 40', { text: 'department_id":7,' }],
    ['text in 1 of 1,800', { text: 'person 1999' }],
    ['text of one record', { text: 'person 12345"' }],
    ['text in none', { text: 'zebra' }],
    ['text + one actor', { text: 'person 1', 'field[actor_id]': '1007' }],
    ['text + all companies', { text: 'department_id":7,', 'field[company_id]': 'all' }],
    ['2-char text, common', { text: 'pe' }],
    ['2-char text, none', { text: 'zq' }],
  ];
  const cases = [
    ...(args.only === 'text' ? [] : filters.map(([label, query]) => [label, query, requests])),
    ...(args.only === 'filters' ? [] : texts.map(([label, query]) => [label, query, textRequests])),
  ];
  console.log(`\n${'request (25 a page)'.padEnd(40)}    first     p50     p95     max   (ms)`);
  for (const [label, query, count] of cases) {
    for (const [where, extra] of [
      ['page 1', {}],
      ['deep page', { cursor: deep }],
    ]) {
      const path = () => list({ ...query, ...extra });
      const probe = await timeRequests(heed.url, headers, 1, path);
      const shown = JSON.parse(probe.last).data.length;
      const t = await timeRequests(heed.url, headers, count, path);
      console.log(
        `${`${label}, ${where} (${shown} rows)`.padEnd(40)} ${ms(probe.first)} ${ms(t.p50)} ${ms(t.p95)} ${ms(t.max)}`,
      );
    }
  }
} finally {
  await heed.stop?.();
  if (!args.db) rmSync(dataDir, { recursive: true, force: true });
}
