import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A reset token's row with what deciding its validity needs. */
export async function findResetToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .selectAll('users')
    .select([
      'password_resets.expires_at',
      'password_resets.used_at',
      'companies.suspended as company_suspended',
      'companies.name as company_name',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used, once: false when it was used, or expired, meanwhile (two tabs submitting). */
export async function consumeResetToken(db: Kysely<Database>, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link replaces every earlier one of the user. */
export async function replaceResetTokens(
  db: Kysely<Database>,
  row: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** Every other link of the user stops working once one was used. */
export async function deleteOtherResetTokens(db: Kysely<Database>, userId: number, keepHash: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute();
}

export async function setPassword(db: Kysely<Database>, userId: number, passwordHash: string, now: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now, last_login_at: now })
    .where('id', '=', userId)
    .execute();
}
