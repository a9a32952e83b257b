import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';

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

/** A constraint the checks did not foresee (a user written meanwhile by someone else): retrying smaller pieces can help. */
export function isConstraintError(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : ''}`;
  return /SQLITE_CONSTRAINT|UNIQUE constraint|FOREIGN KEY constraint|duplicate key|violates|23505|23503|23514/i.test(
    text,
  );
}
