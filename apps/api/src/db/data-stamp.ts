import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/** The change log may hold this many rows before they are folded into one (a reader sums them all). */
const FOLD_AFTER_ROWS = 100;
let ownWrites = 0;

/**
 * PostgreSQL's stamp as a column expression: the sum of `data_changes.writes` (migration 014), which
 * grows with every committed transaction that wrote a stamped table, and with nothing else. Inside a
 * transaction that has written, its own uncommitted row counts, and a rollback would hand that sum
 * to the next writer: there it is null (see `stampOf`), so nothing read there is reused.
 */
export const POSTGRES_STAMP = sql<string | null>`(SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL
  THEN coalesce(sum(writes), 0)::text END FROM data_changes)`;

/** A stamp read through `POSTGRES_STAMP`, null turned into one equal to no other. */
export function stampOf(value: string | null | undefined): string {
  return value ?? `own-writes:${++ownWrites}`;
}

async function postgresStamp(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ stamp: string | null; entries: string }>`
    SELECT ${POSTGRES_STAMP} AS stamp, (SELECT count(*) FROM data_changes) AS entries`.execute(db);
  // Not inside a caller's transaction: a repeatable-read one could fail on a concurrent fold.
  if (Number(rows[0]?.entries) > FOLD_AFTER_ROWS && !db.isTransaction) await foldDataChanges(db);
  return stampOf(rows[0]?.stamp);
}

/**
 * Folds the change log into one row of the same total, so the stamp stays a short read. Only
 * committed rows are deleted (a concurrent writer's row stays, and is counted once it commits);
 * a second folder waits, then skips the rows the first removed, so the sum never changes.
 */
async function foldDataChanges(db: Kysely<Database>): Promise<void> {
  await sql`WITH gone AS (DELETE FROM data_changes RETURNING writes)
    INSERT INTO data_changes (writes) SELECT sum(writes) FROM gone HAVING count(*) > 0`.execute(db);
}

/** Reads a SQLite connection's stamp straight from its handle: two tiny statements, no query builder, no promise. */
const sqliteStampReaders = new WeakMap<Kysely<Database>, () => string>();

/**
 * How long a stamp read may be reused while no query at all has run in this thread. Reading it opens a
 * read transaction (about 2–7 µs, a sixth of an authenticated request that its caches answer).
 */
const STAMP_REUSE_MS = 1;

/** Queries prepared on any SQLite connection of this thread; `noteSqliteQuery` counts them. */
let sqliteQueries = 0;

/** Called by `createDb` for every statement a SQLite connection prepares (each Kysely query prepares one). */
export function noteSqliteQuery(): void {
  sqliteQueries++;
}

/** Called once per SQLite connection, by `createDb`, so that `currentSqliteStamp` can read it synchronously. */
export function registerSqliteStamp(db: Kysely<Database>, database: SQLite.Database): void {
  const changes = database.prepare('SELECT total_changes()').pluck();
  const version = database.prepare('PRAGMA data_version').pluck();
  // This connection writes only through queries, each prepared. Another connection's commit moves
  // data_version, and a client can learn of it only through a query (a job's status, say). So a stamp
  // is read again after any query in this thread, on any connection; with none, it is reused for at
  // most 1 ms: only a commit nobody here has read of yet may go unseen that long.
  let last = { stamp: '', at: Number.NEGATIVE_INFINITY, queries: -1 };
  sqliteStampReaders.set(db, () => {
    const now = performance.now();
    if (last.queries !== sqliteQueries || now - last.at >= STAMP_REUSE_MS) {
      last = { stamp: `${changes.get()}:${version.get()}`, at: now, queries: sqliteQueries };
    }
    return last.stamp;
  });
}

/**
 * The stamp of a SQLite database opened by `createDb`, read without waiting for the connection: equal
 * only while nothing was written on this connection (committed or not) and nothing was committed by
 * another (seen at the first read after any query in this thread, and within 1 ms without one).
 * `undefined` for PostgreSQL, or a transaction's handle.
 */
export function currentSqliteStamp(db: Kysely<Database>): string | undefined {
  return sqliteStampReaders.get(db)?.();
}

/**
 * A stamp that is equal only while the visible data is unchanged, for caches that must never be stale.
 * - SQLite: `total_changes()` counts every row written on this (the API's only) connection, and
 *   `data_version` moves when any other connection (the worker thread, a CLI) commits.
 * - PostgreSQL: `POSTGRES_STAMP`, which moves only with writes to users, departments and
 *   user_field_values (migration 014) and companies (migration 020); add a table's trigger before guarding it. Read it in the
 *   same snapshot as the data it guards (the same statement or a repeatable-read transaction).
 */
export async function dataStamp(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  if (dialect === 'postgres') return postgresStamp(db);
  const stamp = currentSqliteStamp(db);
  if (stamp !== undefined) return stamp;
  const { rows } = await sql<{ changes: number; version: number }>`
    SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`.execute(db);
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}
