import { type Company, type MeUser, type RoleId, hasRoleAccess } from '@heed/contract';
import { type ReactNode, createContext, useContext } from 'react';

/** The signed-in user, whose company reference has been replaced by the full company record (spec §3). */
export type SessionUser = Omit<MeUser, 'company'> & { company: Company };

/** Who is signed in, and the company the console acts on (a site admin's chosen one, else their own; spec §4). */
export interface ConsoleSession {
  user: SessionUser;
  company: Company;
}

const SessionContext = createContext<ConsoleSession | null>(null);

/** The console's frame provides the session it loaded once per page (admin/app/session.ts). */
export function ConsoleSessionProvider({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session, for any component inside the console's frame (pages and features included). */
export function useConsoleSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useConsoleSession is only available inside the console frame');
  return session;
}

/** The session, or null outside the console's frame (a feature's parts rendered alone, as in their tests). */
export const useOptionalConsoleSession = (): ConsoleSession | null => useContext(SessionContext);

/** Whether the signed-in user holds `required` or a higher role (spec §5); site admins always do. */
export function useHasRole(required: RoleId): boolean {
  const { user } = useConsoleSession();
  return user.site_admin || hasRoleAccess(user.role, required);
}
