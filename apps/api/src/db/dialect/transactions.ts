import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import type { Database } from '../types.ts';
import { hasRowLocks } from './traits.ts';

// Transactions and locks, which the two databases give in different ways.

/**
 * A transaction that reads, then writes what it read decided. On SQLite it starts with BEGIN
 * IMMEDIATE: it takes the write lock first (waiting its turn through busy_timeout), so no other
 * connection can commit between its reads and its writes; a deferred BEGIN would fail with
 * SQLITE_BUSY at its first write instead. PostgreSQL runs a normal transaction.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Holds the lock named by (`key`, `id`) until the transaction `trx` ends, so that transactions taking
 * the same lock run one after the other and what one checked still holds when it commits.
 * - PostgreSQL: `pg_advisory_xact_lock(key, id)`.
 * - SQLite: nothing to take. Its transactions are serialisable already: the API's connection is a
 *   single one, held by a transaction from its BEGIN to its end, and a transaction of another
 *   connection (the worker's) that commits meanwhile makes this one's first write fail (its WAL
 *   snapshot is stale) instead of letting it commit on what it read.
 */
export async function transactionLock(trx: Kysely<Database>, dialect: Dialect, key: number, id: number): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${key}, ${id})`.execute(trx);
}

/**
 * Runs reads that must agree with a data stamp (`dataStamp`, read first inside `work`) on the handle
 * `work` is given:
 * - PostgreSQL: a REPEATABLE READ transaction, so that the stamp and the reads share one snapshot.
 * - SQLite: `db` itself. The stamp counts this connection's writes and moves with any other
 *   connection's commit, so a write racing the reads changes the stamp read before them.
 */
export async function stampedRead<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (reader: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().setIsolationLevel('repeatable read').execute(work);
  return work(db);
}

/**
 * How a SELECT locks the rows it reads until its transaction ends:
 * - `update`: as a DELETE (or a change of a key) would, which waits for and blocks rows pointing at
 *   them through a foreign key;
 * - `no key update`: as an UPDATE of other columns would, which lets such rows be written meanwhile.
 */
export type RowLockMode = 'update' | 'no key update';

/**
 * `query` locking the rows it reads (`FOR UPDATE`, `FOR NO KEY UPDATE`; `skipLocked` passes over rows
 * another transaction holds) where rows can be locked (`hasRowLocks`: PostgreSQL). On SQLite `query`
 * is returned as it is: a writing transaction there holds the whole database's write lock.
 */
export function lockRows<DB, TB extends keyof DB, O>(
  dialect: Dialect,
  query: SelectQueryBuilder<DB, TB, O>,
  mode: RowLockMode,
  options: { skipLocked?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  if (!hasRowLocks(dialect)) return query;
  const locked = mode === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
  return options.skipLocked ? locked.skipLocked() : locked;
}
