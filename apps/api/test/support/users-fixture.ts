import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { createCompany, createDepartment, createUser } from './factories.ts';

const stamp = '2026-01-01T00:00:00.000Z';

export interface UsersFixture {
  company: number;
  otherCompany: number;
  /** Departments (hq, sales, emea, ops, foreignDepartment) and users (cm, reviewer, anna, bob, cleo, dan, foreigner). */
  ids: Record<string, number>;
  siteFieldId: number;
}

/**
 * Acme: HQ > Sales > EMEA, and Ops; a Company Manager, a Reviewer, learners in each department
 * (Cleo deactivated), Dan a Department Manager in Ops; a custom field `site`. Other Co beside it.
 */
export async function createUsersFixture(db: Kysely<Database>): Promise<UsersFixture> {
  const company = (await createCompany(db, { name: 'Acme' })).id;
  const otherCompany = (await createCompany(db, { name: 'Other Co' })).id;
  const hq = await createDepartment(db, company, 'HQ');
  const sales = await createDepartment(db, company, 'Sales', hq.id);
  const emea = await createDepartment(db, company, 'EMEA', sales.id);
  const ops = await createDepartment(db, company, 'Ops');
  const foreignDepartment = await createDepartment(db, otherCompany, 'Foreign');
  const make = async (username: string, firstName: string, lastName: string, extra = {}) =>
    (await createUser(db, { companyId: company, username, firstName, lastName, ...extra })).id;
  const ids: Record<string, number> = {
    hq: hq.id,
    sales: sales.id,
    emea: emea.id,
    ops: ops.id,
    foreignDepartment: foreignDepartment.id,
    cm: await make('cm', 'Carla', 'Manager', { role: 1 }),
    reviewer: await make('reviewer', 'Rita', 'Reviewer', { role: 3 }),
    anna: await make('anna', 'Anna', 'Zimmer', { departmentId: hq.id }),
    bob: await make('bob', 'Bob', 'Young', { departmentId: sales.id }),
    cleo: await make('cleo', 'Cleo', 'Xu', { departmentId: emea.id, suspended: true }),
    dan: await make('dan', 'Dan', 'Walsh', { departmentId: ops.id, role: 2 }),
    foreigner: (await createUser(db, { companyId: otherCompany, username: 'foreigner', lastName: 'Zimmer' })).id,
  };
  await db.updateTable('users').set({ manager_id: ids.anna }).where('id', 'in', [ids.bob!, ids.cleo!]).execute();
  const field = await db
    .insertInto('custom_fields')
    .values({
      company_id: company,
      key: 'site',
      label: 'Site',
      type: 'text',
      options: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_field_values')
    .values([
      { user_id: ids.bob!, field_id: field.id, company_id: company, value: 'Leeds' },
      { user_id: ids.cleo!, field_id: field.id, company_id: company, value: 'York' },
    ])
    .execute();
  return { company, otherCompany, ids, siteFieldId: field.id };
}

/** Adds a custom field to a company. */
export async function addCustomField(
  db: Kysely<Database>,
  companyId: number,
  key: string,
  type: string,
  extra: { options?: string; required?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('custom_fields')
    .values({
      company_id: companyId,
      key,
      label: key,
      type,
      options: extra.options ?? null,
      required: extra.required ?? 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
