import { type Kysely, sql } from 'kysely';
import { createDb, isPostgresUrl } from '../create-db.ts';
import type { Database } from '../types.ts';
import { migrateToLatest } from '../migrate.ts';
import { prepareCompany } from './large-company.ts';
import { bulkTables, type Counts, type LargeOptions, load } from './large-plan.ts';
import { postgresWriter } from './large-postgres.ts';
import { relaxPostgres, restorePostgres } from './large-postgres-schema.ts';
import { LargeRows } from './large-rows.ts';
import { generateSqlite } from './large-sqlite-run.ts';
import { Random } from './prng.ts';

export { fmt, type LargeOptions } from './large-plan.ts';

export interface LargeResult {
  companyId: number;
  users: number;
  fieldValues: number;
  assignments: number;
  /** Whole run: load plus index build. */
  seconds: number;
  indexSeconds: number;
  rowsPerSecond: number;
}

/**
 * The large data set for benchmarks: users with custom field values and assignments, streamed in
 * chunks (one transaction each, multi-row prepared INSERTs inside), never more than a chunk in memory.
 */
/**
 * PostgreSQL: the loaded tables vacuumed and analyzed. Autovacuum may be off or not yet round: without
 * statistics and the visibility map, counts and deep pages read the heap row by row instead of the
 * index alone, the rollups (filled in one statement) look empty to the planner (a bitmap scan of 54,000
 * rollup rows estimated as 2), and a status of 1.9M list codes looks like one row (a sort instead of a
 * merge in due order).
 */
export async function vacuumLoaded(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM (ANALYZE) users, user_search_docs, user_field_values, assignments, assignment_rollups,
    learner_rollups, expiry_rollups, attribute_rollups`.execute(db);
}

export async function generateLargeDataSet(options: LargeOptions): Promise<LargeResult> {
  const now = options.now ?? new Date();
  const started = performance.now();
  const finish = (companyId: number, counts: Counts, indexSeconds = 0): LargeResult => {
    const seconds = (performance.now() - started) / 1000;
    const rows = counts.users + counts.fieldValues + counts.assignments;
    return { companyId, ...counts, seconds, indexSeconds, rowsPerSecond: rows / Math.max(seconds, 0.001) };
  };
  if (!isPostgresUrl(options.url)) {
    const { companyId, counts, indexSeconds } = await generateSqlite(options, now);
    return finish(companyId, counts, indexSeconds);
  }

  const handle = createDb({ url: options.url, schema: options.schema, poolSize: 2 });
  try {
    await migrateToLatest(handle.db, handle.schema);
    const log = options.log ?? (() => undefined);
    const repaired = await restorePostgres(handle.db);
    if (repaired.length > 0) log(`Restored after an interrupted run: ${repaired.join(', ')}`);
    const company = await prepareCompany(handle.db, options.company, now);
    const rows = new LargeRows(new Random(`large:${options.company}`), company, now);
    const largest = async (table: 'users' | 'assignments') =>
      Number(
        (await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id FROM ${sql.table(table)}`.execute(handle.db))
          .rows[0]!.id,
      );
    const relaxed = bulkTables(options, await largest('users'), await largest('assignments')).includes('assignments');
    if (relaxed) await relaxPostgres(handle.db);
    const writer = await postgresWriter(options.url, options.schema, rows);
    let counts: Counts;
    let indexSeconds = 0;
    try {
      counts = await load(options, writer);
    } finally {
      await writer.close();
      // Also after a failure or an abort: the schema must end as the migrations made it.
      const indexing = performance.now();
      const built = await restorePostgres(handle.db);
      indexSeconds = (performance.now() - indexing) / 1000;
      if (built.length > 0) log(`Built ${built.join(', ')} and filled the rollups in ${indexSeconds.toFixed(1)} s`);
    }
    await vacuumLoaded(handle.db);
    return finish(company.id, counts, indexSeconds);
  } finally {
    await handle.close();
  }
}
