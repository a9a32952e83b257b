import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { RequestContext } from './context.ts';

/** Why users changed, as a rule run records it. */
export type UserChangeTrigger = 'user_change' | 'import';

export type UsersChangedListener = (
  trx: Kysely<Database>,
  companyId: number,
  userIds: number[],
  options: Partial<Pick<RequestContext, 'actorId' | 'impersonatorId' | 'ip' | 'now'>> & { trigger?: UserChangeTrigger },
) => Promise<unknown>;

const listeners: UsersChangedListener[] = [];

/**
 * Registers what must happen when users are created or changed (assignment rules register here as
 * their module loads). Modules that change users call `usersChanged` instead of importing the rules
 * module, which imports theirs (no import cycle).
 */
export function onUsersChanged(listener: UsersChangedListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Tells the listeners, in the caller's transaction, that these users of the company were created or changed. */
export async function usersChanged(
  trx: Kysely<Database>,
  companyId: number,
  userIds: number[],
  options: Parameters<UsersChangedListener>[3] = {},
): Promise<void> {
  if (userIds.length === 0) return;
  for (const listener of listeners) await listener(trx, companyId, userIds, options);
}
