import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import * as lists from '../../db/lists/index.ts';
import type { Database } from '../../db/types.ts';

/** What the courses list asks for (`GET /courses`). */
export interface CourseCriteria {
  /** Part of the name or description, any case; `%`, `_` and `\` are literal. */
  text?: string | undefined;
  /** The company the request acts on: whose assignments `learners` counts. */
  companyId: number;
  /** Only courses that company may use (everyone but site admins). */
  usableOnly: boolean;
  /** Courses in one of these categories (a category's subtree, resolved by the service). */
  categoryIds?: number[] | undefined;
  active?: boolean | undefined;
  /** True: has a recertification period; false: has none. */
  recertify?: boolean | undefined;
  /** Has a topic of one of these kinds. */
  kinds?: string[] | undefined;
}

export interface CourseListRow {
  id: number;
  category_id: number | null;
  category_name: string | null;
  name: string;
  description: string | null;
  duration_minutes: number | null;
  passing_score: number | null;
  attempts_allowed: number | null;
  recertify_months: number | null;
  renewal_days: number;
  grace_days: number;
  active: number;
  all_companies: number;
  thumbnail_path: string | null;
  current_version: number;
  created_at: string;
  updated_at: string;
  companies: number | string | null;
  topics_count: number | string | null;
  learners: number | string | null;
}

type CoursesEb = ExpressionBuilder<Database, 'courses'>;

/** `%`, `_` and the escape character itself are literal in a text filter. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The assignments of the course in the company: an index range of assignments_company_course. */
const learnersOf = (companyId: number) =>
  sql<number>`(SELECT count(*) FROM assignments WHERE assignments.company_id = ${companyId}
    AND assignments.course_id = courses.id)`;

/** The company may use the course: every company may, or the company is listed for it. */
export const usableBy = (companyId: number) =>
  sql<SqlBool>`(courses.all_companies = 1 OR EXISTS (SELECT 1 FROM course_companies
    WHERE course_companies.course_id = courses.id AND course_companies.company_id = ${companyId}))`;

function coursesWhere(context: lists.WhereContext, criteria: CourseCriteria) {
  return (eb: CoursesEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (criteria.usableOnly) and.push(usableBy(criteria.companyId));
    if (criteria.active !== undefined)
      and.push(sql<SqlBool>`${context.column('courses.active', 1)} = ${criteria.active ? 1 : 0}`);
    if (criteria.recertify !== undefined)
      and.push(sql<SqlBool>`courses.recertify_months IS ${sql.raw(criteria.recertify ? 'NOT NULL' : 'NULL')}`);
    if (criteria.categoryIds !== undefined) {
      const ids = criteria.categoryIds.length > 0 ? criteria.categoryIds : [0];
      and.push(
        sql<SqlBool>`${context.column('courses.category_id', ids.length)} IN (${sql.join(ids.map((id) => sql`${id}`))})`,
      );
    }
    if (criteria.kinds !== undefined)
      and.push(sql<SqlBool>`EXISTS (SELECT 1 FROM topics WHERE topics.course_id = courses.id
        AND topics.kind IN (${sql.join(criteria.kinds.map((kind) => sql`${kind}`))}))`);
    const text = criteria.text ? context.textCondition(criteria.text) : undefined;
    if (text) and.push(text);
    return and.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(and);
  };
}

const hasFilters = (criteria: CourseCriteria) =>
  criteria.usableOnly ||
  criteria.active !== undefined ||
  criteria.recertify !== undefined ||
  criteria.categoryIds !== undefined ||
  criteria.kinds !== undefined;

/** Name or description contains the text, any case: no index can look it up (a catalog is small). */
const nameOrDescription = {
  condition: (text: string) => sql<SqlBool>`(lower(courses.name) LIKE ${likeContains(text)} ESCAPE '\\'
    OR lower(coalesce(courses.description, '')) LIKE ${likeContains(text)} ESCAPE '\\')`,
};

/** The sort keys of the contract's sorts: name regardless of case; each sort ends in id. */
export const COURSE_SORT_KEYS = {
  id: 'id',
  name: 'name_lower',
  duration_minutes: 'duration_minutes',
  passing_score: 'passing_score',
  recertify_months: 'recertify_months',
  created_at: 'created_at',
  learners: 'learners',
} as const;

/** The engine's table names a list's table: `courses` is not among the engine's names yet (see the module's report). */

/** A course row as the list and the course document show it: its category's name and its counts. */
export function selectCourseRows(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('courses')
    .leftJoin('course_categories', 'course_categories.id', 'courses.category_id')
    .selectAll('courses')
    .select((eb) => [
      'course_categories.name as category_name',
      eb
        .selectFrom('course_companies')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('course_companies.course_id', '=', 'courses.id')
        .as('companies'),
      eb
        .selectFrom('topics')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('topics.course_id', '=', 'courses.id')
        .as('topics_count'),
      learnersOf(companyId).as('learners'),
    ]);
}

/**
 * The courses list of one company, described for the list engine (`db/lists/README.md`). `learners`
 * counts that company's assignments, so the spec is made per company (its sort expression names it).
 * A catalog holds a few thousand courses: every filter fetches and sorts its matches.
 */
export function coursesList(companyId: number): lists.ListSpec<CourseCriteria, CourseListRow> {
  return {
    name: 'courses',
    table: 'courses',
    selectRows: (db) => selectCourseRows(db, companyId) as never,
    // Nullable numbers sort as 0, so that both databases put a course without one at the same place.
    sortExpressions: {
      name_lower: sql`lower(courses.name)`,
      learners: learnersOf(companyId),
      duration_minutes: sql`coalesce(courses.duration_minutes, 0)`,
      passing_score: sql`coalesce(courses.passing_score, 0)`,
      recertify_months: sql`coalesce(courses.recertify_months, 0)`,
    },
    // Assignments do not move the data stamp (learners write them all day): an order by learners is never kept.
    unkeptSortKeys: new Set(['learners']),
    numericColumns: new Set(['courses.id']),
    where: coursesWhere,
    hasFilters,
    population: (criteria) => ({ companyId: criteria.companyId, usableOnly: false }),
    sqlite: {
      orderingFilters: {},
      idSortWalksTable: () => false,
      hasSetFilters: () => false,
      text: { ...nameOrDescription, indexed: () => false, matchSet: async () => undefined },
    },
    postgres: {
      fetchesAll: () => false,
      text: nameOrDescription,
    },
  };
}

/** One page of courses in the request's order, and the total matching. */
export function listCourses(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: CourseCriteria,
  page: { orderBy: string[]; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  return lists.listPage(db, dialect, coursesList(criteria.companyId), criteria, page);
}
