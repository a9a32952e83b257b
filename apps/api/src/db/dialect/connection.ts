import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';

/**
 * Shrinks a SQLite connection's page cache to `kib` for a long job that touches each page a few times
 * (an import walks every index of users once: a big cache only holds pages it will not read again,
 * and counts against the server's memory); returns what restores the previous size. PostgreSQL's
 * buffers are the server's own: nothing to do.
 */
export async function limitPageCache(db: Kysely<any>, dialect: Dialect, kib: number): Promise<() => Promise<void>> {
  if (dialect !== 'sqlite') return async () => undefined;
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  const previous = Number(rows[0]?.cache_size ?? -kib);
  await sql.raw(`PRAGMA cache_size = -${Math.trunc(kib)}`).execute(db);
  return async () => {
    await sql.raw(`PRAGMA cache_size = ${Math.trunc(previous)}`).execute(db);
  };
}
