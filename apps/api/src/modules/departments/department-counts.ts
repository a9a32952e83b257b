import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { dataStamp } from '../../db/data-stamp.ts';
import type { Database } from '../../db/types.ts';
import { countUsersByDepartment } from './departments.repository.ts';

interface Entry {
  stamp: string;
  counts: Map<number, number>;
}

const MAX_COMPANIES = 200;
const caches = new WeakMap<Kysely<Database>, Map<number, Entry>>();

/**
 * Users directly in each department of a company. Counting walks the company's whole
 * (company_id, department_id) index, a million entries for a million users, so the answer is kept
 * per company and reused only while the database is provably unchanged (never stale).
 */
export async function usersPerDepartment(
  db: Kysely<Database>,
  dialect: Dialect,
  companyId: number,
): Promise<Map<number, number>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  if (dialect === 'postgres') {
    // One snapshot for the stamp and the count (REPEATABLE READ), so a write between them cannot hide.
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) =>
        remember(cache, companyId, await dataStamp(trx, dialect), () => countUsersByDepartment(trx, companyId)),
      );
  }
  // SQLite: the stamp is read before counting, so a write racing the count changes it.
  return remember(cache, companyId, await dataStamp(db, dialect), () => countUsersByDepartment(db, companyId));
}

async function remember(
  cache: Map<number, Entry>,
  companyId: number,
  stamp: string,
  count: () => Promise<Map<number, number>>,
): Promise<Map<number, number>> {
  const hit = cache.get(companyId);
  if (hit && hit.stamp === stamp) return hit.counts;
  const counts = await count();
  cache.delete(companyId);
  cache.set(companyId, { stamp, counts });
  if (cache.size > MAX_COMPANIES) cache.delete(cache.keys().next().value as number);
  return counts;
}
