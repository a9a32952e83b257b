import type { Kysely } from 'kysely';
import type { Dialect } from './create-db.ts';
import { cachedCount } from './lists/index.ts';
import type { Database } from './types.ts';

/**
 * How many users a company has. SQLite keeps the figure by triggers (migration 013): counting a
 * million users' index entries took 30–40 ms, on every console load of that company. PostgreSQL counts
 * them, kept under the data stamp as the users list's totals are (the users move it, migration 014).
 */
export async function companyUserCount(db: Kysely<Database>, dialect: Dialect, companyId: number): Promise<number> {
  if (dialect === 'sqlite') {
    const row = await db
      .selectFrom('company_user_counts')
      .select('users')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row?.users ?? 0;
  }
  const count = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('company_id', '=', companyId);
  return cachedCount(db, dialect, JSON.stringify(['company-users', companyId]), count);
}
