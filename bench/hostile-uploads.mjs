// Hostile spreadsheet uploads against the real server (security findings F1 and F8): each bomb shape is
// made here, uploaded by a Company Manager and, when the upload takes it, dry-run by the server's own
// worker thread. While each is processed, GET /users runs in a loop beside it. Prints per shape: the
// answer (status and message), the server's peak RSS while it was processed (VmRSS sampled every 20 ms)
// and its CPU seconds (utime + stime of the whole process, API and worker threads), and the GET /users
// p50/p99 meanwhile. Bounded: at most --seconds (60) per shape, then it moves on.
//
//   npm run bench -- hostile-uploads [--seconds 60] [--only a1,c]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@heed/contract';
import { hashPassword } from '../apps/api/src/platform/passwords.ts';
import {
  HEADER,
  WORKBOOK_XML,
  declareSize,
  noise,
  repeat,
  row,
  usersRows,
  xlsxOf,
} from '../apps/api/test/support/hostile-files.ts';
import { freshCompany } from './lib/fresh-company.mjs';
import { parseArgs, percentile, signIn, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { seconds: '60' });
const BUDGET_MS = Number(args.seconds) * 1000;
const MB = 1024 * 1024;
const PASSWORD = 'hostile-bench-password-1';
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-hostile-'));

function* prefixed(first, rest) {
  yield* first;
  yield* rest;
}

/** Each shape: a name, what it is, and its file (made when its turn comes). */
const SHAPES = [
  [
    'a1',
    'sheet whose first row never closes, 40 MB of repeated cells',
    () => xlsxOf({ rows: prefixed(['<row r="1">'], repeat('<c><v>1</v></c>', 40 * MB)) }),
    'xlsx',
  ],
  [
    'a2',
    'sheet whose first row never closes, 40 MB of random cells (not a bomb)',
    () => xlsxOf({ rows: prefixed(['<row r="1">'], noise(40 * MB)) }),
    'xlsx',
  ],
  [
    'b1',
    'header + 7 rows, then an unclosed row of 40 MB repeated cells',
    () => xlsxOf({ rows: prefixed(usersRows(7, 'b'), prefixed(['<row r="9">'], repeat('<c><v>1</v></c>', 40 * MB))) }),
    'xlsx',
  ],
  [
    'b2',
    'header + 7 rows, then an unclosed row of 40 MB random cells',
    () => xlsxOf({ rows: prefixed(usersRows(7, 'b'), prefixed(['<row r="9">'], noise(40 * MB))) }),
    'xlsx',
  ],
  [
    'c1',
    'workbook.xml bomb (1 GB of padding)',
    () =>
      xlsxOf({
        rows: usersRows(3, 'c'),
        workbook: prefixed(
          [WORKBOOK_XML.replace('</workbook>', '')],
          prefixed(repeat('<!-- padding -->', 1024 * MB), ['</workbook>']),
        ),
      }),
    'xlsx',
  ],
  [
    'c2',
    'workbook.xml of 40 MB declared as 2,000 bytes',
    async () =>
      declareSize(
        await xlsxOf({
          rows: usersRows(3, 'c'),
          workbook: prefixed(
            [WORKBOOK_XML.replace('</workbook>', '')],
            prefixed(repeat('<!-- padding -->', 40 * MB), ['</workbook>']),
          ),
        }),
        'xl/workbook.xml',
        2000,
      ),
    'xlsx',
  ],
  [
    'd',
    'row run: 6 users, then 1.1 million empty rows',
    () => xlsxOf({ rows: prefixed(usersRows(6, 'd'), emptyRows(8, 1_100_000)) }),
    'xlsx',
  ],
  ['e', 'cell run: one row of 100,000 cells', () => xlsxOf({ rows: cellRun(100_000) }), 'xlsx'],
  [
    'f1',
    'shared string of 4 MB',
    () =>
      xlsxOf({
        rows: `${row(1, HEADER)}<row r="2"><c t="s"><v>0</v></c></row>`,
        sharedStrings: prefixed(['<si><t>'], prefixed(letters(4 * MB), ['</t></si>'])),
      }),
    'xlsx',
  ],
  [
    'f2',
    'shared strings bomb: 300 MB of one repeated string',
    () =>
      xlsxOf({
        rows: `${row(1, HEADER)}<row r="2"><c t="s"><v>0</v></c></row>`,
        sharedStrings: repeat('<si><t>Ada Lovelace</t></si>', 300 * MB),
      }),
    'xlsx',
  ],
  [
    'g',
    'sheet of 200 MB declared as 2 MB (ratio seen while inflating)',
    async () =>
      declareSize(
        await xlsxOf({
          rows: prefixed(
            usersRows(5, 'g'),
            repeat(`<row><c t="inlineStr"><is><t>${'x'.repeat(50)}</t></is></c></row>`, 200 * MB),
          ),
        }),
        'xl/worksheets/sheet1.xml',
        2 * MB,
      ),
    'xlsx',
  ],
  ['h', 'CSV with 20,000 columns', () => wideCsv(20_000), 'csv'],
  ['i1', 'CSV with a quote left open for 40 MB in row 5 (after 3 rows)', () => openQuote(3, 40 * MB), 'csv'],
  ['i2', 'CSV with a quote left open for 40 MB after 10 rows', () => openQuote(10, 40 * MB), 'csv'],
];

function* emptyRows(from, count) {
  let text = '';
  for (let r = from; r < from + count; r++) {
    text += `<row r="${r}"/>`;
    if (text.length > 64 * 1024) {
      yield text;
      text = '';
    }
  }
  yield text;
}

function* cellRun(count) {
  yield '<row r="1">';
  let text = '';
  for (let i = 0; i < count; i++) {
    text += `<c><v>${i}</v></c>`;
    if (text.length > 64 * 1024) {
      yield text;
      text = '';
    }
  }
  yield `${text}</row>`;
}

function* letters(total) {
  let state = 7;
  for (let made = 0; made < total; made += 4096) {
    let text = '';
    for (let i = 0; i < 4096; i++) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      text += String.fromCharCode(97 + ((state >>> 16) % 26));
    }
    yield text;
  }
}

function wideCsv(columns) {
  const header = Array.from({ length: columns }, (_, i) => `Column ${i + 1}`).join(',');
  const values = Array.from({ length: columns }, (_, i) => `v${i}`).join(',');
  return Buffer.from(`${header}\n${values}\n`);
}

function openQuote(rows, length) {
  const lines = ['Username,E-mail,First name,Last name'];
  for (let i = 1; i <= rows; i++) lines.push(`q.${i},q.${i}@example.test,Ada,Row ${i}`);
  return Buffer.from(`${lines.join('\n')}\nq.x,"${'never closed '.repeat(Math.ceil(length / 13))}\n`);
}

/** The company and its Company Manager, in a fresh SQLite file. */
const prepare = (url) =>
  freshCompany(url, temp, 'Hostile Bench Co', async (db, companyId, now) => {
    await db
      .insertInto('users')
      .values({
        company_id: companyId,
        username: 'hostile.cm',
        email: 'hostile.cm@example.test',
        first_name: 'Hostile',
        last_name: 'Manager',
        password_hash: await hashPassword(PASSWORD),
        role: ROLE.CompanyManager,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

const rssMiB = (pid) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
function cpuSeconds(pid) {
  // Fields after the command name: utime is the 12th, stime the 13th (proc(5)), in clock ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function api(url, headers, method, path, body) {
  const response = await fetch(`${url}/api/v3${path}`, { method, headers, body });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json, text };
}

/** GET /users in a loop until `done` is set (or the budget is spent): latencies in ms. */
async function listLoop(url, headers, state) {
  const times = [];
  while (!state.done && times.length < 100_000) {
    const started = performance.now();
    const response = await fetch(`${url}/api/v3/users?per_page=25`, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) state.listErrors++;
  }
  return times.sort((a, b) => a - b);
}

/** Uploads the file and, if it is taken, dry-runs it to its end: the outcome as one line. */
async function uploadAndCheck(url, headers, file, name) {
  const form = new FormData();
  form.set('file', new Blob([file]), name);
  const uploaded = await api(url, headers, 'POST', '/users/imports', form);
  const message = (answer) =>
    answer.json?.error?.details?.file?.[0] ?? answer.json?.error?.message ?? answer.text.slice(0, 200);
  if (uploaded.status !== 201) return `upload ${uploaded.status}: ${message(uploaded)}`;
  const id = uploaded.json.data.id;
  const started = await api(url, headers, 'POST', `/users/imports/${id}/dry-run`);
  if (started.status !== 202) return `upload 201; dry run ${started.status}: ${message(started)}`;
  const deadline = performance.now() + BUDGET_MS;
  for (;;) {
    const current = await api(url, headers, 'GET', `/users/imports/${id}`);
    if (current.status !== 200) return `upload 201; GET /users/imports/${id} ${current.status}: ${message(current)}`;
    const { status, last_error: error } = current.json.data;
    if (status === 'failed') return `upload 201; dry run failed: ${error}`;
    if (status === 'validated') return 'upload 201; dry run validated';
    if (performance.now() > deadline)
      return `upload 201; dry run still ${status} after ${args.seconds} s (left running)`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measure(heed, headers, [key, what, make, format]) {
  const file = Buffer.from(await make());
  const pid = heed.child.pid;
  const state = { done: false, listErrors: 0 };
  let peak = rssMiB(pid);
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 20);
  const cpuBefore = cpuSeconds(pid);
  const listing = listLoop(heed.url, headers, state);
  let outcome;
  try {
    outcome = await uploadAndCheck(heed.url, headers, file, `hostile-${key}.${format}`);
  } finally {
    state.done = true;
    clearInterval(sampler);
  }
  const times = await listing;
  const cpu = cpuSeconds(pid) - cpuBefore;
  peak = Math.max(peak, rssMiB(pid));
  console.log(`${key.padEnd(3)} ${what} (${(file.length / 1024).toFixed(0)} KB file)`);
  console.log(`    ${outcome}`);
  console.log(
    `    server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB; CPU ${cpu.toFixed(2)} s; ` +
      `GET /users meanwhile: ${times.length} requests, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms` +
      (state.listErrors ? `, ${state.listErrors} not 200` : ''),
  );
}

console.log(
  `Machine load average: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs; SQLite.`,
);
const database = join(temp, 'hostile.sqlite');
await prepare(database);
const heed = await startHeed({ DATA_DIR: temp, DATABASE_URL: database });
try {
  const headers = await signIn(heed.url, 'hostile.cm', PASSWORD);
  const baseline = { done: false, listErrors: 0 };
  setTimeout(() => (baseline.done = true), 3000);
  const quiet = await listLoop(heed.url, headers, baseline);
  console.log(
    `GET /users alone: ${quiet.length} requests in 3 s, p50 ${percentile(quiet, 50).toFixed(1)} ms, p99 ${percentile(quiet, 99).toFixed(1)} ms; server RSS ${rssMiB(heed.child.pid).toFixed(0)} MiB`,
  );
  const only = args.only ? new Set(String(args.only).split(',')) : null;
  for (const shape of SHAPES) if (!only || only.has(shape[0])) await measure(heed, headers, shape);
} finally {
  await heed.stop();
  rmSync(temp, { recursive: true, force: true });
}
