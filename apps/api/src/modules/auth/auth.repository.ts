import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';

/**
 * The one account a sign-in name belongs to, or none (decision 046). A name with @ is an e-mail, or
 * the same account's username (a username holds @ only as its own e-mail); without @ it is a username.
 * Rows from before that rule may let two accounts answer to one name: then it is no one's.
 */
export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      value.includes('@') ? eb.or([eb('email', '=', value), eb('username', '=', value)]) : eb('username', '=', value),
    )
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isCompanySuspended(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('suspended').where('id', '=', companyId).executeTakeFirst();
  return row?.suspended === 1;
}

export async function recordLogin(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/** Whether the company requires single sign-on (the Single Sign On page, modules/saml): its people sign in there only. */
export async function isSsoRequired(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('saml_settings')
    .select('company_id')
    .where('company_id', '=', companyId)
    .where('enabled', '=', 1)
    .where('require_sso', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
