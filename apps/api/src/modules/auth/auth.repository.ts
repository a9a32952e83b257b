import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';

export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', value), eb('email', '=', value)]))
    .executeTakeFirst();
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
