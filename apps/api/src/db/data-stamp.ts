import { type Kysely, sql } from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/**
 * A stamp that is equal only while the visible data is unchanged, for caches that must never be stale.
 * - SQLite: `total_changes()` counts every row written on this (the API's only) connection, and
 *   `data_version` moves when any other connection (the worker thread, a CLI) commits.
 * - PostgreSQL: the snapshot (xmin:xmax:in-progress xids); two equal snapshots see the same rows.
 *   Read it in the same snapshot as the data it guards (the same statement or a repeatable-read transaction).
 */
export async function dataStamp(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ stamp: string }>`SELECT pg_current_snapshot()::text AS stamp`.execute(db);
    return rows[0]?.stamp ?? '';
  }
  const { rows } = await sql<{ changes: number; version: number }>`
    SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`.execute(db);
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}
