import { type Kysely, type Updateable, sql } from 'kysely';
import type { CompaniesTable, CompanyRow, Database } from '../../db/types.ts';

export async function findCompany(db: Kysely<Database>, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another company already named `name` (case-insensitive), if any. */
export async function findCompanyNamed(db: Kysely<Database>, name: string, exceptId?: number) {
  return db
    .selectFrom('companies')
    .select('id')
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
}

export async function insertCompany(db: Kysely<Database>, values: Omit<CompanyRow, 'id'>) {
  return db.insertInto('companies').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCompany(db: Kysely<Database>, id: number, patch: Updateable<CompaniesTable>) {
  return db.updateTable('companies').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Ends the sessions of a suspended company's people: their own sessions and any in which they
 * impersonate someone. Site admins keep theirs (they may still look into a suspended company).
 */
export async function endCompanySessions(db: Kysely<Database>, companyId: number) {
  const people = db.selectFrom('users').select('id').where('company_id', '=', companyId).where('site_admin', '=', 0);
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', 'in', people), eb('impersonator_id', 'is', null)]),
        eb('impersonator_id', 'in', people),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
