import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/** Reads a SQLite connection's stamp straight from its handle: two tiny statements, no query builder, no promise. */
const sqliteStampReaders = new WeakMap<Kysely<Database>, () => string>();

/** Called once per SQLite connection, by `createDb`, so that `currentSqliteStamp` can read it synchronously. */
export function registerSqliteStamp(db: Kysely<Database>, database: SQLite.Database): void {
  const changes = database.prepare('SELECT total_changes()').pluck();
  const version = database.prepare('PRAGMA data_version').pluck();
  sqliteStampReaders.set(db, () => `${changes.get()}:${version.get()}`);
}

/**
 * The stamp of a SQLite database opened by `createDb`, read without waiting for the connection: equal
 * only while nothing was written on this connection (committed or not) and nothing was committed by
 * another. `undefined` for PostgreSQL, or a transaction's handle.
 */
export function currentSqliteStamp(db: Kysely<Database>): string | undefined {
  return sqliteStampReaders.get(db)?.();
}

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
  const stamp = currentSqliteStamp(db);
  if (stamp !== undefined) return stamp;
  const { rows } = await sql<{ changes: number; version: number }>`
    SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`.execute(db);
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}
