import { API_ERRORS, roleRank } from '@heed/contract';
import type { UserRow } from '../../db/types.ts';
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

/** A Department Manager places users only in departments they manage (never in none). */
export function assertDepartmentInScope(scope: number[] | null, departmentId: number | null | undefined): void {
  if (!isDepartmentInScope(scope, departmentId))
    throw forbiddenField('department_id', 'Choose a department you manage.');
}
