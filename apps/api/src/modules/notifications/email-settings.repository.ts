import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailSettingsTable } from '../../db/types.ts';

export async function findSettings(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('email_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function saveSettings(db: Kysely<Database>, row: Insertable<EmailSettingsTable>) {
  const { company_id: _, ...changes } = row;
  await db
    .insertInto('email_settings')
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(changes))
    .execute();
}

/** Passwords stored before they were sealed (decision 069). */
export async function findPlainPasswords(db: Kysely<Database>) {
  return db
    .selectFrom('email_settings')
    .select(['company_id', 'password'])
    .where('password', 'is not', null)
    .where('password', 'not like', 'enc:v1:%')
    .execute();
}

export async function setSealedPassword(db: Kysely<Database>, companyId: number, plain: string, sealed: string) {
  // Only if it is still the value read: a concurrent save wins.
  await db
    .updateTable('email_settings')
    .set({ password: sealed })
    .where('company_id', '=', companyId)
    .where('password', '=', plain)
    .execute();
}
