import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export async function companyExists(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}
