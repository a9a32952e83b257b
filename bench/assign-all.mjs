// Assign one course to every active user of a large company (issue 16's budget): New assignment's writer
// (`runCreate`, what the heavy-lane job runs off the API thread: chunks of 5,000 learners, one
// INSERT … SELECT … NOT EXISTS each, a transaction and lock per chunk), against a bare INSERT … SELECT of the
// same rows into the same table with all its indexes, one statement in one transaction, in the same run and
// alternating. The course is made by the bench (no one has it yet) and every row is deleted after each step
// (untimed). Wall time and this process's CPU time (SQLite works in it) of each, and the load average.
//
//   npm run bench -- assign-all --db FILE [--company "Load Test Co"] [--runs 2]
//
// FILE is a SQLite database made by `npm run seed` (1M users / 10M assignments for the budget); the bench
// writes to it (migrates it, adds a course, inserts and deletes a million rows per step): use a copy.
// Budget: the writer ≤ 1.5× the bare statement.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { emptyProgress, runCreate } from '../apps/api/src/modules/assignments/index.ts';
import { fmt, parseArgs } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', runs: '2' });
if (!args.db || !existsSync(resolve(args.db))) {
  console.error('Give a SQLite database made by npm run seed: --db FILE (the bench writes to it: use a copy).');
  process.exit(1);
}
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;

const handle = createDb({ url: resolve(args.db) });
const { db, dialect } = handle;
try {
  await migrateToLatest(db);
  const company = await db.selectFrom('companies').select('id').where('name', '=', args.company).executeTakeFirst();
  if (!company) throw new Error(`No company named "${args.company}".`);
  const companyId = company.id;
  const now = new Date().toISOString();
  const course = await db
    .insertInto('courses')
    .values({ name: `Bench: assign all ${now}`, active: 1, all_companies: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dueAt = `${now.slice(0, 10)}T23:59:59.000Z`;
  const bare = async () => {
    const result = await db.transaction().execute((trx) =>
      sql`INSERT INTO assignments (company_id, user_id, course_id, status, source, rule_id, rule_run_id, assigned_by,
          assigned_at, due_at, recertify_months, created_at, updated_at)
        SELECT ${companyId}, users.id, ${course.id}, 'not_started', 'manual', NULL, NULL, NULL, ${now}, ${dueAt},
          NULL, ${now}, ${now}
        FROM users WHERE users.company_id = ${companyId} AND users.suspended = 0`.execute(trx),
    );
    return Number(result.numAffectedRows ?? 0);
  };
  const writer = async () => {
    const plan = {
      pick: { companyId, members: [{ companyId, scope: null }] },
      actorId: null,
      now,
      dueAt,
      recertifyMonths: null,
      courseIds: [course.id],
      notify: false,
    };
    const done = await runCreate({ db, dialect }, plan, emptyProgress(), async () => {});
    return done.created;
  };
  const timed = async (label, step) => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const rows = await step();
    const c = process.cpuUsage(c0);
    const wall = (performance.now() - t0) / 1000;
    const cpu = (c.user + c.system) / 1e6;
    const t1 = performance.now();
    await db.deleteFrom('assignments').where('course_id', '=', course.id).execute();
    console.log(
      `  ${label.padEnd(28)} ${fmt(rows)} rows in ${wall.toFixed(1)} s (CPU ${cpu.toFixed(1)} s; ` +
        `${fmt(Math.round(rows / wall))} rows/s; ${load()}); deleted in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    return { wall, cpu };
  };
  console.log(`"${args.company}": one new course to every active user, ${args.runs} runs:`);
  const ratios = [];
  for (let run = 0; run < Number(args.runs); run++) {
    const a = await timed('bare INSERT … SELECT', bare);
    const b = await timed('New assignment writer', writer);
    ratios.push([b.wall / a.wall, b.cpu / a.cpu]);
  }
  console.log(
    `Writer ÷ bare: ${ratios.map(([w, c]) => `wall ${w.toFixed(2)}×, CPU ${c.toFixed(2)}×`).join('; ')} (budget ≤ 1.5×)`,
  );
  await db.deleteFrom('courses').where('id', '=', course.id).execute();
} finally {
  await handle.close();
}
