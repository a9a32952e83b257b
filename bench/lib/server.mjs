// Shared helpers for the benchmarks: start the real server as a child process, sign in, time requests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../../apps/api/build.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a Node process running `args` and resolves once `url` answers. */
async function spawnUntilReady(args, env, url, label) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${label} did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

let built = null;

/**
 * What `npm run serve` gives node, from the root package.json: the environment it sets before the
 * command (`NAME=value` words, e.g. MALLOC_ARENA_MAX) and the arguments (its V8 flags and the bundle).
 */
function serveCommand() {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const words = scripts.serve.split(/\s+/);
  const env = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`npm run serve is not a plain node command: ${scripts.serve}`);
  return { env, args };
}

/**
 * The Heed server on a free port, as `npm start` runs it: `npm run serve`'s command on the API's bundle
 * (`apps/api/dist/server.js`, built once per bench run from the current sources); `env` adds DATA_DIR,
 * DATABASE_URL, …; `nodeArgs` go before the serve command's own.
 */
export async function startHeed(env = {}, nodeArgs = []) {
  built ??= buildApi();
  await built;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serve = serveCommand();
  const server = await spawnUntilReady(
    [...nodeArgs, ...serve.args],
    { ...serve.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', HEED_DEMO: '0', ...env },
    `${url}/api/csrf-cookie`,
    'Heed',
  );
  return { ...server, url };
}

/** A plain Fastify app with one route returning {ok:true}: the ceiling for any route of ours. */
export async function startBareFastify() {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/ok', async () => ({ ok: true }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnUntilReady(['--input-type=module', '-e', code], {}, `${url}/ok`, 'bare Fastify');
  return { ...server, url };
}

const cookiesOf = (response) => response.headers.getSetCookie().map((c) => c.split(';')[0]);

/**
 * Signs in as the site admin (`HEED_ADMIN_PASSWORD`, else the demo's) and acts on the company named
 * `name`: the company and the headers that carry the session and pick the company (X-Company-Id).
 */
export async function signInToCompany(url, name) {
  const session = await signIn(url, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
  const companies = await (
    await fetch(`${url}/api/v3/companies?name=${encodeURIComponent(name)}`, { headers: session })
  ).json();
  const company = companies.data?.find((c) => c.name === name);
  if (!company) throw new Error(`No company named "${name}" (see npm run seed -- --company NAME).`);
  return { company, headers: { ...session, 'x-company-id': String(company.id) } };
}

/** Signs in like the console does; returns the headers that carry the session (cookie, X-XSRF-TOKEN). */
export async function signIn(url, login, password) {
  const csrf = await fetch(`${url}/api/csrf-cookie`);
  let jar = cookiesOf(csrf);
  const token = () =>
    decodeURIComponent(jar.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
  const response = await fetch(`${url}/api/v3/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.join('; '), 'x-xsrf-token': token() },
    body: JSON.stringify({ login, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in as ${login} failed: ${response.status} ${await response.text()}`);
  const fresh = cookiesOf(response);
  jar = [...jar.filter((c) => !fresh.some((f) => f.split('=')[0] === c.split('=')[0])), ...fresh];
  return { cookie: jar.join('; '), 'x-xsrf-token': token() };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `count` sequential GETs of `pathFor(i)`; throws on a non-2xx answer. */
export async function timeRequests(url, headers, count, pathFor) {
  const times = [];
  let last;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${pathFor(i)}`, { headers });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${pathFor(i)} answered ${response.status}: ${body.slice(0, 300)}`);
    last = body;
  }
  const first = times[0];
  times.sort((a, b) => a - b);
  return {
    first,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1),
    last,
  };
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1).padStart(7) : '      -');
export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** `--name value` and `--flag` options. */
export function parseArgs(argv, defaults = {}) {
  const options = { ...defaults, _: [] };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) options._.push(argv[i]);
    else if (match[2] !== undefined) options[match[1]] = match[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) options[match[1]] = argv[++i];
    else options[match[1]] = true;
  }
  return options;
}

/** The load average and the CPU count, for the line beside a figure. */
export const loadText = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;

/** CPU seconds (user + system) a process has used, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The database a bench runs on: `--db` (or the first argument), a SQLite path made absolute or a
 * postgres:// URL; else a new SQLite file in a temporary folder (`tempDir`, for the caller to remove).
 */
export function benchDatabase(args, name) {
  let url = args.db ?? args._[0];
  let tempDir = null;
  if (!url) {
    tempDir = mkdtempSync(join(tmpdir(), `heed-bench-${name}-`));
    url = join(tempDir, 'heed.sqlite');
  }
  if (!/^postgres(ql)?:\/\//.test(url)) url = resolve(url);
  return { url, tempDir };
}
