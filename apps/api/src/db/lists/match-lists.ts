import type { Kysely } from 'kysely';
import type { Dialect } from '../create-db.ts';
import { dataStamp } from '../data-stamp.ts';
import { StampedCache } from '../stamped-cache.ts';
import type { Database } from '../types.ts';

/** A list of this many ids or fewer is worth keeping; a larger one is paged the usual way. */
export const MATCH_LIST_MAX_IDS = 250_000;
/** All lists of a connection together hold at most this many ids (4 bytes each): 16 MB. */
const CACHE_MAX_IDS = 4_000_000;

/** Every id a list matches, in its order, and the data stamp it was read under. */
export interface MatchList {
  ids: Int32Array;
  stamp: string;
}

/** Kept lists weigh their ids; least recently used first out. */
const lists = new StampedCache<string, Int32Array>({ maxWeight: CACHE_MAX_IDS, weigh: (ids) => ids.length });

/**
 * The ids of every user a list matches, in its order, kept under `key` (its criteria, sort and order)
 * while the database is provably unchanged: the data stamp of the counts (decision 050),
 * so a kept list is never stale. A list whose matches must all be fetched and sorted (a text search,
 * a department subtree, a custom field) costs the same for page 1 and page 2,000; kept, its total
 * and every further page cost a slice (decision 052). `undefined` when nothing is kept for the current data.
 */
export async function keptMatchList(
  db: Kysely<Database>,
  dialect: Dialect,
  key: string,
): Promise<Int32Array | undefined> {
  return lists.get(db, key, await dataStamp(db, dialect));
}

/** Keeps a list read under `list.stamp` (read before the list, or in the same snapshot) for `keptMatchList`. */
export function keepMatchList(db: Kysely<Database>, key: string, list: MatchList): void {
  if (list.ids.length > MATCH_LIST_MAX_IDS) return;
  lists.set(db, key, list.stamp, list.ids);
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
