// GET /api/v3/users/export of a large company over real HTTP: rows/s, time to first byte and the server's
// peak RSS, for CSV and for XLSX. Makes the users with the large data generator on a temporary SQLite file
// (or uses --db), starts the server on it (a fresh process per run, so each peak is that run's alone), signs
// in as the site admin and counts the rows it receives (CSV as it streams in; XLSX saved, then read with exceljs).
//
//   npm run bench -- users-export [--users 100000] [--runs 2] [--db data/bench.sqlite|postgres://… --company "Load Test Co"]
//                                 [--format csv|xlsx|both] [--cpu-prof DIR]
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { ensureInitialData } from '../apps/api/src/db/seed/initial-data.ts';
import { generateLargeDataSet } from '../apps/api/src/db/seed/large.ts';
import { fmt, parseArgs, signInToCompany, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), {
  users: '100000',
  runs: '2',
  company: 'Export Bench Co',
  format: 'both',
});
const formats = args.format === 'both' ? ['csv', 'xlsx'] : [args.format];
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-export-'));
const isPostgres = String(args.db ?? '').startsWith('postgres');
const db = args.db ? (isPostgres ? args.db : resolve(args.db)) : join(temp, 'heed.sqlite');
/** On PostgreSQL the server's connections carry this name, so that their backends' CPU can be found. */
const APP_NAME = 'heed_bench_users_export';
const serverUrl = isPostgres ? `${db}${db.includes('?') ? '&' : '?'}application_name=${APP_NAME}` : db;

try {
  if (!args.db) await prepare();
  for (const format of formats) {
    for (let run = 1; run <= Number(args.runs); run++) await measure(format, run);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

async function prepare() {
  const config = loadConfig({ ...process.env, DATA_DIR: temp, DATABASE_URL: db, HEED_DEMO: '0' });
  const handle = createDb({ url: db });
  try {
    await migrateToLatest(handle.db);
    await ensureInitialData(handle.db, config, { info: () => undefined });
  } finally {
    await handle.close();
  }
  const users = Number(args.users);
  const result = await generateLargeDataSet({ url: db, users, assignments: 0, company: args.company });
  console.log(`${fmt(result.users)} users (3 custom fields each) made in ${result.seconds.toFixed(1)} s.`);
  console.log(
    `Machine load average before the runs: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
}

/** CPU seconds (user + system) the process has used, from /proc: a figure other load on the machine barely moves. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of each PostgreSQL backend serving the server (by pid), from /proc: empty on SQLite, or when
 * PostgreSQL runs elsewhere.
 */
async function backendCpu() {
  if (!isPostgres) return new Map();
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME]);
    return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
  } catch {
    return new Map();
  } finally {
    await client.end();
  }
}

/** The server's resident set (now) and its peak so far, in MiB, from /proc. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function measure(format, run) {
  // --cpu-prof DIR: the server (and its reader thread, a profile each) writes V8 CPU profiles there on exit.
  const profiling = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`] : [];
  const heed = await startHeed({ DATA_DIR: temp, DATABASE_URL: serverUrl, WORKER: 'off' }, profiling);
  try {
    const { headers } = await signInToCompany(heed.url, args.company);
    const { meta } = await (await fetch(`${heed.url}/api/v3/users?per_page=1`, { headers })).json();
    const before = memory(heed.child.pid);
    const cpuBefore = cpuSeconds(heed.child.pid);
    const backendsBefore = await backendCpu();

    const started = performance.now();
    const response = await fetch(`${heed.url}/api/v3/users/export?format=${format}`, { headers });
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let firstByte = Number.NaN;
    const body = Readable.fromWeb(response.body);
    body.once('data', () => {
      firstByte = performance.now() - started;
    });
    const file = join(temp, `export.${format}`);
    let rows = 0;
    if (format === 'csv') {
      rows = (await countCsvRecords(body)) - 1;
    } else {
      await pipeline(body, createWriteStream(file));
    }
    const seconds = (performance.now() - started) / 1000;
    const after = memory(heed.child.pid);
    const cpu = cpuSeconds(heed.child.pid) - cpuBefore;
    let backends = 0;
    for (const [pid, seconds] of await backendCpu()) backends += seconds - (backendsBefore.get(pid) ?? 0);
    const database = isPostgres ? `; PostgreSQL CPU ${backends.toFixed(2)} s` : '';
    if (format === 'xlsx') rows = await countXlsxRows(file);
    const check = rows === meta.total ? 'all rows' : `MISMATCH: the list says ${fmt(meta.total)}`;
    console.log(
      `${format.toUpperCase().padEnd(4)} run ${run}: ${fmt(rows)} rows (${check}) in ${seconds.toFixed(2)} s = ` +
        `${fmt(rows / seconds)} rows/s (server CPU ${cpu.toFixed(2)} s = ${fmt(rows / cpu)} rows per CPU-second${database}); ` +
        `first byte ${firstByte.toFixed(0)} ms; server RSS ${before.rss.toFixed(0)} MiB before, peak ${after.peak.toFixed(0)} MiB; ` +
        `load ${loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await heed.stop();
  }
}

/** Records of an RFC 4180 CSV stream: line feeds outside quotes (a doubled quote toggles twice). Cheaper than parsing. */
async function countCsvRecords(body) {
  const QUOTE = 0x22;
  const LF = 0x0a;
  let records = 0;
  let quoted = false;
  for await (const chunk of body) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) records++;
    }
  }
  return records;
}

async function countXlsxRows(file) {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
  }
  return rows - 1;
}
