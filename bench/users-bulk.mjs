// Bulk actions on users (PUT /users?{query} over more than 1,000 users runs as a job): each action over a whole
// large company, timed from the job's claim to its completion by the real worker code (processNextJob) on its
// own database connection, as the worker thread runs it. Set-based SQL per chunk of 5,000 users, one audit row
// per changed user. Makes the company with the large data generator (no assignments, so delete applies to all)
// on a temporary SQLite file, or in a fresh schema of a PostgreSQL database (--db postgres://…).
//
//   npm run bench -- users-bulk [--users 100000] [--db postgres://postgres@127.0.0.1:5432/test] [--only deactivate,delete]
//                                [--vacuum]
//
// On PostgreSQL the tables are ANALYZEd after the load, as autovacuum would have done in a running database.
// Most of the work is the server's, not this process's: on a local PostgreSQL the line also gives the CPU time
// of the server processes serving the job (from /proc). Every action leaves a dead version of each row it
// changed; `--vacuum` VACUUMs the users between actions (untimed), as autovacuum would in a running database
// (the CI server runs with autovacuum off, so without it each action also pays for the previous ones' garbage).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb, isPostgresUrl } from '../apps/api/src/db/create-db.ts';
import { generateLargeDataSet } from '../apps/api/src/db/seed/large.ts';
import { enqueue } from '../apps/api/src/jobs/queue.repository.ts';
import { processNextJob } from '../apps/api/src/jobs/worker.ts';
import { fmt, parseArgs } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { users: '100000', company: 'Bulk Bench Co' });
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-bulk-'));
const postgres = args.db !== undefined && isPostgresUrl(args.db);
const url = postgres ? args.db : join(temp, 'heed.sqlite');
const schema = postgres ? `bench_bulk_${randomBytes(4).toString('hex')}` : undefined;
const quiet = { info() {}, warn() {}, error() {} };
const APP_NAME = 'heed_bench_users_bulk';

try {
  if (schema) await adminSql(`CREATE SCHEMA "${schema}"`);
  const users = Number(args.users);
  const made = await generateLargeDataSet({ url, schema, users, assignments: 0, company: args.company });
  console.log(
    `${postgres ? 'PostgreSQL' : 'SQLite'}: ${fmt(made.users)} users made in ${made.seconds.toFixed(1)} s. ` +
      `Load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs.`,
  );
  if (postgres) await adminSql(`ANALYZE "${schema}".users, "${schema}".departments, "${schema}".user_field_values`);
  await measureAll(made.companyId);
} finally {
  if (schema) await adminSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  rmSync(temp, { recursive: true, force: true });
}

async function adminSql(statement) {
  const admin = createDb({ url, poolSize: 1 });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

async function measureAll(companyId) {
  // Named, so the server processes serving the job can be found in pg_stat_activity.
  const named = postgres ? `${url}${url.includes('?') ? '&' : '?'}application_name=${APP_NAME}` : url;
  const handle = createDb({ url: named, schema, poolSize: 2 });
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: temp, DATABASE_URL: url, LOG_LEVEL: 'silent' }),
    databaseSchema: schema,
  };
  try {
    const { db, dialect } = handle;
    // The generator makes learners, a few Department Managers and Reviewers: a Company Manager runs the actions.
    const stamp = new Date().toISOString();
    const actor = await db
      .insertInto('users')
      .values({
        company_id: companyId,
        username: `bulk.bench.${Date.now()}`,
        email: null,
        first_name: 'Bulk',
        last_name: 'Bench',
        password_hash: null,
        role: 1,
        department_id: null,
        manager_id: null,
        phone: null,
        hired_at: null,
        external_id: null,
        last_login_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning(['id', 'role', 'site_admin'])
      .executeTakeFirstOrThrow();
    const department = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const base = { companyId, actor, impersonatorId: null, ip: '127.0.0.1', excludedIds: [] };
    const everyone = { companyId, scope: null };
    const plans = [
      { action: 'deactivate', criteria: everyone },
      { action: 'reactivate', criteria: everyone },
      { action: 'change_department', criteria: everyone, department },
      { action: 'change_role', criteria: { ...everyone, roles: [0] }, role: 3 },
      { action: 'send_password_reset', criteria: everyone },
      { action: 'delete', criteria: everyone },
    ];
    const only = args.only ? new Set(String(args.only).split(',')) : null;
    for (const plan of plans.filter((p) => !only || only.has(p.action))) {
      if (postgres && args.vacuum) await sql`VACUUM users`.execute(db);
      await measure(db, dialect, config, { ...base, ...plan });
      // The reset e-mail jobs it queued would be claimed first: they are not this bench's subject.
      await db.deleteFrom('jobs').where('type', '=', 'send_password_reset').execute();
    }
  } finally {
    await handle.close();
  }
}

async function measure(db, dialect, config, plan) {
  const job = await enqueue(db, {
    type: 'users_bulk',
    payload: plan,
    companyId: plan.companyId,
    createdBy: plan.actor.id,
    now: new Date(),
  });
  const audits = await countAudit(db);
  const serverBefore = await serverCpuSeconds(db, dialect);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const done = await processNextJob({ db, dialect, config, log: quiet, workerId: 'bench' });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const serverAfter = await serverCpuSeconds(db, dialect);
  const server =
    serverBefore === null || serverAfter === null ? '' : `, server CPU ${(serverAfter - serverBefore).toFixed(2)} s`;
  if (done?.id !== job.id || done.status !== 'completed')
    throw new Error(`job ${job.id} ended ${done?.status}: ${done?.last_error}`);
  const result = JSON.parse(done.result);
  const audited = (await countAudit(db)) - audits;
  const check = audited === result.changed ? 'one audit row each' : `MISMATCH: ${fmt(audited)} audit rows`;
  console.log(
    `${plan.action.padEnd(19)} ${fmt(result.matched)} matched, ${fmt(result.changed)} changed (${check}) in ` +
      `${seconds.toFixed(2)} s = ${fmt(result.matched / seconds)} users/s; bench process CPU ` +
      `${((used.user + used.system) / 1e6).toFixed(2)} s${server}, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, ` +
      `load ${loadavg()[0].toFixed(1)}`,
  );
}

/**
 * CPU time (user + system) of the PostgreSQL processes serving this bench's pool, read from /proc: null on
 * SQLite, or when the server is on another machine (or /proc is unreadable).
 */
async function serverCpuSeconds(db, dialect) {
  if (dialect !== 'postgres') return null;
  const { rows } = await sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${APP_NAME}`.execute(db);
  try {
    let ticks = 0;
    for (const { pid } of rows) {
      // Fields after the command name: state is the 1st, utime the 12th, stime the 13th (proc(5)).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

async function countAudit(db) {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
