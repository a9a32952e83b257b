import { ROLE, ROLE_IDS, ROLE_LABELS, type RoleId, type User, hasRoleAccess, roleRank } from '@heed/contract';
import type { SessionUser } from '../../../lib/console-session.tsx';

/** Who is acting: the signed-in user (the impersonated one while impersonating). */
export type Actor = Pick<SessionUser, 'id' | 'username' | 'role' | 'site_admin' | 'impersonator'>;
type Target = Pick<User, 'id' | 'role' | 'site_admin' | 'suspended'>;

// These mirror the server's rules (users-rules.ts, auth.service.ts) so that the drawer offers only
// what will succeed; the server decides.

/** Department Managers and above change users; Reviewers only read. */
export const canChangeUsers = (actor: Actor): boolean =>
  actor.site_admin || hasRoleAccess(actor.role, ROLE.DepartmentManager);

/** Nobody changes someone ranked above them, and only site admins change a site admin. */
export function canEditUser(actor: Actor, target: Pick<User, 'role' | 'site_admin'>): boolean {
  if (!canChangeUsers(actor)) return false;
  if (actor.site_admin) return true;
  return !target.site_admin && roleRank(target.role) <= roleRank(actor.role);
}

/**
 * Username, e-mail, password and role decide who signs in as the user and what they reach: changing
 * them for someone else needs a strictly higher rank (site admins any), so a manager cannot take over
 * a peer's account. One's own are one's own.
 */
export function canChangeSignIn(actor: Actor, target: Pick<User, 'id' | 'role' | 'site_admin'>): boolean {
  if (actor.site_admin || target.id === actor.id) return true;
  return !target.site_admin && roleRank(target.role) < roleRank(actor.role);
}

/** The roles the actor may give, lowest rank first: up to their own (spec §5); site admins any. */
export function assignableRoles(actor: Actor): { value: string; label: string }[] {
  return [...ROLE_IDS]
    .filter((role) => actor.site_admin || roleRank(role) <= roleRank(actor.role))
    .sort((a, b) => roleRank(a) - roleRank(b))
    .map((role: RoleId) => ({ value: String(role), label: ROLE_LABELS[role] }));
}

/**
 * 'Login as' (PRODUCT.md "Impersonation"): site admins anyone but a site admin, Company Managers
 * someone of a lower role in their company; never oneself, a deactivated user, or while already
 * impersonating someone.
 */
export function canLoginAs(actor: Actor, target: Target): boolean {
  if (actor.impersonator || target.id === actor.id || target.site_admin || target.suspended) return false;
  if (actor.site_admin) return true;
  return actor.role === ROLE.CompanyManager && roleRank(target.role) < roleRank(actor.role);
}
