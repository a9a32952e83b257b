import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DepartmentRow, Database } from '../../db/types.ts';

export type DepartmentNode = Pick<DepartmentRow, 'id' | 'name' | 'parent_id' | 'path'>;
const NODE = ['id', 'name', 'parent_id', 'path'] as const;

/**
 * Paths are "/1/5/9/": digits and slashes only, so a prefix LIKE needs no escaping, and byte order
 * (JavaScript's string order here) lists every department right after its ancestors.
 */
const subtreePattern = (path: string) => `${path}%`;
const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The company's departments, or only those whose ids are listed (a Department Manager's scope). */
export async function findDepartments(
  db: Kysely<Database>,
  companyId: number,
  ids: number[] | null,
): Promise<DepartmentNode[]> {
  if (ids !== null && ids.length === 0) return [];
  let query = db.selectFrom('departments').select(NODE).where('company_id', '=', companyId);
  if (ids !== null) query = query.where('id', 'in', ids);
  return (await query.execute()).sort(byPath);
}

/** Users per department, directly in it; one pass over the (company_id, department_id) index. */
export async function countUsersByDepartment(db: Kysely<Database>, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['department_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('department_id', 'is not', null)
    .groupBy('department_id')
    .execute();
  return new Map(rows.map((row) => [row.department_id as number, Number(row.n)]));
}

/** Users per department, directly in it, over the subtree at `path` (departments without users are left out). */
export async function countUsersInSubtree(
  db: Kysely<Database>,
  companyId: number,
  path: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .select(['users.department_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('users.company_id', '=', companyId)
    .where('departments.company_id', '=', companyId)
    .where('departments.path', 'like', subtreePattern(path))
    .groupBy('users.department_id')
    .execute();
  return new Map(rows.map((row) => [row.department_id as number, Number(row.n)]));
}

export async function findDepartment(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<DepartmentNode | undefined> {
  return db
    .selectFrom('departments')
    .select(NODE)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A sibling (same parent, root when null) with the same name, ignoring case; `exceptId` is the one being renamed. */
export async function siblingNamed(
  db: Kysely<Database>,
  companyId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where(sql<SqlBool>`LOWER(name) = LOWER(${name})`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Inserts a department and gives it its path (its id is part of it). */
export async function insertDepartment(
  db: Kysely<Database>,
  values: { companyId: number; parent: DepartmentNode | null; name: string; now: string },
): Promise<DepartmentNode> {
  const { id } = await db
    .insertInto('departments')
    .values({
      company_id: values.companyId,
      parent_id: values.parent?.id ?? null,
      name: values.name,
      // Replaced in the same transaction, once the id is known.
      path: 'pending',
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${values.parent?.path ?? '/'}${id}/`;
  await db.updateTable('departments').set({ path }).where('id', '=', id).execute();
  return { id, name: values.name, parent_id: values.parent?.id ?? null, path };
}

export async function renameDepartment(db: Kysely<Database>, id: number, name: string, now: string): Promise<void> {
  await db.updateTable('departments').set({ name, updated_at: now }).where('id', '=', id).execute();
}

/** The longest path inside a subtree: a move must keep every path within the column's size. */
export async function longestPathIn(db: Kysely<Database>, companyId: number, path: string): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select(sql<number | string>`MAX(LENGTH(path))`.as('longest'))
    .where('company_id', '=', companyId)
    .where('path', 'like', subtreePattern(path))
    .executeTakeFirst();
  return Number(row?.longest ?? 0);
}

/**
 * Moves a department under a new parent: one statement rewrites the path prefix of the whole
 * subtree (the department included), then the department's parent_id changes.
 */
export async function moveSubtree(
  db: Kysely<Database>,
  companyId: number,
  moved: DepartmentNode,
  newParent: DepartmentNode | null,
  now: string,
): Promise<void> {
  const newPath = `${newParent?.path ?? '/'}${moved.id}/`;
  const keepFrom = moved.path.length + 1;
  await db
    .updateTable('departments')
    .set({ path: sql<string>`${newPath} || SUBSTR(path, ${keepFrom})`, updated_at: now })
    .where('company_id', '=', companyId)
    .where('path', 'like', subtreePattern(moved.path))
    .execute();
  await db
    .updateTable('departments')
    .set({ parent_id: newParent?.id ?? null })
    .where('id', '=', moved.id)
    .execute();
}

export async function countChildren(db: Kysely<Database>, companyId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countDirectUsers(db: Kysely<Database>, companyId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('department_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteDepartmentRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('departments').where('id', '=', id).execute();
}
