// Runs the large data generator (`npm run seed`) and prints elapsed time, rows/s and peak memory.
//
//   npm run bench -- seed [--users 1000000] [--assignments 10000000] [--db data/bench.sqlite | --db postgres://…]
//
// Without --db the data goes to a temporary SQLite file that is deleted afterwards (--keep keeps it).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, parseArgs } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { users: '1000000', assignments: '10000000', company: 'Load Test Co' });
const temp = args.db ? null : mkdtempSync(join(tmpdir(), 'heed-bench-seed-'));
const db = args.db ? (/^postgres(ql)?:\/\//.test(args.db) ? args.db : resolve(args.db)) : join(temp, 'heed.sqlite');
const cli = [
  '--import',
  'tsx',
  'apps/api/src/db/seed/large-cli.ts',
  '--users',
  args.users,
  '--assignments',
  args.assignments,
  '--company',
  args.company,
];
if (args['keep-indexes']) cli.push('--keep-indexes');

// GNU time reports the generator's peak resident set size and CPU time; without it, the generator reports its own peak.
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const [command, commandArgs] = gnuTime ? [gnuTime, ['-v', process.execPath, ...cli]] : [process.execPath, cli];
console.log(`npm run seed -- --users ${args.users} --assignments ${args.assignments} → ${db}`);
const started = performance.now();
const child = spawn(command, commandArgs, {
  cwd: ROOT,
  env: { ...process.env, DATABASE_URL: db, HEED_DEMO: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stdout.on('data', (chunk) => {
  stdout += chunk;
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk) => (stderr += chunk));
const code = await new Promise((resolve) => child.once('exit', resolve));
const seconds = (performance.now() - started) / 1000;

const gnuPeak = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
const ownPeak = /peak RSS (\d+) MiB/.exec(stdout)?.[1];
const cpu = /User time \(seconds\): ([\d.]+)[\s\S]*System time \(seconds\): ([\d.]+)/.exec(stderr);
if (code !== 0) console.error(stderr.replace(/\tCommand being timed[\s\S]*/, ''));
console.log(`\nelapsed ${seconds.toFixed(1)} s (including start-up and migration)`);
if (cpu)
  console.log(
    `CPU ${cpu[1]} s user + ${cpu[2]} s system (the rest is waiting: I/O, or other processes on a busy machine)`,
  );
if (gnuPeak) console.log(`peak RSS ${(Number(gnuPeak) / 1024).toFixed(0)} MiB (GNU time)`);
else if (ownPeak) console.log(`peak RSS ${ownPeak} MiB (reported by the generator)`);
if (temp && !args.keep) rmSync(temp, { recursive: true, force: true });
else console.log(`database kept at ${db}`);
process.exit(code ?? 1);
