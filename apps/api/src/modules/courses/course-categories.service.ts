import {
  COURSE_MESSAGES,
  type CategoryTreeNode,
  type CourseCategory,
  type CourseCategoryCreateBody,
  type CourseCategoryUpdateBody,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { transactionLock, writeTransaction } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { toCategory, toCategoryTree } from './courses.mapper.ts';
import {
  type CategoryRow,
  allCategories,
  countCoursesIn,
  countSubcategories,
  deleteCategory,
  findCategory,
  insertCategory,
  siblingNamed,
  updateCategory,
  usableCourses,
} from './courses.repository.ts';

export interface CoursesDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** Key of the lock (`transactionLock`) that serialises category tree changes. */
const CATEGORY_LOCK = 4_215_001;

const snapshot = (row: CategoryRow) => ({ id: row.id, name: row.name, parent_id: row.parent_id });

/** The ids of a category and every category below it. */
export function subtreeIds(categories: CategoryRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of categories)
    if (c.parent_id !== null) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  const ids: number[] = [];
  const seen = new Set<number>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return ids;
}

/** GET /course-categories: the tree under the System Root; with courses, the company's usable active ones. */
export async function categoryTree(
  deps: CoursesDeps,
  ctx: AuthedContext,
  withCourses: boolean,
): Promise<CategoryTreeNode> {
  const categories = await allCategories(deps.db);
  const courses = withCourses ? await usableCourses(deps.db, ctx.companyId) : [];
  return toCategoryTree(categories, courses);
}

/** null and 0 both mean the System Root. */
async function parentOf(db: Kysely<Database>, parentId: number | null | undefined): Promise<number | null> {
  if (!parentId) return null;
  if (!(await findCategory(db, parentId))) throw invalidField('parent_id', COURSE_MESSAGES.categoryMissing);
  return parentId;
}

export async function createCategory(
  deps: CoursesDeps,
  ctx: AuthedContext,
  body: CourseCategoryCreateBody,
): Promise<CourseCategory> {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    await transactionLock(trx, deps.dialect, CATEGORY_LOCK, 0);
    const parentId = await parentOf(trx, body.parent_id);
    if (await siblingNamed(trx, parentId, body.name, null))
      throw invalidField('name', COURSE_MESSAGES.categoryNameTaken);
    const id = await insertCategory(trx, { name: body.name, parent_id: parentId, created_at: iso(ctx.now()) });
    const row = (await findCategory(trx, id))!;
    await audit(trx, ctx, {
      action: 'course_category.create',
      entityType: 'course_category',
      entityId: id,
      companyId: null,
      after: snapshot(row),
    });
    return toCategory(row);
  });
}

/** PUT /course-categories/{id}: rename and/or move; never under itself or one of its sub-categories. */
export async function updateCategoryById(
  deps: CoursesDeps,
  ctx: AuthedContext,
  id: number,
  body: CourseCategoryUpdateBody,
): Promise<CourseCategory> {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    await transactionLock(trx, deps.dialect, CATEGORY_LOCK, 0);
    const before = await findCategory(trx, id);
    if (!before) throw notFound(COURSE_MESSAGES.categoryNotFound);
    const parentId = body.parent_id === undefined ? before.parent_id : await parentOf(trx, body.parent_id);
    if (parentId !== null && parentId !== before.parent_id) {
      const below = subtreeIds(await allCategories(trx), id);
      if (below.includes(parentId)) throw invalidField('parent_id', COURSE_MESSAGES.categoryMoveIntoItself);
    }
    const name = body.name ?? before.name;
    if (name === before.name && parentId === before.parent_id) return toCategory(before);
    if (await siblingNamed(trx, parentId, name, id)) throw invalidField('name', COURSE_MESSAGES.categoryNameTaken);
    await updateCategory(trx, id, { name, parent_id: parentId });
    const after = (await findCategory(trx, id))!;
    await audit(trx, ctx, {
      action: parentId === before.parent_id ? 'course_category.rename' : 'course_category.move',
      entityType: 'course_category',
      entityId: id,
      companyId: null,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toCategory(after);
  });
}

/** DELETE /course-categories/{id}: only a category without sub-categories and without courses. */
export async function deleteCategoryById(deps: CoursesDeps, ctx: AuthedContext, id: number) {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    await transactionLock(trx, deps.dialect, CATEGORY_LOCK, 0);
    const row = await findCategory(trx, id);
    if (!row) throw notFound(COURSE_MESSAGES.categoryNotFound);
    if ((await countSubcategories(trx, id)) > 0)
      throw new AppError(422, COURSE_MESSAGES.categoryHasChildren, { id: [COURSE_MESSAGES.categoryHasChildren] });
    const courses = await countCoursesIn(trx, id);
    if (courses > 0) {
      const message = COURSE_MESSAGES.categoryHasCourses(courses);
      throw new AppError(422, message, { id: [message] });
    }
    await deleteCategory(trx, id);
    await audit(trx, ctx, {
      action: 'course_category.delete',
      entityType: 'course_category',
      entityId: id,
      companyId: null,
      before: snapshot(row),
    });
    return { id };
  });
}
