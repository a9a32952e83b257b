// The users list's first text searches on PostgreSQL just after a start (decision 102): restart the local
// PostgreSQL cluster (--cold: after dropping the operating system's file cache, as a reboot would; needs
// root), start Heed on --db, give it --wait seconds (its start prewarms what the search reads), then time
// the first search of each term once, and the first term again. Prints how long the prewarm took, from
// the server's log.
//
//   npm run bench -- users-first-search --db postgres://…/bench [--company "Load Test Co"] [--cold] [--wait 20]
import { execSync } from 'node:child_process';
import { fmt, ms, parseArgs, signInToCompany, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { company: 'Load Test Co', wait: '20' });
const db = args.db ?? process.env.DATABASE_URL;
if (!db || !/^postgres(ql)?:\/\//.test(db)) {
  console.error('Give a PostgreSQL database on this machine: --db postgres://… (make one with npm run seed).');
  process.exit(1);
}
const TERMS = ['garcia', 'olivia', 'son', 'martinez', 'ann'];
const cluster = execSync('ls /etc/postgresql').toString().trim().split('\n')[0];
const pgctl = (action) => execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main ${action}`);

pgctl('stop');
if (args.cold) execSync('sync; echo 3 > /proc/sys/vm/drop_caches');
pgctl('start');
const started = Date.now();
const heed = await startHeed({ DATABASE_URL: db, WORKER: 'off', LOG_LEVEL: 'info' });
try {
  console.log(
    `PostgreSQL restarted${args.cold ? ' with the OS file cache dropped' : ''}; Heed up after ${fmt(Date.now() - started)} ms.`,
  );
  await new Promise((resolve) => setTimeout(resolve, Number(args.wait) * 1000));
  const prewarmed = heed
    .output()
    .split('\n')
    .find((line) => line.includes('prewarmed the users list'));
  console.log(
    prewarmed
      ? `Prewarmed ${JSON.parse(prewarmed).loaded.length} relations, logged ${fmt(JSON.parse(prewarmed).time - started)} ms after the restart.`
      : 'No prewarm logged (pg_prewarm missing, or still running).',
  );
  const { headers } = await signInToCompany(heed.url, args.company);
  console.log(`\n${'term'.padEnd(24)}   matches      ms`);
  for (const [i, term] of [...TERMS, TERMS[0]].entries()) {
    const t0 = performance.now();
    const response = await fetch(`${heed.url}/api/v3/users?per_page=25&sort=last_name&order=asc&text=${term}`, {
      headers,
    });
    const body = await response.json();
    const label = i === TERMS.length ? `${term} (asked again)` : term;
    console.log(`${label.padEnd(24)} ${fmt(body.meta?.total ?? 0).padStart(9)} ${ms(performance.now() - t0)}`);
  }
  console.log('\nBudget: a term searched for the first time p95 ≤ 50 ms (issue 21).');
} finally {
  await heed.stop();
}
