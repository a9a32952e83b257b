import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A company's name and the path of its newest logo asset (null: none), for the learner side. */
export async function findCompanyBranding(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('companies as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.primary_color',
      'c.logo_path as chosen_logo_path',
      eb
        .selectFrom('assets as a')
        .select('a.path')
        .whereRef('a.company_id', '=', 'c.id')
        .where('a.type', '=', 'logo')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('logo_path'),
    ])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
}
