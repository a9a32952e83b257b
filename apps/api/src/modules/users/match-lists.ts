import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { dataStamp } from '../../db/data-stamp.ts';
import type { Database } from '../../db/types.ts';

/** A list of this many ids or fewer is worth keeping; a larger one is paged the usual way. */
export const MATCH_LIST_MAX_IDS = 250_000;
/** All lists of a connection together hold at most this many ids (4 bytes each): 16 MB. */
const CACHE_MAX_IDS = 4_000_000;

/** Every id a list matches, in its order, and the data stamp it was read under. */
export interface MatchList {
  ids: Int32Array;
  stamp: string;
}

interface Cache {
  lists: Map<string, MatchList>;
  heldIds: number;
}

const caches = new WeakMap<Kysely<Database>, Cache>();

function cacheOf(db: Kysely<Database>): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { lists: new Map(), heldIds: 0 };
    caches.set(db, cache);
  }
  return cache;
}

function forget(cache: Cache, key: string): void {
  const list = cache.lists.get(key);
  if (!list) return;
  cache.lists.delete(key);
  cache.heldIds -= list.ids.length;
}

/**
 * The ids of every user a list matches, in its order, kept under `key` (its criteria, sort and order)
 * while the database is provably unchanged: the data stamp of the counts (decisions 009, 025, 028),
 * so a kept list is never stale. A list whose matches must all be fetched and sorted (a text search,
 * a department subtree, a custom field) costs the same for page 1 and page 2,000; kept, its total
 * and every further page cost a slice (decision 038). `undefined` when nothing is kept for the current data.
 */
export async function keptMatchList(
  db: Kysely<Database>,
  dialect: Dialect,
  key: string,
): Promise<Int32Array | undefined> {
  const cache = cacheOf(db);
  const list = cache.lists.get(key);
  if (!list) return undefined;
  if (list.stamp !== (await dataStamp(db, dialect))) {
    forget(cache, key);
    return undefined;
  }
  // Least recently used goes first: a hit moves to the end.
  cache.lists.delete(key);
  cache.lists.set(key, list);
  return list.ids;
}

/** Keeps a list read under `list.stamp` (read before the list, or in the same snapshot) for `keptMatchList`. */
export function keepMatchList(db: Kysely<Database>, key: string, list: MatchList): void {
  if (list.ids.length > MATCH_LIST_MAX_IDS) return;
  const cache = cacheOf(db);
  forget(cache, key);
  cache.lists.set(key, list);
  cache.heldIds += list.ids.length;
  for (const oldest of cache.lists.keys()) {
    if (cache.heldIds <= CACHE_MAX_IDS) break;
    forget(cache, oldest);
  }
}

/** How many list keys {@link askedBefore} remembers per connection, oldest out. */
const ASKED_MAX_KEYS = 10_000;
const askedKeys = new WeakMap<Kysely<Database>, Set<string>>();

/**
 * True when a list under `key` was asked for before on this connection (and records the ask). A
 * list that a query could answer without reading every match is built the second time it is asked:
 * the first page of a search is then the cheaper top-k sort, and paging on, or asking again, pays
 * for one list instead of a sort per page.
 */
export function askedBefore(db: Kysely<Database>, key: string): boolean {
  let keys = askedKeys.get(db);
  if (!keys) {
    keys = new Set();
    askedKeys.set(db, keys);
  }
  if (keys.has(key)) return true;
  if (keys.size >= ASKED_MAX_KEYS) keys.delete(keys.values().next().value as string);
  keys.add(key);
  return false;
}
