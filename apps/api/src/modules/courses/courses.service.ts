import {
  COURSE_FILTERS,
  COURSE_MESSAGES,
  type Course,
  type CourseListItem,
  type PageMeta,
  TOPIC_KINDS,
  fieldFilters,
  type listCoursesQuery,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { transactionLock, writeTransaction } from '../../db/dialect/index.ts';
import { type CoursesDeps, subtreeIds } from './course-categories.service.ts';
import { COURSE_SORT_KEYS, type CourseCriteria, listCourses as listCourseRows } from './courses-list.repository.ts';
import { toCourse, toCourseListItem } from './courses.mapper.ts';
import {
  allCategories,
  countCourseAssignments,
  courseCompanyIds,
  courseTopics,
  courseUsableBy,
  deleteCourseRows,
  findCourseRow,
  mediaByIds,
  rulesUsingCourse,
  topicQuestions,
} from './courses.repository.ts';

/** Key of the lock (`transactionLock`) that serialises changes to one course. */
export const COURSE_LOCK = 4_215_002;

export const isSiteAdmin = (ctx: AuthedContext) => ctx.user.site_admin === 1;

const FLAG_VALUES: Record<string, boolean> = { '0': false, '1': true, false: false, true: true };

/** `field[…]=` of `GET /courses`, checked: 422 with the field's name on an unknown filter or value. */
async function criteriaOf(
  db: Kysely<Database>,
  ctx: AuthedContext,
  query: z.output<typeof listCoursesQuery>,
): Promise<CourseCriteria> {
  const criteria: CourseCriteria = {
    companyId: ctx.companyId,
    usableOnly: !isSiteAdmin(ctx),
    ...(query.text ? { text: query.text } : {}),
  };
  const errors: Record<string, string[]> = {};
  const flag = (name: string, values: string[]) => {
    const value = values.length === 1 ? FLAG_VALUES[values[0]!] : undefined;
    if (value === undefined) errors[`field[${name}]`] = ['Use 0 or 1.'];
    return value;
  };
  for (const [name, values] of Object.entries(fieldFilters(query))) {
    if (values.length === 0) continue;
    if (!(COURSE_FILTERS as readonly string[]).includes(name)) {
      errors[`field[${name}]`] = [`Filter by ${COURSE_FILTERS.join(', ')}.`];
    } else if (name === 'active') {
      criteria.active = flag(name, values);
    } else if (name === 'recertify') {
      criteria.recertify = flag(name, values);
    } else if (name === 'kind') {
      if (values.some((v) => !(TOPIC_KINDS as readonly string[]).includes(v)))
        errors['field[kind]'] = [`Use ${TOPIC_KINDS.slice(0, -1).join(', ')} or ${TOPIC_KINDS.at(-1)}.`];
      else criteria.kinds = [...new Set(values)].sort();
    } else if (name === 'category_id') {
      const ids = values.map(Number);
      if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647))
        errors['field[category_id]'] = ['Choose an existing category.'];
      else {
        const categories = await allCategories(db);
        criteria.categoryIds = [...new Set(ids.flatMap((id) => subtreeIds(categories, id)))].sort((a, b) => a - b);
        // A category that does not exist matches nothing.
        const known = new Set(categories.map((c) => c.id));
        criteria.categoryIds = criteria.categoryIds.filter((id) => known.has(id));
      }
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return criteria;
}

/** GET /courses: site admins every course; everyone else the courses their company may use. */
export async function listCourses(
  deps: CoursesDeps,
  ctx: AuthedContext,
  query: z.output<typeof listCoursesQuery>,
): Promise<{ data: CourseListItem[]; meta: PageMeta }> {
  const criteria = await criteriaOf(deps.db, ctx, query);
  const page = {
    orderBy: [COURSE_SORT_KEYS[query.sort], 'id'],
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
  const { rows, total } = await listCourseRows(deps.db, deps.dialect, criteria, page);
  return {
    data: rows.map(toCourseListItem),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** The whole course document; undefined when there is no such course. */
export async function loadCourse(db: Kysely<Database>, companyId: number, id: number): Promise<Course | undefined> {
  const row = await findCourseRow(db, companyId, id);
  if (!row) return undefined;
  const topics = await courseTopics(db, id);
  const questions = await topicQuestions(
    db,
    topics.map((t) => t.id),
  );
  const media = await mediaByIds(db, [...new Set(topics.flatMap((t) => (t.media_id === null ? [] : [t.media_id])))]);
  return toCourse(row, await courseCompanyIds(db, id), topics, questions, media);
}

/** GET /courses/{id}: a course the caller's company may not use is not found (site admins see every one). */
export async function getCourse(deps: CoursesDeps, ctx: AuthedContext, id: number): Promise<Course> {
  if (!isSiteAdmin(ctx) && !(await courseUsableBy(deps.db, id, ctx.companyId)))
    throw notFound(COURSE_MESSAGES.notFound);
  const course = await loadCourse(deps.db, ctx.companyId, id);
  if (!course) throw notFound(COURSE_MESSAGES.notFound);
  return course;
}

/** DELETE /courses/{id}: only a course no assignment and no assignment rule references (deactivate it otherwise). */
export async function deleteCourse(deps: CoursesDeps, ctx: AuthedContext, id: number): Promise<{ id: number }> {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    await transactionLock(trx, deps.dialect, COURSE_LOCK, id);
    const before = await loadCourse(trx, ctx.companyId, id);
    if (!before) throw notFound(COURSE_MESSAGES.notFound);
    const assignments = await countCourseAssignments(trx, id);
    if (assignments > 0) {
      const message = COURSE_MESSAGES.hasAssignments(assignments);
      throw new AppError(422, message, { id: [message] });
    }
    // Like an asset in use (decision 085): refused, naming each rule, rather than edited behind the
    // rule owners' backs; the rules are in the companies' hands, the catalog in the site admins'.
    const rules = await rulesUsingCourse(trx, id);
    if (rules.length > 0) {
      const message = COURSE_MESSAGES.usedByRules(rules.length);
      throw new AppError(422, message, { id: [message], rules: rules.map((r) => `"${r.name}" (${r.companyName})`) });
    }
    await deleteCourseRows(trx, id);
    await audit(trx, ctx, { action: 'course.delete', entityType: 'course', entityId: id, companyId: null, before });
    return { id };
  });
}
