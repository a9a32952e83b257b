import { API_ERRORS, roleRank } from '@heed/contract';
import type { UserRow } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { isDepartmentInScope } from '../../platform/scope.ts';

type Actor = Pick<UserRow, 'role' | 'site_admin'>;
type Target = Pick<UserRow, 'role' | 'site_admin'>;

const forbiddenField = (field: string, message: string) =>
  new AppError(403, API_ERRORS.forbidden, { [field]: [message] });

/** Nobody gives a role above their own rank (spec §5); site admins stand outside the ranks. */
export function assertCanAssignRole(actor: Actor, role: number): void {
  if (actor.site_admin === 1) return;
  if (roleRank(role) > roleRank(actor.role)) throw forbiddenField('role', 'You cannot give a role above your own.');
}

/** Nobody changes someone ranked above them, and only site admins change a site admin. */
export function assertCanEdit(actor: Actor, target: Target): void {
  if (actor.site_admin === 1) return;
  if (target.site_admin === 1) throw forbidden('Only site administrators can change a site administrator.');
  if (roleRank(target.role) > roleRank(actor.role))
    throw forbidden('You cannot change a user whose role is above your own.');
}

/** The fields that hand over an account, or what it may do: whoever sets them can sign in as the user. */
export type SensitiveField = 'password' | 'email' | 'username' | 'role';

/** The sensitive fields a body changes: a value equal to the stored one (a form sends them all) changes nothing. */
export function sensitiveChanges(
  body: Partial<{ password: string; email: string | null; username: string; role: number }>,
  current: Pick<UserRow, 'email' | 'username' | 'role'>,
): SensitiveField[] {
  const changed: SensitiveField[] = [];
  if (body.password) changed.push('password');
  if (body.email !== undefined && body.email !== current.email) changed.push('email');
  if (body.username !== undefined && body.username !== current.username) changed.push('username');
  if (body.role !== undefined && body.role !== current.role) changed.push('role');
  return changed;
}

/**
 * Changing another person's password, e-mail, username or role needs a strictly higher rank (or
 * site admin): a peer who could set them would sign in as the other and take their reach (F4).
 * One's own account is one's own to change.
 */
export function assertCanChangeSensitive(
  actor: Actor & Pick<UserRow, 'id'>,
  target: Target & Pick<UserRow, 'id'>,
  fields: readonly SensitiveField[],
): void {
  if (actor.site_admin === 1 || actor.id === target.id || fields.length === 0) return;
  if (roleRank(target.role) < roleRank(actor.role)) return;
  const message = 'Only someone ranked above this user can change this.';
  throw new AppError(403, API_ERRORS.forbidden, Object.fromEntries(fields.map((field) => [field, [message]])));
}

/** A Department Manager places users only in departments they manage (never in none). */
export function assertDepartmentInScope(scope: number[] | null, departmentId: number | null | undefined): void {
  if (!isDepartmentInScope(scope, departmentId))
    throw forbiddenField('department_id', 'Choose a department you manage.');
}

/**
 * One's own record is always reachable (the console's Update Profile), whichever company a site
 * admin is acting on: a request for it acts on the user's own company.
 */
export function forOwnRecord<C extends Pick<AuthedContext, 'user' | 'companyId'>>(ctx: C, id: number): C {
  return id === ctx.user.id ? { ...ctx, companyId: ctx.user.company_id } : ctx;
}
