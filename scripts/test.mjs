#!/usr/bin/env node
// Runs every suite `npm test` promises and ends with one line: "N passed, N failed".
// Usage: node scripts/test.mjs [all|api|e2e]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv[2] ?? 'all';
const totals = { passed: 0, failed: 0 };
const outcomes = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A check without test counts (typecheck, lint, build) counts as one test. */
function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  const ok = run(command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  outcomes.push(`${ok ? '✔' : '✘'} ${name}`);
  return ok;
}

function vitest(name, cwd, config, env = {}) {
  console.log(`\n▶ ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'heed-vitest-'));
  const report = join(dir, 'report.json');
  const args = ['vitest', 'run', '--root', cwd, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (config) args.push('--config', config);
  const ok = run('npx', args, env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    if (json.numTotalTests === 0) failed += 1; // a suite that ran nothing is a failure, not a pass
  }
  rmSync(dir, { recursive: true, force: true });
  totals.passed += passed;
  totals.failed += failed;
  outcomes.push(`${failed === 0 ? '✔' : '✘'} ${name}: ${passed} passed, ${failed} failed`);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (only === 'all') {
  check('typecheck', 'npx', ['tsc', '-b']);
  check('lint', 'npx', ['biome', 'check', '.']);
}
if (only === 'all' || only === 'api') {
  vitest('API on SQLite', 'apps/api', undefined, { TEST_DIALECT: 'sqlite' });
  if (process.env.TEST_DATABASE_URL) {
    vitest('API on PostgreSQL', 'apps/api', undefined, { TEST_DIALECT: 'postgres' });
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on SQLite only)');
  }
  if (existsSync('apps/web/vitest.config.ts')) vitest('Console components', 'apps/web');
}
if (only === 'all' || only === 'e2e') {
  if (existsSync(chromium)) {
    if (check('build web', 'npm', ['run', 'build'])) {
      vitest('End-to-end in Chromium', 'e2e', undefined, { CHROMIUM_PATH: chromium });
    }
  } else if (process.env.REQUIRE_E2E === '1') {
    console.log(`\nREQUIRE_E2E=1 but no Chromium at ${chromium}`);
    totals.failed += 1;
    outcomes.push('✘ end-to-end: no Chromium');
  } else {
    console.log(`\n(no Chromium at ${chromium}: end-to-end tests skipped; set REQUIRE_E2E=1 to make this an error)`);
  }
}

console.log(`\n${outcomes.join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
