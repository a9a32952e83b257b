import {
  DEPARTMENT_MESSAGES,
  type Department,
  type DepartmentCreateBody,
  type DepartmentDeleteQuery,
  type DepartmentDeleted,
  type DepartmentUpdateBody,
} from '@heed/contract';
import type { Kysely, Transaction } from 'kysely';
import { transactionLock } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { reassignUsers } from './departments-reassign.repository.ts';
import {
  type DepartmentNode,
  countChildren,
  countDirectUsers,
  countUsersInSubtree,
  deleteDepartmentRow,
  findDepartment,
  insertDepartment,
  longestPathIn,
  moveSubtree,
  renameDepartment,
  siblingNamed,
} from './departments.repository.ts';
import { type DepartmentsDeps, withCounts } from './departments.service.ts';

/** The size of departments.path (migration 001). */
const MAX_PATH = 512;
/** Room a new id takes in a path: up to 10 digits and a slash. */
const ID_ROOM = 11;
/** Key of the lock (`transactionLock`) that serialises tree changes per company. */
const TREE_LOCK = 4_206_001;

const snapshot = (node: DepartmentNode) => ({
  id: node.id,
  name: node.name,
  parent_id: node.parent_id,
  path: node.path,
});

/**
 * Runs a tree change in a transaction that holds the company's tree lock, so the checks made inside
 * it (siblings' names, cycles) still hold at commit (on SQLite, whose transactions are serialisable
 * already, the lock is nothing to take: see `transactionLock`).
 */
async function inTreeTransaction<T>(
  deps: DepartmentsDeps,
  companyId: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await transactionLock(trx, deps.dialect, TREE_LOCK, companyId);
    return work(trx);
  });
}

/** The department with its direct and subtree user counts, as the API shows it. */
async function withUserCounts(db: Kysely<Database>, companyId: number, node: DepartmentNode): Promise<Department> {
  const direct = await countUsersInSubtree(db, companyId, node.path);
  const total = [...direct.values()].reduce((sum, n) => sum + n, 0);
  return { ...withCounts([node], direct)[0]!, total_user_count: total };
}

async function parentOf(db: Kysely<Database>, companyId: number, parentId: number | null) {
  if (parentId === null) return null;
  const parent = await findDepartment(db, companyId, parentId);
  if (!parent) throw invalidField('parent_id', DEPARTMENT_MESSAGES.parentMissing);
  return parent;
}

async function assertNameFree(
  db: Kysely<Database>,
  companyId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
) {
  if (await siblingNamed(db, companyId, parentId, name, exceptId))
    throw invalidField('name', DEPARTMENT_MESSAGES.nameTaken);
}

/** POST /departments: a root department, or a child of a department of the company. */
export async function createDepartment(
  deps: DepartmentsDeps,
  ctx: AuthedContext,
  body: DepartmentCreateBody,
): Promise<Department> {
  const now = iso(ctx.now());
  return inTreeTransaction(deps, ctx.companyId, async (trx) => {
    const parent = await parentOf(trx, ctx.companyId, body.parent_id);
    if ((parent?.path.length ?? 1) + ID_ROOM > MAX_PATH) throw invalidField('parent_id', DEPARTMENT_MESSAGES.tooDeep);
    await assertNameFree(trx, ctx.companyId, body.parent_id, body.name, null);
    const node = await insertDepartment(trx, { companyId: ctx.companyId, parent, name: body.name, now });
    await audit(trx, ctx, {
      action: 'department.create',
      entityType: 'department',
      entityId: node.id,
      after: snapshot(node),
    });
    return withUserCounts(trx, ctx.companyId, node);
  });
}

/** Checks a move of `node` under `parent` (null: to the root) and returns the parent. */
async function checkMove(trx: Kysely<Database>, ctx: AuthedContext, node: DepartmentNode, parentId: number | null) {
  const parent = await parentOf(trx, ctx.companyId, parentId);
  if (parent?.path.startsWith(node.path)) throw invalidField('parent_id', DEPARTMENT_MESSAGES.moveIntoItself);
  const newPathLength = (parent?.path.length ?? 1) + String(node.id).length + 1;
  const longest = await longestPathIn(trx, ctx.companyId, node.path);
  if (longest - node.path.length + newPathLength > MAX_PATH) {
    throw invalidField('parent_id', DEPARTMENT_MESSAGES.tooDeep);
  }
  return parent;
}

/**
 * PUT /departments/{id}: renames and/or moves a department. A move rewrites the paths of the
 * whole subtree in one statement, inside the transaction; moving under itself or a descendant is
 * refused. A request that changes nothing changes nothing (and writes no audit entry).
 */
export async function updateDepartment(
  deps: DepartmentsDeps,
  ctx: AuthedContext,
  id: number,
  body: DepartmentUpdateBody,
): Promise<Department> {
  const now = iso(ctx.now());
  return inTreeTransaction(deps, ctx.companyId, async (trx) => {
    const before = await findDepartment(trx, ctx.companyId, id);
    if (!before) throw notFound();
    const name = body.name ?? before.name;
    const parentId = body.parent_id === undefined ? before.parent_id : body.parent_id;
    const moving = parentId !== before.parent_id;
    const renaming = name !== before.name;
    if (!moving && !renaming) return withUserCounts(trx, ctx.companyId, before);
    const parent = moving ? await checkMove(trx, ctx, before, parentId) : undefined;
    await assertNameFree(trx, ctx.companyId, parentId, name, id);
    if (renaming) await renameDepartment(trx, id, name, now);
    if (parent !== undefined) await moveSubtree(trx, ctx.companyId, before, parent, now);
    const after = (await findDepartment(trx, ctx.companyId, id))!;
    await audit(trx, ctx, {
      action: moving ? 'department.move' : 'department.rename',
      entityType: 'department',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return withUserCounts(trx, ctx.companyId, after);
  });
}

/** The department users move to when one is deleted: another department of the company. */
async function reassignTarget(trx: Kysely<Database>, ctx: AuthedContext, deleted: DepartmentNode, targetId: number) {
  if (targetId === deleted.id) throw invalidField('reassign_to', DEPARTMENT_MESSAGES.reassignInside);
  const target = await findDepartment(trx, ctx.companyId, targetId);
  if (!target) throw invalidField('reassign_to', DEPARTMENT_MESSAGES.parentMissing);
  if (target.path.startsWith(deleted.path)) throw invalidField('reassign_to', DEPARTMENT_MESSAGES.reassignInside);
  return target;
}

/**
 * DELETE /departments/{id}: only a department without sub-departments. When it has users they
 * move to `reassign_to` first (each move audited); without it such a delete is refused.
 */
export async function deleteDepartment(
  deps: DepartmentsDeps,
  ctx: AuthedContext,
  id: number,
  query: DepartmentDeleteQuery,
): Promise<DepartmentDeleted> {
  const now = iso(ctx.now());
  return inTreeTransaction(deps, ctx.companyId, async (trx) => {
    const node = await findDepartment(trx, ctx.companyId, id);
    if (!node) throw notFound();
    const children = await countChildren(trx, ctx.companyId, id);
    if (children > 0) {
      throw new AppError(422, DEPARTMENT_MESSAGES.hasChildren, { children: [DEPARTMENT_MESSAGES.hasChildren] });
    }
    const users = await countDirectUsers(trx, ctx.companyId, id);
    const target = query.reassign_to === undefined ? null : await reassignTarget(trx, ctx, node, query.reassign_to);
    if (users > 0 && !target) {
      throw new AppError(422, DEPARTMENT_MESSAGES.hasUsers(users), {
        reassign_to: [DEPARTMENT_MESSAGES.hasUsers(users)],
      });
    }
    const moved = target
      ? await reassignUsers(trx, ctx, { companyId: ctx.companyId, fromId: id, toId: target.id, now })
      : 0;
    await deleteDepartmentRow(trx, id);
    await audit(trx, ctx, {
      action: 'department.delete',
      entityType: 'department',
      entityId: id,
      before: snapshot(node),
      after: target ? { reassigned_to: target.id, reassigned_users: moved } : null,
    });
    return { id, reassigned_users: moved };
  });
}
