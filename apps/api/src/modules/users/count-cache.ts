import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';

interface Entry {
  stamp: string;
  total: number;
}

const MAX_ENTRIES = 1000;
const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

/**
 * A stamp that changes whenever the database may have changed: `total_changes()` counts every row
 * written on this (the API's only) connection, and `data_version` moves when any other connection
 * (the worker thread, a CLI) commits. Equal stamps mean no write happened in between.
 */
async function changeStamp(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ changes: number; version: number }>`
    SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`.execute(db);
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}

/**
 * COUNT(*) over a million users walks a million index entries (tens of ms on SQLite). Totals are
 * therefore remembered per query and reused only while the database is provably unchanged, so a
 * total is never stale. The stamp is read before counting: a write racing the count changes the
 * stamp and so invalidates the entry. PostgreSQL counts every time (no equally cheap stamp).
 */
export async function cachedCount(
  db: Kysely<Database>,
  dialect: Dialect,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  if (dialect !== 'sqlite') return count();
  const stamp = await changeStamp(db);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.total;
  const total = await count();
  cache.delete(key);
  cache.set(key, { stamp, total });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return total;
}
