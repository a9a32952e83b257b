import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { POSTGRES_STAMP, dataStamp, stampOf } from '../../db/data-stamp.ts';
import type { Database } from '../../db/types.ts';

interface Entry {
  stamp: string;
  total: number;
}

const MAX_ENTRIES = 1000;
const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

function cacheOf(db: Kysely<Database>): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * COUNT(*) over a million users walks a million index entries (tens of ms on SQLite, more on
 * PostgreSQL). Totals are therefore remembered per query and reused only while the database is
 * provably unchanged, so a total is never stale. On SQLite the stamp is read before counting (a
 * write racing the count changes the stamp); on PostgreSQL it is read in the counting statement
 * itself, so both share one snapshot.
 */
export async function cachedCount(
  db: Kysely<Database>,
  dialect: Dialect,
  key: string,
  /** Over any table: the users, or SQLite's search index. */
  query: SelectQueryBuilder<Database, any, { total: number }>,
): Promise<number> {
  const cache = cacheOf(db);
  const before = await dataStamp(db, dialect);
  const hit = cache.get(key);
  if (hit && hit.stamp === before) return hit.total;
  let stamp = before;
  let total: number;
  if (dialect === 'postgres') {
    const row = await query.select(POSTGRES_STAMP.as('stamp')).executeTakeFirstOrThrow();
    [stamp, total] = [stampOf(row.stamp), Number(row.total)];
  } else {
    total = Number((await query.executeTakeFirstOrThrow()).total);
  }
  cache.delete(key);
  cache.set(key, { stamp, total });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return total;
}

/** The total kept under `key` if the database is provably unchanged since it was counted, else undefined. */
export async function knownCount(db: Kysely<Database>, dialect: Dialect, key: string): Promise<number | undefined> {
  const hit = cacheOf(db).get(key);
  return hit && hit.stamp === (await dataStamp(db, dialect)) ? hit.total : undefined;
}
