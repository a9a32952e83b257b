// Latency of GET /api/v3/users on a large company (made by `npm run seed`): page 1 sorted by last name
// with meta.total, a deep page, and text filters; p50/p95/p99 over sequential requests on loopback
// (keep-alive, so the figures are the server's time plus well under a millisecond of transport).
// With --during-seed, the same while `npm run seed` writes into another company of the same database;
// with --during-import, while the server's own worker imports a CSV of new users into the same company.
//
//   npm run bench -- users-list --db data/bench.sqlite [--company "Load Test Co"] [--requests 200]
//   npm run bench -- users-list --db data/bench.sqlite --matrix     (every sort and filter, pages 1 and 2000)
//     [--only "sort department,sort manager"]                      (the rows whose label holds one of these)
//   npm run bench -- users-list --db data/bench.sqlite --during-seed [--seed-users 200000 --seed-assignments 2000000]
//   npm run bench -- users-list --db data/bench.sqlite --during-import [--import-rows 100000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIRST_NAMES, LAST_NAMES } from '../apps/api/src/db/seed/names.ts';
import { startImport, until, writeCsv } from './lib/import-file.mjs';
import { ROOT, fmt, ms, parseArgs, signInToCompany, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', requests: '200' });
const db = args.db ?? args._[0] ?? process.env.DATABASE_URL;
if (!db) {
  console.error('Give the database: --db <sqlite file or postgres:// URL> (make one with npm run seed).');
  process.exit(1);
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);
const requests = Number(args.requests);

// The import runs in the server's own worker thread; otherwise no background work disturbs the figures.
const heed = await startHeed({ DATABASE_URL: url, WORKER: args['during-import'] ? 'thread' : 'off' });
try {
  const { company, headers } = await signInToCompany(heed.url, args.company);
  const list = (query) =>
    `/api/v3/users?${new URLSearchParams({ per_page: '25', sort: 'last_name', order: 'asc', ...query })}`;
  const first = await (await fetch(`${heed.url}${list({})}`, { headers })).json();
  console.log(
    `${args.company} (id ${company.id}): ${fmt(first.meta.total)} users. ${requests} sequential requests per row.\n`,
  );

  if (args['during-seed']) await duringSeed(headers, list);
  else if (args['during-import']) await duringImport(headers, list);
  else if (args.matrix) await matrix(headers, list, first);
  else await table(headers, list, first);
} finally {
  await heed.stop();
}

async function table(headers, list, first) {
  const sample = first.data[0];
  const terms = {
    common: ['son', 'ann', 'ert', 'mar', 'ell'],
    name: ['olivia.smith', 'liam nguyen', 'emma.garcia', 'noah.khan', 'sofia.rossi'],
    username: [sample.username],
  };
  // Each request a term not searched before in this server: nothing of it is cached (counts, lists).
  const names = [...new Set([...FIRST_NAMES, ...LAST_NAMES].map((name) => name.toLowerCase()))];
  const trigrams = [...new Set(names.flatMap((name) => [name.slice(0, 3), name.slice(-3)]))].filter(
    (term) => [...term].length === 3 && !terms.common.includes(term) && !names.includes(term),
  );
  const rows = [
    [`text: a name's first search (${names.length})`, (i) => list({ text: names[i % names.length] })],
    [`text: a trigram's first search (${trigrams.length})`, (i) => list({ text: trigrams[i % trigrams.length] })],
    ['page 1, sort last_name, with total', () => list({})],
    ['page 2000', () => list({ page: '2000' })],
    ['page 1, sort first_name desc', () => list({ sort: 'first_name', order: 'desc' })],
    ['text: common trigram (son, ann…)', (i) => list({ text: terms.common[i % terms.common.length] })],
    ['text: first + last name', (i) => list({ text: terms.name[i % terms.name.length] })],
    ['text: one username', () => list({ text: terms.username[0] })],
    ['text: no match (qzx)', () => list({ text: 'qzx' })],
  ];
  console.log(`${'request'.padEnd(38)}     p50     p95     p99     max   (ms)`);
  for (const [label, path] of rows) {
    const count = label.includes('first search') ? Number(label.match(/\((\d+)\)/)[1]) : requests;
    const t = await timeRequests(heed.url, headers, count, path);
    console.log(`${label.padEnd(38)} ${ms(t.p50)} ${ms(t.p95)} ${ms(t.p99)} ${ms(t.max)}`);
  }
}

/** A department with children (its subtree is what the filter matches), else the first user's department. */
async function subtreeDepartment(headers, first) {
  const response = await fetch(`${heed.url}/api/v3/departments`, { headers });
  if (response.ok) {
    const { data } = await response.json();
    const parent = data.find((d) => data.some((child) => child.parent_id === d.id) && d.parent_id !== null);
    if (parent) return { id: parent.id, label: `${parent.path}, ${fmt(parent.total_user_count)} users` };
  }
  const department = first.data.find((u) => u.department)?.department;
  return { id: department.id, label: department.name };
}

/** The issue's budget table: page 1 and page 2,000 for each sort column, then for each filter. */
async function matrix(headers, list, first) {
  const department = await subtreeDepartment(headers, first);
  const sorts = [
    'id',
    'last_name',
    'first_name',
    'username',
    'email',
    'role',
    'department',
    'manager',
    'suspended',
    'created_at',
    'last_login_at',
  ];
  const filters = [
    ['text "smith"', { text: 'smith' }],
    ['text "son" (common trigram)', { text: 'son' }],
    ['role Department Manager', { 'field[role]': '2' }],
    [`department subtree (${department.label})`, { 'field[department_id]': String(department.id) }],
    ['custom field location=Remote', { 'field[cf.location]': 'Remote' }],
    ['status deactivated', { 'field[suspended]': '1' }],
    ['status active', { 'field[suspended]': '0' }],
  ];
  const only = args.only ? String(args.only).split(',') : undefined;
  const rows = [
    ...sorts.map((sort) => [`sort ${sort}`, { sort }]),
    ...filters.map(([label, query]) => [`${label}, sort last_name`, query]),
  ].filter(([label]) => !only || only.some((part) => label.includes(part)));
  // p50 beside p95: on a shared machine the median shows the cost, the tail mostly the neighbours. The
  // first request of each (nothing of it kept yet but page 1's total) shows what an uncached query costs.
  console.log(`${'request'.padEnd(58)}  page 1 first p50/p95   page 2000 first p50/p95     total`);
  for (const [label, query] of rows) {
    const one = await timeRequests(heed.url, headers, requests, () => list(query));
    const deep = await timeRequests(heed.url, headers, requests, () => list({ ...query, page: '2000' }));
    const total = JSON.parse(one.last).meta.total;
    const cells = `${ms(one.first)} ${ms(one.p50)} ${ms(one.p95)}   ${ms(deep.first)} ${ms(deep.p50)} ${ms(deep.p95)}`;
    console.log(`${label.slice(0, 58).padEnd(58)} ${cells}   ${fmt(total).padStart(9)}`);
  }
}

/** Page 1 measured once before `work` starts, then request after request until it ends: p50/p95/p99/max of each. */
async function whileRunning(headers, list, label, work) {
  const before = await timeRequests(heed.url, headers, requests, () => list({}));
  console.log(
    `before the ${label}: p50 ${ms(before.p50)}  p95 ${ms(before.p95)}  p99 ${ms(before.p99)}  max ${ms(before.max)} ms`,
  );
  const times = [];
  let running = true;
  const done = work().finally(() => (running = false));
  while (running) {
    const t = await timeRequests(heed.url, headers, 1, () => list({}));
    times.push(t.p50);
  }
  const result = await done;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  console.log(
    `during the ${label}:  p50 ${ms(at(50))}  p95 ${ms(at(95))}  p99 ${ms(at(99))}  max ${ms(times.at(-1))} ms over ${fmt(times.length)} requests`,
  );
  return result;
}

/**
 * An import of `--import-rows` new users (default 100,000) into the listed company, by the server's
 * worker thread. The users stay: run it on a copy of the database, or last.
 */
async function duringImport(headers, list) {
  const rows = Number(args['import-rows'] ?? '100000');
  const temp = mkdtempSync(join(tmpdir(), 'heed-bench-list-import-'));
  try {
    const file = join(temp, 'users.csv');
    await writeCsv(file, rows);
    // The company may lack the file's custom fields (ignored) and departments (created by path).
    const id = await startImport(heed.url, headers, file, 'csv', {
      ignoreUnmapped: true,
      options: { create_departments: true },
    });
    const started = performance.now();
    const done = await whileRunning(headers, list, 'import', () =>
      until(heed.url, headers, id, (i) => i.status === 'completed'),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`import: ${fmt(rows)} rows in ${seconds.toFixed(1)} s, counts ${JSON.stringify(done.counts)}`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

async function duringSeed(headers, list) {
  const seedArgs = [
    '--users',
    args['seed-users'] ?? '200000',
    '--assignments',
    args['seed-assignments'] ?? '2000000',
    '--company',
    'Concurrent Load',
    '--keep-indexes',
  ];
  let seedOutput = '';
  const code = await whileRunning(headers, list, 'seed', () => {
    const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/large-cli.ts', ...seedArgs], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, HEED_DEMO: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    seed.stdout.on('data', (chunk) => (seedOutput += chunk));
    return new Promise((resolve) => seed.once('exit', resolve));
  });
  console.log(
    `seed (${seedArgs.join(' ')}): ${seedOutput.trim().split('\n').at(-1)}${code === 0 ? '' : ` (exit ${code})`}`,
  );
}
