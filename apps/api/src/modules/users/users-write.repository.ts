import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/types.ts';
import type { CustomFieldValue } from './custom-field-values.ts';

export async function isCompanyDepartment(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isCompanyUser(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when another user already holds the username or e-mail (unique across all companies). */
export async function isTaken(
  db: Kysely<Database>,
  column: 'username' | 'email',
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(column, '=', value);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Kysely<Database>, values: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(db: Kysely<Database>, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Sets or clears a user's custom field values: null deletes the row, anything else upserts it. */
export async function writeCustomValues(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  values: CustomFieldValue[],
): Promise<void> {
  const cleared = values.filter((v) => v.value === null).map((v) => v.fieldId);
  const kept = values.filter((v) => v.value !== null);
  if (cleared.length > 0) {
    await db.deleteFrom('user_field_values').where('user_id', '=', userId).where('field_id', 'in', cleared).execute();
  }
  if (kept.length > 0) {
    await db
      .insertInto('user_field_values')
      .values(kept.map((v) => ({ user_id: userId, field_id: v.fieldId, company_id: companyId, value: v.value })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'field_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
  }
}

/** The names a user signs in with, as stored. */
export async function findLoginNames(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['username', 'email']).where('id', '=', id).executeTakeFirst();
}
