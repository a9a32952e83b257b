import { SESSION_ABSOLUTE_HOURS } from '@heed/contract';
import type { Insertable, Kysely } from 'kysely';
import { compileOnce } from '../db/compile-once.ts';
import type { Database, SessionsTable, UserRow } from '../db/types.ts';

// The SQL of sessions (session.ts holds their rules and the cache of what every request reads).

/** The absolute lifetime of a session of the user, in hours: their company's setting (the default without one). */
export async function sessionLifetimeHours(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select('companies.session_absolute_hours')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.session_absolute_hours ?? SESSION_ABSOLUTE_HOURS;
}

export async function insertSession(db: Kysely<Database>, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session with its user and the user's company settings, by the hash of the cookie's id. */
export const selectSessionByHash = compileOnce((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .selectAll('users')
    .select([
      'sessions.id_hash',
      'sessions.impersonator_id',
      'sessions.csrf_token',
      'sessions.ip as session_ip',
      'sessions.user_agent',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'companies.session_idle_minutes',
      'companies.suspended as company_suspended',
    ])
    .where('sessions.id_hash', '=', '?'),
);

/** The user who impersonates in a session, if they still exist. */
export async function findImpersonator(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, idHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id_hash', '=', idHash).execute();
}

export async function destroySession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/**
 * Ends every session of a user, including sessions in which someone impersonates them or they
 * impersonate; `except` keeps one (the request's own, when people change their own password).
 */
export async function destroyUserSessions(
  db: Kysely<Database>,
  userId: number,
  options: { except?: string } = {},
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_id', '=', userId)]))
    .$if(options.except !== undefined, (qb) => qb.where('id_hash', '!=', options.except!))
    .execute();
}
