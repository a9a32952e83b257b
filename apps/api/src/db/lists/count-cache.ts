import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../create-db.ts';
import { POSTGRES_STAMP, dataStamp, stampOf } from '../data-stamp.ts';
import { StampedCache } from '../stamped-cache.ts';
import type { Database } from '../types.ts';

const totals = new StampedCache<string, number>({ maxWeight: 1000 });

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
  const before = await dataStamp(db, dialect);
  const hit = totals.get(db, key, before);
  if (hit !== undefined) return hit;
  let stamp = before;
  let total: number;
  if (dialect === 'postgres') {
    const row = await query.select(POSTGRES_STAMP.as('stamp')).executeTakeFirstOrThrow();
    [stamp, total] = [stampOf(row.stamp), Number(row.total)];
  } else {
    total = Number((await query.executeTakeFirstOrThrow()).total);
  }
  totals.set(db, key, stamp, total);
  return total;
}

/** The total kept under `key` if the database is provably unchanged since it was counted, else undefined. */
export async function knownCount(db: Kysely<Database>, dialect: Dialect, key: string): Promise<number | undefined> {
  return totals.get(db, key, await dataStamp(db, dialect));
}

/**
 * A count a list knows without counting (`quickCount`: a trigger-kept total, the report rollups' sum),
 * kept like a counted one: criteria that carry the clock (`now`) are asked afresh each time, as their
 * answer moves with it. Undefined when the quick count cannot answer.
 */
export async function cachedQuickCount(
  db: Kysely<Database>,
  dialect: Dialect,
  key: string,
  clockBound: boolean,
  count: () => Promise<number | undefined>,
): Promise<number | undefined> {
  if (clockBound) return count();
  const before = await dataStamp(db, dialect);
  const hit = totals.get(db, key, before);
  if (hit !== undefined) return hit;
  const total = await count();
  if (total !== undefined) totals.set(db, key, before, total);
  return total;
}
