import type { Department } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { departmentScope } from '../../platform/scope.ts';
import { usersPerDepartment } from './department-counts.ts';
import { type DepartmentNode, findDepartments } from './departments.repository.ts';

export interface DepartmentsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** The ids on a path, root first: "/1/5/9/" → [1, 5, 9]. */
const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * Adds user counts to departments: each department's direct users count towards itself and every
 * ancestor on its path, so a subtree total needs no recursive query.
 */
export function withCounts(nodes: DepartmentNode[], direct: Map<number, number>): Department[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const totals = new Map<number, number>();
  for (const [id, n] of direct) {
    const node = byId.get(id);
    if (!node) continue;
    for (const ancestor of pathIds(node.path)) totals.set(ancestor, (totals.get(ancestor) ?? 0) + n);
  }
  return nodes.map((node) => ({
    id: node.id,
    name: node.name,
    parent_id: node.parent_id,
    path: node.path,
    user_count: direct.get(node.id) ?? 0,
    total_user_count: totals.get(node.id) ?? 0,
  }));
}

/**
 * GET /departments: the company's departments in path order (each right after its parent), with
 * direct and subtree user counts. A Department Manager gets only their subtrees.
 */
export async function listDepartments(deps: DepartmentsDeps, ctx: AuthedContext): Promise<Department[]> {
  const scope = await departmentScope(deps.db, ctx);
  const [nodes, direct] = await Promise.all([
    findDepartments(deps.db, ctx.companyId, scope),
    usersPerDepartment(deps.db, deps.dialect, ctx.companyId),
  ]);
  return withCounts(nodes, direct);
}
