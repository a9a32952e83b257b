import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';
import { prepareCompany } from './large-company.ts';
import { type BulkTable, bulkTables, type Counts, type LargeOptions, load } from './large-plan.ts';
import { LargeRows } from './large-rows.ts';
import { canonicalSchema, relaxSchema, restoreSchema } from './large-sqlite-schema.ts';
import { sqliteWriter } from './large-sqlite.ts';
import { Random } from './prng.ts';

/** The SQLite load through one better-sqlite3 connection (see relaxSchema for the index treatment). */
export async function generateSqlite(
  options: LargeOptions,
  now: Date,
): Promise<{ companyId: number; counts: Counts; indexSeconds: number }> {
  const log = options.log ?? (() => undefined);
  if (options.url !== ':memory:') mkdirSync(dirname(options.url), { recursive: true });
  const database = new SQLite(options.url);
  // threads: CREATE INDEX may sort with a helper thread. No mmap: mapped pages would count against the memory budget.
  for (const pragma of [
    'journal_mode = WAL',
    'synchronous = NORMAL',
    'busy_timeout = 10000',
    'cache_size = -131072',
    'threads = 2',
  ]) {
    database.pragma(pragma);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  try {
    await migrateToLatest(db);
    const canonical = await canonicalSchema();
    const repaired = restoreSchema(database, canonical);
    if (repaired.length > 0) log(`Restored after an interrupted run: ${repaired.join(', ')}`);
    const company = await prepareCompany(db, options.company, now);
    const rows = new LargeRows(new Random(`large:${options.company}`), company, now);

    const largest = (table: string) =>
      database.prepare(`SELECT coalesce(max(id), 0) FROM "${table}"`).pluck().get() as number;
    const firstNewUserId = largest('users') + 1;
    const relaxed = bulkTables(options, firstNewUserId - 1, largest('assignments'));
    relaxSchema(database, canonical, relaxed);
    const isExclusive = relaxed.length > 0 && useRollbackJournal(database);
    if (isExclusive) log('No other connection is open: writing with a rollback journal until the load ends.');
    let counts: Counts;
    let indexSeconds = 0;
    const rebuild = (tables?: BulkTable[]) => {
      const indexing = performance.now();
      const built = restoreSchema(database, canonical, firstNewUserId, tables);
      if (built.length > 0) log(`Built ${built.join(', ')} in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
      indexSeconds += (performance.now() - indexing) / 1000;
    };
    try {
      // Once the users are in, their indexes and search entries are built (the assignments do not need them).
      // Every reference the generator writes points at a row it just wrote or read (company, departments,
      // fields, courses, its own users), so the per-row foreign key look-ups are skipped during the load.
      database.pragma('foreign_keys = OFF');
      counts = await load(options, sqliteWriter(database, rows), () => rebuild(['users']));
    } finally {
      database.pragma('foreign_keys = ON');
      rebuild(); // also after a failure or an abort: the schema must end as the migrations made it
      if (isExclusive) database.pragma('journal_mode = WAL');
    }
    return { companyId: company.id, counts, indexSeconds };
  } finally {
    await db.destroy();
  }
}

/**
 * With nobody else on the database, a rollback journal writes each page once, where WAL writes it to
 * the log and again at the checkpoint (and checks the log's index on every read): about 40% fewer
 * bytes written and 15% less CPU for a bulk load. Switching out of WAL needs exclusive access, so the
 * attempt fails harmlessly when a server has the database open; the server's own start sets WAL again.
 */
function useRollbackJournal(database: SQLite.Database): boolean {
  database.pragma('busy_timeout = 0');
  try {
    return database.pragma('journal_mode = DELETE', { simple: true }) === 'delete';
  } catch {
    return false;
  } finally {
    database.pragma('busy_timeout = 10000');
  }
}
