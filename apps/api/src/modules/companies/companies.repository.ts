import { type ExpressionBuilder, type Kysely, type Updateable, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { dialectOf } from '../../db/seed/seed-db.ts';
import type { CompaniesTable, CompanyRow, Database } from '../../db/types.ts';

/**
 * How many users a company has. SQLite keeps the figure (migration 013): counting a million users'
 * index entries took 30–40 ms on every console load of that company. PostgreSQL counts.
 */
export const companyUserCount = (dialect: Dialect) => (eb: ExpressionBuilder<Database, 'companies'>) =>
  dialect === 'sqlite'
    ? eb
        .selectFrom('company_user_counts')
        .select(sql<number>`coalesce(max(company_user_counts.users), 0)`.as('n'))
        .whereRef('company_user_counts.company_id', '=', 'companies.id')
        .as('user_count')
    : eb
        .selectFrom('users')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('users.company_id', '=', 'companies.id')
        .as('user_count');

export async function findCompany(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('companies')
    .selectAll('companies')
    .select(companyUserCount(dialectOf(db)))
    .where('id', '=', id)
    .executeTakeFirst();
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
