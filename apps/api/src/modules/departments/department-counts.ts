import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { dataStamp } from '../../db/data-stamp.ts';
import { stampedRead } from '../../db/dialect/index.ts';
import { StampedCache } from '../../db/stamped-cache.ts';
import type { Database } from '../../db/types.ts';
import { countUsersByDepartment } from './departments.repository.ts';

/** Per company: at most 200 companies' counts per connection. */
const countsByCompany = new StampedCache<number, Map<number, number>>({ maxWeight: 200 });

/**
 * Users directly in each department of a company. Counting walks the company's whole
 * (company_id, department_id) index, a million entries for a million users, so the answer is kept
 * per company and reused only while the database is provably unchanged (never stale). The stamp is
 * read first, and `stampedRead` makes it hold for the count (one snapshot on PostgreSQL), so a write
 * between them cannot hide.
 */
export async function usersPerDepartment(
  db: Kysely<Database>,
  dialect: Dialect,
  companyId: number,
): Promise<Map<number, number>> {
  return stampedRead(db, dialect, async (reader) =>
    countsByCompany.getOrRead(db, companyId, await dataStamp(reader, dialect), () =>
      countUsersByDepartment(reader, companyId),
    ),
  );
}
