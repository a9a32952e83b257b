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

/** The most transactions one shared commit takes; later ones start the next group. */
const GROUP_LIMIT = 64;

interface GroupMember {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The group of a SQLite handle that still takes members (open until it decides to commit). */
const openGroups = new WeakMap<Kysely<Database>, { members: GroupMember[] }>();

/**
 * A write transaction, like `writeTransaction`, that may share its commit with the ones waiting
 * beside it: many small writers at once (an identity provider's sync) then pay one commit together.
 * - SQLite: the API's connection takes the write lock (BEGIN IMMEDIATE) and runs the waiting
 *   transactions one after another, each inside a savepoint of its own: one that fails is rolled
 *   back to its savepoint and fails alone. The group starts on the event loop's next turn
 *   (setImmediate); transactions that arrive until it has run its last member join, up to
 *   GROUP_LIMIT; then one COMMIT. Every promise settles after that COMMIT, never before: a caller
 *   answers only once what it wrote is committed, as with a transaction of its own; if the COMMIT
 *   fails, every transaction of the group fails with it. No other query uses the connection from
 *   BEGIN to COMMIT, so nothing outside the group reads what it has not committed.
 * - PostgreSQL: a normal transaction (each on its own pooled connection; the server groups WAL
 *   flushes itself).
 * `work` must use the handle it is given, never `db` (that would wait for the group it is in).
 */
export function groupedWriteTransaction<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(work);
  return new Promise<T>((resolve, reject) => {
    const member: GroupMember = { work, resolve: resolve as (value: unknown) => void, reject };
    const open = openGroups.get(db);
    if (open && open.members.length < GROUP_LIMIT) {
      open.members.push(member);
      return;
    }
    const group = { members: [member] };
    openGroups.set(db, group);
    // Started once the event loop has taken in what arrived with this call (the requests read from
    // the same poll of the sockets): their transactions join before the first one runs.
    setImmediate(() => void runGroup(db, group));
  });
}

async function runGroup(db: Kysely<Database>, group: { members: GroupMember[] }): Promise<void> {
  const outcomes: { member: GroupMember; ok: boolean; value: unknown }[] = [];
  const close = () => {
    if (openGroups.get(db) === group) openGroups.delete(db);
  };
  try {
    await db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      try {
        // Members join while earlier ones run; the check and the close below happen in one turn.
        for (let next = 0; next < group.members.length; next++) {
          const member = group.members[next]!;
          await sql`SAVEPOINT grouped_write`.execute(connection);
          try {
            const value = await member.work(connection);
            await sql`RELEASE grouped_write`.execute(connection);
            outcomes.push({ member, ok: true, value });
          } catch (error) {
            await sql`ROLLBACK TO grouped_write`.execute(connection);
            await sql`RELEASE grouped_write`.execute(connection);
            outcomes.push({ member, ok: false, value: error });
          }
        }
        close();
        await sql`COMMIT`.execute(connection);
      } catch (error) {
        close();
        await sql`ROLLBACK`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } catch (error) {
    // Nothing of the group was committed: each member fails, with its own error if it had one.
    close();
    const failed = new Set(outcomes.filter((o) => !o.ok).map((o) => o.member));
    for (const outcome of outcomes) if (!outcome.ok) outcome.member.reject(outcome.value);
    for (const member of group.members) if (!failed.has(member)) member.reject(error);
    return;
  }
  for (const { member, ok, value } of outcomes) (ok ? member.resolve : member.reject)(value);
}

/**
 * Holds the lock named by (`key`, `id`) until the transaction `trx` ends, so that transactions taking
 * the same lock run one after the other and what one checked still holds when it commits.
 * - PostgreSQL: `pg_advisory_xact_lock(hashtext(schema:key), id)`. Advisory locks are the database's,
 *   the data they guard is the schema's: the schema in the key keeps two Heeds in two schemas of one
 *   database from waiting on each other's course 1 (decision 104).
 * - SQLite: nothing to take. Its transactions are serialisable already: the API's connection is a
 *   single one, held by a transaction from its BEGIN to its end, and a transaction of another
 *   connection (the worker's) that commits meanwhile makes this one's first write fail (its WAL
 *   snapshot is stale) instead of letting it commit on what it read.
 */
export async function transactionLock(trx: Kysely<Database>, dialect: Dialect, key: number, id: number): Promise<void> {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`:${key}`}), ${id})`.execute(trx);
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
