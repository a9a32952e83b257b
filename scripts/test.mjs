#!/usr/bin/env node
// Runs every suite `npm test` promises and ends with one line: "N passed, N failed".
// Usage: node scripts/test.mjs [all|api|sqlite|postgres|e2e]
//
// `all` runs three lanes side by side (docs/decisions/063): the server lane (typecheck, lint, boundaries, the
// API suite on SQLite), the PostgreSQL lane (the same API suite on PostgreSQL, two test files at a time: its
// tests wait on the database as much as they compute) and the console lane (component tests, the production
// build, then the end-to-end suite in Chromium). `api` runs the API suite on both databases, `sqlite` and
// `postgres` on one. Each line a suite prints is prefixed with its lane's name.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv[2] ?? 'all';
const totals = { passed: 0, failed: 0 };
const outcomes = [];
const failures = [];

/** Runs a command to its end, its output passed on line by line behind `prefix`. Resolves true on exit code 0. */
function run(prefix, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const relay = (stream, target) => {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) target.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => pending && target.write(`${prefix}${pending}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

function record(name, passed, failed, started) {
  totals.passed += passed;
  totals.failed += failed;
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = passed + failed > 1 || failed > 0 ? `: ${passed} passed, ${failed} failed` : '';
  outcomes.push(`${failed === 0 ? '✔' : '✘'} ${name}${counts} (${seconds} s)`);
}

/** A check without test counts (typecheck, lint, build) counts as one test. */
async function check(lane, name, command, args) {
  console.log(`\n${lane}▶ ${name}`);
  const started = Date.now();
  const ok = await run(lane, command, args);
  record(name, ok ? 1 : 0, ok ? 0 : 1, started);
  return ok;
}

async function vitest(lane, name, cwd, env = {}, extraArgs = []) {
  console.log(`\n${lane}▶ ${name}`);
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'heed-vitest-'));
  const report = join(dir, 'report.json');
  const args = [
    'vitest',
    'run',
    '--root',
    cwd,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  const ok = await run(lane, 'npx', args, env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    if (json.numTotalTests === 0) failed += 1; // a suite that ran nothing is a failure, not a pass
    for (const file of json.testResults) {
      for (const test of file.assertionResults) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages[0] ?? '').split('\n').slice(0, 6).join('\n    ');
        failures.push(`✘ ${name} › ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    ${reason}`);
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  record(name, passed, failed, started);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function serverLane(lane) {
  if (only === 'all') {
    await check(lane, 'typecheck', 'npx', ['tsc', '-b']);
    await check(lane, 'lint', 'npx', ['biome', 'check', '.']);
    await check(lane, 'boundaries', 'node', ['scripts/check-boundaries.mjs']);
  }
  await vitest(lane, 'API on SQLite', 'apps/api', { TEST_DIALECT: 'sqlite' });
}

/** Test files at a time on PostgreSQL: while one waits on the database server, the other runs. */
const POSTGRES_WORKERS = 2;

async function postgresLane(lane) {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(`\n${lane}(TEST_DATABASE_URL is not set: the API suite ran on SQLite only)`);
    if (only === 'postgres') record('API on PostgreSQL: no TEST_DATABASE_URL', 0, 1, Date.now());
    return;
  }
  await vitest(lane, 'API on PostgreSQL', 'apps/api', { TEST_DIALECT: 'postgres' }, [
    `--maxWorkers=${POSTGRES_WORKERS}`,
  ]);
}

async function consoleLane(lane) {
  if (only === 'all') await vitest(lane, 'Console components', 'apps/web');
  if (!existsSync(chromium)) {
    if (process.env.REQUIRE_E2E === '1') {
      console.log(`\n${lane}REQUIRE_E2E=1 but no Chromium at ${chromium}`);
      record('end-to-end: no Chromium', 0, 1, Date.now());
    } else {
      console.log(
        `\n${lane}(no Chromium at ${chromium}: end-to-end tests skipped; set REQUIRE_E2E=1 to make this an error)`,
      );
    }
    return;
  }
  if (await check(lane, 'build', 'npm', ['run', 'build'])) {
    await vitest(lane, 'End-to-end in Chromium', 'e2e', { CHROMIUM_PATH: chromium });
  }
}

const LANES = { all: ['server', 'postgres', 'console'], api: ['server', 'postgres'], sqlite: ['server'] };
const chosen = LANES[only] ?? [only === 'e2e' ? 'console' : only];
const runners = { server: serverLane, postgres: postgresLane, console: consoleLane };
if (!chosen.every((lane) => lane in runners)) {
  console.error(`Usage: node scripts/test.mjs [all|api|sqlite|postgres|e2e]`);
  process.exit(2);
}
await Promise.all(chosen.map((lane) => runners[lane](`[${lane}] `)));

// The failures are repeated last, where a log cut to its tail still shows them.
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${outcomes.join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
