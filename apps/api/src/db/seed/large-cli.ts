import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../config.ts';
import { createDb } from '../create-db.ts';
import { moveRollupWindow } from '../../modules/reports/index.ts';
import { migrateToLatest } from '../migrate.ts';
import { ensureInitialData } from './initial-data.ts';
import { fmt, generateLargeDataSet, vacuumLoaded } from './large.ts';

/** `npm run seed -- --users N --assignments M --company NAME [--chunk USERS] [--keep-indexes | --rebuild-indexes]` */
function parseArgs(argv: string[]) {
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unexpected argument ${arg}`);
    if (match[1] === 'keep-indexes' || match[1] === 'rebuild-indexes') options.indexes = match[1].split('-')[0]!;
    else options[match[1]!] = match[2] ?? argv[++i] ?? '';
  }
  const count = (name: string, fallback: number) => {
    const value = options[name] === undefined ? fallback : Number(options[name]);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const users = count('users', 1000);
  const assignments = count('assignments', users * 10);
  if (users === 0 && assignments > 0) throw new Error('--assignments needs at least one user');
  return {
    users,
    assignments,
    company: options.company || 'Load Test Co',
    chunkUsers: count('chunk', 10_000) || 10_000,
    bulkIndexes: (options.indexes ?? 'auto') as 'auto' | 'keep' | 'rebuild',
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const target = config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
  // A database seeded here first gets what a first start would create (the site admin, and the demo unless HEED_DEMO=0).
  const handle = createDb({ url: config.databaseUrl });
  try {
    await migrateToLatest(handle.db, handle.schema);
    const lines = await ensureInitialData(handle.db, config, { info: () => undefined } as unknown as FastifyBaseLogger);
    if (lines.length > 0) console.log(`First-start data created. Sign-ins:\n  ${lines.join('\n  ')}`);
  } finally {
    await handle.close();
  }
  console.log(
    `Seeding ${fmt(args.users)} users and ${fmt(args.assignments)} assignments into "${args.company}" (${target})`,
  );
  // Ctrl-C stops after the current chunk, and the indexes are still rebuilt.
  let aborted = false;
  process.once('SIGINT', () => {
    aborted = true;
    console.log('Stopping after this chunk…');
  });
  const result = await generateLargeDataSet({
    url: config.databaseUrl,
    ...args,
    log: (line) => console.log(line),
    isAborted: () => aborted,
  });
  // The report rollups are kept by triggers as rows are written; the window of days is moved to
  // today as the worker's daily job would (decision 088), so the reports read them at once.
  // The move recodes the assignments' list codes (decision 096): on PostgreSQL, statistics and the
  // visibility map taken before it are stale.
  const rollups = createDb({ url: config.databaseUrl });
  try {
    const moved = await moveRollupWindow(rollups.db, rollups.dialect, new Date());
    if (moved.moved && rollups.dialect === 'postgres') await vacuumLoaded(rollups.db);
  } finally {
    await rollups.close();
  }
  const rows = result.users + result.fieldValues + result.assignments;
  console.log(
    `Done: company ${result.companyId}, ${fmt(result.users)} users, ${fmt(result.fieldValues)} field values, ${fmt(result.assignments)} assignments ` +
      `(${fmt(rows)} rows) in ${result.seconds.toFixed(1)} s (indexes ${result.indexSeconds.toFixed(1)} s), ${fmt(result.rowsPerSecond)} rows/s, ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
