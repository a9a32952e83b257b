// Assignment rules (decision 066): a rule's dry run over a whole large company (conditions compiled to one
// set-based query: counts of each outcome and the first page of who), a full run over the company (what
// "run now"'s job does, chunk by chunk), the same run again (idempotent: nothing to write), and a rule run for
// one changed user (`runRulesForUsers`, the console's user create/update trigger) with every rule of the
// company active. Makes the company with the large data generator on a temporary SQLite file, or in a fresh
// schema of a PostgreSQL database (--db postgres://…); or measures an existing company of a SQLite file made
// by `npm run seed` (--db FILE, --company, default "Load Test Co"; migrated first; the runs write to it, so
// use a copy, or --only dry). Each figure has its wall time and this process's CPU time (where SQLite
// works), and the load average is printed, for a shared machine.
//
//   npm run bench -- assignment-rules [--users 100000] [--assignments 300000] [--db postgres://…|FILE]
//                                     [--company NAME] [--runs 5] [--only dry,run,user]
//
// Budgets (issue 16, on the 1M-user database): a dry run ≤ 2 s; a rule run on one changed user ≤ 5 ms.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { createDb, isPostgresUrl } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { generateLargeDataSet } from '../apps/api/src/db/seed/large.ts';
import { dryRun } from '../apps/api/src/modules/assignment-rules/assignment-rules.service.ts';
import { insertRun } from '../apps/api/src/modules/assignment-rules/rule-runs.repository.ts';
import { runRulePass, runRulesForUsers } from '../apps/api/src/modules/assignment-rules/rule-runs.service.ts';
import { fmt, parseArgs } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), {
  users: '100000',
  assignments: '300000',
  runs: '5',
});
const postgres = args.db !== undefined && isPostgresUrl(args.db);
const existing = args.db !== undefined && !postgres;
const only = new Set(String(args.only ?? 'dry,run,user').split(','));
const temp = existing ? undefined : mkdtempSync(join(tmpdir(), 'heed-bench-rules-'));
const url = postgres ? args.db : existing ? resolve(args.db) : join(temp, 'heed.sqlite');
const schema = postgres ? `bench_rules_${randomBytes(4).toString('hex')}` : undefined;
const company = args.company ?? (existing ? 'Load Test Co' : 'Rules Bench Co');

const ms = (t0) => performance.now() - t0;
const cpuMs = (c0) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

try {
  if (existing && !existsSync(url)) throw new Error(`No database at ${url} (make one with npm run seed).`);
  if (schema) await adminSql(`CREATE SCHEMA "${schema}"`);
  let companyId;
  if (existing) {
    const handle = createDb({ url });
    try {
      const t0 = performance.now();
      await migrateToLatest(handle.db);
      const row = await handle.db.selectFrom('companies').select('id').where('name', '=', company).executeTakeFirst();
      if (!row) throw new Error(`No company named "${company}" in ${url}.`);
      companyId = row.id;
      const users = await handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      console.log(
        `SQLite ${url}: "${company}", ${fmt(Number(users.n))} users (migrated in ${(ms(t0) / 1000).toFixed(1)} s). ${load()}.`,
      );
    } finally {
      await handle.close();
    }
  } else {
    const made = await generateLargeDataSet({
      url,
      schema,
      users: Number(args.users),
      assignments: Number(args.assignments),
      company,
    });
    companyId = made.companyId;
    console.log(
      `${postgres ? 'PostgreSQL' : 'SQLite'}: ${fmt(made.users)} users, ${fmt(made.assignments)} assignments made in ` +
        `${made.seconds.toFixed(1)} s. ${load()}.`,
    );
  }
  const handle = createDb({ url, schema, poolSize: 2 });
  try {
    await measure(handle, companyId);
  } finally {
    await handle.close();
  }
} finally {
  if (schema) await adminSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  if (temp) rmSync(temp, { recursive: true, force: true });
}

async function measure({ db, dialect }, companyId) {
  const deps = { db, dialect };
  const now = new Date();
  const ctx = { companyId, now: () => now, actorId: null, impersonatorId: null, ip: '127.0.0.1' };
  const courses = (
    await db.selectFrom('course_companies').select('course_id').where('company_id', '=', companyId).execute()
  ).map((r) => r.course_id);
  const departments = await db
    .selectFrom('departments')
    .select(['id', 'path'])
    .where('company_id', '=', companyId)
    .orderBy('path')
    .execute();
  const top = departments.find((d) => d.path.split('/').filter(Boolean).length === 1);
  const three = courses.slice(0, 3);
  const drafts = [
    ['every learner (role in all four)', 'all', [{ field: 'role', operator: 'in', value: [0, 1, 2, 3] }]],
    ['department subtree', 'all', [{ field: 'department_id', operator: 'in', value: [top.id] }]],
    [
      'custom field select in 2 values',
      'all',
      [{ field: 'custom_fields.location', operator: 'in', value: ['Leeds, UK', 'Remote'] }],
    ],
    [
      'any: hired within 365 days or subtree',
      'any',
      [
        { field: 'hired_at', operator: 'within_days', value: 365 },
        { field: 'department_id', operator: 'in', value: [top.id] },
      ],
    ],
    [
      'all: students in subtree, location not Remote',
      'all',
      [
        { field: 'role', operator: 'in', value: [0] },
        { field: 'department_id', operator: 'in', value: [top.id] },
        { field: 'custom_fields.location', operator: 'not_in', value: ['Remote'] },
      ],
    ],
  ];
  if (only.has('dry')) {
    console.log(
      `\nDry run (counts of each outcome + first page of 25), ${three.length} courses, ${args.runs} runs each:`,
    );
    for (const [label, match, conditions] of drafts) {
      const times = [];
      const cpuTimes = [];
      let counts;
      for (let i = 0; i < Number(args.runs); i++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const result = await dryRun(deps, ctx, {
          match,
          conditions,
          course_ids: three,
          rule_id: null,
          outcome: 'assign',
          page: 1,
          per_page: 25,
        });
        cpuTimes.push(cpuMs(c0));
        times.push(ms(t0));
        counts = result.counts;
      }
      console.log(
        `  ${label.padEnd(46)} p50 ${pct(times, 50).toFixed(0).padStart(5)} ms (CPU ${pct(cpuTimes, 50)
          .toFixed(0)
          .padStart(4)} ms)  max ${Math.max(...times)
          .toFixed(0)
          .padStart(5)} ms` +
          `  learners ${fmt(counts.learners)}, assign ${fmt(counts.assign)}, already ${fmt(counts.already_assigned)}`,
      );
    }
    console.log(`  (${load()})`);
  }
  if (!only.has('run') && !only.has('user')) return;

  // A full run of the first rule over the company (the job's work, inline), then again (nothing to write).
  const stamp = now.toISOString();
  const rule = await db
    .insertInto('assignment_rules')
    .values({
      company_id: companyId,
      name: 'Bench: subtree',
      match: 'all',
      conditions: JSON.stringify([{ field: 'department_id', operator: 'in', value: [top.id] }]),
      course_ids: JSON.stringify(three),
      due_days: 30,
      recertify_months: null,
      active: 1,
      last_run_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const label of only.has('run') ? ['run (writes)', 'run again (idempotent)'] : []) {
    const runId = await insertRun(db, {
      companyId,
      ruleId: rule.id,
      ruleName: rule.name,
      trigger: 'manual',
      startedBy: null,
      now: stamp,
    });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const state = await runRulePass(deps, { rule, runId, actorId: null, now: stamp }, null, { last: async () => {} });
    const took = ms(t0);
    console.log(
      `\nFull ${label}: ${fmt(state.learners)} learners, ${fmt(state.progress.created)} created, ` +
        `${fmt(state.already)} already had it, in ${(took / 1000).toFixed(2)} s (CPU ${(cpuMs(c0) / 1000).toFixed(2)} s; ` +
        `${fmt(Math.round(state.progress.created / (took / 1000)))} rows/s; ${load()})`,
    );
  }
  if (!only.has('user')) return;

  // One changed user: every active rule of the company (the subtree rule above and a second one) for them.
  await db
    .insertInto('assignment_rules')
    .values({ ...rule, id: undefined, name: 'Bench: location', conditions: JSON.stringify(drafts[2][2]) })
    .execute();
  const sample = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(300)
    .execute();
  const times = [];
  const cpuTimes = [];
  let created = 0;
  for (const { id } of sample) {
    // A change that matters: no assignment of the courses yet, so the rules write for this user.
    await db.deleteFrom('assignments').where('user_id', '=', id).execute();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await db.transaction().execute(async (trx) => {
      created += await runRulesForUsers(trx, companyId, [id], { now: () => now });
    });
    cpuTimes.push(cpuMs(c0));
    times.push(ms(t0));
  }
  const idle = [];
  const idleCpu = [];
  for (const { id } of sample.slice(0, 100)) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await db.transaction().execute((trx) => runRulesForUsers(trx, companyId, [id], { now: () => now }));
    idleCpu.push(cpuMs(c0));
    idle.push(ms(t0));
  }
  const figures = (wall, cpu) =>
    `p50 ${pct(wall, 50).toFixed(2)} ms (CPU ${pct(cpu, 50).toFixed(2)}), p95 ${pct(wall, 95).toFixed(2)} ms ` +
    `(CPU ${pct(cpu, 95).toFixed(2)}), max ${Math.max(...wall).toFixed(2)} ms`;
  console.log(
    `\nRules for one changed user (2 active rules, ${sample.length} users, ${fmt(created)} created): ${figures(times, cpuTimes)}`,
  );
  console.log(`Same users again (nothing to write): ${figures(idle, idleCpu)}`);
  console.log(`(${load()})`);
}

async function adminSql(statement) {
  const admin = createDb({ url, poolSize: 1 });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}
