import { sql } from 'kysely';
import { createDb, isPostgresUrl } from '../create-db.ts';
import { migrateToLatest } from '../migrate.ts';
import { prepareCompany } from './large-company.ts';
import { type Counts, type LargeOptions, load } from './large-plan.ts';
import { postgresWriter } from './large-postgres.ts';
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
    const company = await prepareCompany(handle.db, options.company, now);
    const rows = new LargeRows(new Random(`large:${options.company}`), company, now);
    const writer = await postgresWriter(options.url, options.schema, rows);
    try {
      const counts = await load(options, writer);
      // Autovacuum may be off or not yet round: without statistics and the visibility map, counts and
      // deep pages read the heap row by row instead of the index alone.
      await sql`VACUUM (ANALYZE) users, user_search_docs, user_field_values, assignments`.execute(handle.db);
      return finish(company.id, counts);
    } finally {
      await writer.close();
    }
  } finally {
    await handle.close();
  }
}
