// The users import end to end over real HTTP: upload the file, start the import, poll until it completes.
// A generated file of --rows users (default 100,000): 10 user columns (username, e-mail, names, role,
// department path, manager, phone, hired, deactivated) and 3 custom fields (text, number, date); every 40th
// row names the row 40 above it as manager. Run against a fresh database (a temporary SQLite file, or a
// fresh PostgreSQL database created on the server of --db) with the server's own worker thread. Prints
// rows/s for the whole (upload + queue + run), each phase, and the server's peak RSS (API and worker
// thread together). --dry-run also times a dry run before the import.
//
//   npm run bench -- users-import [--rows 100000] [--format csv|xlsx|both] [--db postgres://…] [--dry-run] [--keep] [--cpu-prof DIR]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { DEPARTMENTS, call, fileBlob, until, writeCsv, writeXlsx } from './lib/import-file.mjs';
import { freshCompany } from './lib/fresh-company.mjs';
import { fmt, parseArgs, signIn, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { rows: '100000', format: 'csv' });
const ROWS = Number(args.rows);
const COMPANY = 'Import Bench Co';
const ADMIN_PASSWORD = process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo';
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-import-'));
async function freshDatabase(label) {
  if (!args.db) return { url: join(temp, `${label}.sqlite`), name: null, drop: async () => undefined };
  const name = `heed_bench_import_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: args.db });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(args.db);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: args.db });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const prepare = (url) =>
  freshCompany(url, temp, COMPANY, async (db, companyId, now) => {
    const fields = [
      ['cost_center', 'Cost Center', 'text'],
      ['badge_number', 'Badge Number', 'number'],
      ['contract_end', 'Contract End', 'date'],
    ];
    for (const [position, [key, label, type]] of fields.entries()) {
      await db
        .insertInto('custom_fields')
        .values({ company_id: companyId, key, label, type, position, created_at: now, updated_at: now })
        .execute();
    }
    const ids = new Map();
    for (const path of DEPARTMENTS) {
      const names = path.split('/');
      const parent = names.length > 1 ? ids.get(names.slice(0, -1).join('/')) : null;
      const inserted = await db
        .insertInto('departments')
        .values({
          company_id: companyId,
          parent_id: parent?.id ?? null,
          name: names.at(-1),
          path: 'x',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const nodePath = `${parent?.path ?? '/'}${inserted.id}/`;
      await db.updateTable('departments').set({ path: nodePath }).where('id', '=', inserted.id).execute();
      ids.set(path, { id: inserted.id, path: nodePath });
    }
  });

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time of the PostgreSQL backends serving database `name` (the server's pool), read from /proc while the
 * import runs: each backend's latest figure is kept, so one that ends before the import does still counts.
 * `stop()` answers the seconds used since `start()`, or null on SQLite, a remote server or an unreadable /proc.
 */
function postgresCpu(name) {
  if (!name) return { stop: async () => null };
  const client = new pg.Client({ connectionString: args.db });
  const first = new Map();
  const last = new Map();
  let readable = true;
  const sample = async () => {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    for (const { pid } of rows) {
      try {
        // Fields after the command name: utime is the 12th, stime the 13th (proc(5)).
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        if (!first.has(pid)) first.set(pid, ticks);
        last.set(pid, ticks);
      } catch {
        readable = false;
      }
    }
  };
  const started = client.connect().then(sample);
  const timer = setInterval(() => void started.then(sample).catch(() => undefined), 250);
  return {
    stop: async () => {
      clearInterval(timer);
      await started;
      await sample();
      await client.end();
      if (!readable || last.size === 0) return null;
      let ticks = 0;
      for (const [pid, value] of last) ticks += value - first.get(pid);
      return ticks / 100;
    },
  };
}

/**
 * SQLite's own ceiling for the same rows (issue 21): the users the import created, copied by one
 * `INSERT … SELECT` per 5,000 rows (the import's transaction) into a second company of the same
 * database, usernames and e-mails prefixed, with the server's pragmas: the users table's indexes, its
 * search index and sort-copy triggers, and no JavaScript, no audit, no field values. Wall and CPU
 * seconds of this process, where SQLite runs. Run after the server has stopped.
 */
function sqliteCeiling(file, companyId) {
  const db = new Sqlite(file);
  for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'cache_size = -65536'])
    db.pragma(pragma);
  const now = new Date().toISOString();
  const target = db
    .prepare('INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)')
    .run('Ceiling Co', now, now).lastInsertRowid;
  const columns = db
    .prepare('SELECT name FROM pragma_table_info(?)')
    .all('users')
    .map((c) => c.name)
    .filter((name) => name !== 'id');
  const value = (name) =>
    name === 'company_id' ? '?' : name === 'username' || name === 'email' ? `'c.' || ${name}` : name;
  const copy = db.prepare(
    `INSERT INTO users (${columns.join(', ')}) SELECT ${columns.map(value).join(', ')} FROM users
     WHERE company_id = ? AND id BETWEEN ? AND ? ORDER BY id`,
  );
  const { low, high } = db
    .prepare('SELECT min(id) AS low, max(id) AS high FROM users WHERE company_id = ?')
    .get(companyId);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let rows = 0;
  for (let from = low; from <= high; from += 5000)
    rows += db.transaction(() => copy.run(target, companyId, from, from + 4999).changes)();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  db.close();
  return { rows, seconds, cpu: (cpu.user + cpu.system) / 1e6 };
}

async function measure(format) {
  const file = join(temp, `users.${format}`);
  const writing = performance.now();
  await (format === 'csv' ? writeCsv(file, ROWS) : writeXlsx(file, ROWS));
  const size = statSync(file).size;
  console.log(
    `${format.toUpperCase()}: ${fmt(ROWS)} rows, ${(size / 1024 / 1024).toFixed(1)} MiB, written in ${((performance.now() - writing) / 1000).toFixed(1)} s.`,
  );
  const database = await freshDatabase(format);
  const companyId = await prepare(database.url);
  // --cpu-prof DIR: the server (and its worker thread, a profile each) writes V8 CPU profiles there on exit.
  const profiling = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const heed = await startHeed({ DATA_DIR: temp, DATABASE_URL: database.url }, profiling);
  let rate = null;
  try {
    const session = await signIn(heed.url, 'admin', ADMIN_PASSWORD);
    const headers = { ...session, 'x-company-id': String(companyId) };
    const pgCpu = postgresCpu(database.name);
    const cpuBefore = cpuSeconds(heed.child.pid);
    const before = memory(heed.child.pid);
    const started = performance.now();
    const form = new FormData();
    form.set('file', await fileBlob(file, format), `users.${format}`);
    const uploaded = await call(heed.url, headers, 'POST', '/users/imports', form);
    const uploadedAt = performance.now();
    const afterUpload = memory(heed.child.pid);
    const unmapped = uploaded.headers.filter((_, i) => uploaded.mapping[i] === null);
    if (unmapped.length > 0) throw new Error(`Columns not mapped automatically: ${unmapped.join(', ')}`);
    let dryRunSeconds = null;
    if (args['dry-run']) {
      const dryStarted = performance.now();
      await call(heed.url, headers, 'POST', `/users/imports/${uploaded.id}/dry-run`);
      const checked = await until(heed.url, headers, uploaded.id, (i) => i.status === 'validated');
      dryRunSeconds = (performance.now() - dryStarted) / 1000;
      console.log(
        `  dry run: ${fmt(checked.dry_run.rows)} rows checked in ${dryRunSeconds.toFixed(2)} s = ${fmt(checked.dry_run.rows / dryRunSeconds)} rows/s; would fail ${fmt(checked.dry_run.counts.failed)}`,
      );
    }
    const runStarted = performance.now();
    await call(heed.url, headers, 'POST', `/users/imports/${uploaded.id}/run`);
    let firstProgressAt = null;
    const done = await until(heed.url, headers, uploaded.id, (i) => {
      if (firstProgressAt === null && i.processed_rows > 0) firstProgressAt = performance.now();
      return i.status === 'completed';
    });
    const finished = performance.now();
    const cpu = cpuSeconds(heed.child.pid) - cpuBefore;
    const postgres = await pgCpu.stop();
    const total = (finished - started) / 1000 - (dryRunSeconds ?? 0);
    const after = memory(heed.child.pid);
    const counts = done.counts;
    rate = ROWS / total;
    const check = counts.created === ROWS ? 'all created' : `MISMATCH: ${JSON.stringify(counts)}`;
    console.log(
      `  end to end: ${fmt(ROWS)} rows (${check}) in ${total.toFixed(2)} s = ${fmt(ROWS / total)} rows/s ` +
        `(upload ${((uploadedAt - started) / 1000).toFixed(2)} s, queue ${(((firstProgressAt ?? finished) - runStarted) / 1000).toFixed(2)} s to the first commit, ` +
        `run ${((finished - runStarted) / 1000).toFixed(2)} s); server CPU ${cpu.toFixed(1)} s${postgres === null ? '' : ` + PostgreSQL ${postgres.toFixed(1)} s (${fmt(ROWS / (cpu + postgres))} rows per CPU-second of both)`}; server RSS ${before.rss.toFixed(0)} MiB before, ${afterUpload.rss.toFixed(0)} after the upload (peak ${afterUpload.peak.toFixed(0)}), peak ${after.peak.toFixed(0)} MiB; ${fmt(ROWS / cpu)} rows per server CPU-second; load ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} at the end`,
    );
  } finally {
    await heed.stop();
  }
  try {
    if (!args.db && rate !== null) {
      const ceiling = sqliteCeiling(database.url, companyId);
      const ceilingRate = ceiling.rows / ceiling.seconds;
      console.log(
        `  ceiling (the same ${fmt(ceiling.rows)} users by INSERT … SELECT, no JavaScript): ${ceiling.seconds.toFixed(2)} s = ${fmt(ceilingRate)} rows/s, CPU ${ceiling.cpu.toFixed(1)} s; ` +
          `the import is ${((100 * rate) / ceilingRate).toFixed(0)}% of it; load ${loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')}`,
      );
    }
  } finally {
    if (!args.keep) await database.drop();
  }
}

console.log(
  `Machine load average: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs; database: ${args.db ? 'PostgreSQL' : 'SQLite'}.`,
);
try {
  const formats = args.format === 'both' ? ['csv', 'xlsx'] : [args.format];
  for (const format of formats) await measure(format);
} finally {
  if (!args.keep) rmSync(temp, { recursive: true, force: true });
}
