import { ROLE } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types.ts';
import { departmentIdsUnder, scopeRootPaths } from './scope.repository.ts';

export interface ScopeContext {
  user: Pick<UserRow, 'id' | 'role' | 'site_admin' | 'department_id'>;
  companyId: number;
}

/** Roles whose reach is their department subtrees (decision 047); everyone else's is the company. */
const SUBTREE_ROLES: ReadonlySet<number> = new Set([ROLE.DepartmentManager, ROLE.Reviewer]);

/**
 * The departments a caller may see (and, if their role changes anything, change) in `ctx.companyId`.
 *
 * - `null`: the whole company (site admins, Company Managers, and a Reviewer with no department
 *   and no `department_managers` row: one a Company Manager made to read everything).
 * - an array: the department subtrees of a Department Manager or a Reviewer (their own department
 *   and every `department_managers` row, each with all its descendants). A Department Manager
 *   always places a Reviewer they make inside their own subtrees, so the Reviewer never reads more
 *   than its maker (F3). An empty array means nothing.
 *
 * Repositories apply it in their queries (`department_id IN (...)`), so an id outside the scope
 * answers exactly like a missing one.
 */
export async function departmentScope(db: Kysely<Database>, ctx: ScopeContext): Promise<number[] | null> {
  const { user, companyId } = ctx;
  if (user.site_admin === 1 || !SUBTREE_ROLES.has(user.role)) return null;
  const roots = await scopeRootPaths(db, companyId, user);
  if (roots.length === 0) return user.role === ROLE.Reviewer ? null : [];
  return departmentIdsUnder(db, companyId, roots);
}

/** True when a department lies inside a scope from {@link departmentScope}; no department is outside any limited scope. */
export function isDepartmentInScope(scope: number[] | null, departmentId: number | null | undefined): boolean {
  if (scope === null) return true;
  return departmentId !== null && departmentId !== undefined && scope.includes(departmentId);
}
