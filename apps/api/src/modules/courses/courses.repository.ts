import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { selectCourseRows, usableBy } from './courses-list.repository.ts';

type Db = Kysely<Database>;

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  created_at: string;
}

export interface TopicRow {
  id: number;
  course_id: number;
  name: string;
  kind: string;
  content: string | null;
  question_pool: number | null;
  shuffle: number;
  position: number;
  media_id: number | null;
}

/** What a topic document shows of the media it plays (migration 024). */
export interface TopicMediaRow {
  id: number;
  kind: string;
  original_name: string;
  mime: string;
  size: number | string;
  scorm_version: string | null;
  launch_path: string | null;
  title: string | null;
}

export interface QuestionRow {
  id: number;
  topic_id: number;
  type: string;
  prompt: string;
  options: string;
  correct_option: number;
  position: number;
}

// ——— Categories ———

/** Every category, by name regardless of case, then id (a catalog has tens). */
export function allCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .selectFrom('course_categories')
    .select(['id', 'parent_id', 'name', 'created_at'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('course_categories')
    .select(['id', 'parent_id', 'name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another category with this name (in any case) under the same parent, if there is one. */
export async function siblingNamed(
  db: Db,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const row = await db
    .selectFrom('course_categories')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(db: Db, row: { name: string; parent_id: number | null; created_at: string }) {
  const { id } = await db.insertInto('course_categories').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(db: Db, id: number, row: { name: string; parent_id: number | null }) {
  await db.updateTable('course_categories').set(row).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('course_categories').where('id', '=', id).execute();
}

export async function countSubcategories(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('course_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countCoursesIn(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The active courses a company may use, by name: the leaves of the course picker's tree. */
export function usableCourses(db: Db, companyId: number) {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'category_id'])
    .where('active', '=', 1)
    .where(usableBy(companyId))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

// ——— Courses ———

export function findCourseRow(db: Db, companyId: number, id: number) {
  return selectCourseRows(db, companyId).where('courses.id', '=', id).executeTakeFirst();
}

export async function courseUsableBy(db: Db, id: number, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', id)
    .where(usableBy(companyId))
    .executeTakeFirst();
  return row !== undefined;
}

export async function courseCompanyIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('course_companies')
    .select('company_id')
    .where('course_id', '=', courseId)
    .orderBy('company_id')
    .execute();
  return rows.map((r) => r.company_id);
}

export function courseTopics(db: Db, courseId: number): Promise<TopicRow[]> {
  return db
    .selectFrom('topics')
    .select(['id', 'course_id', 'name', 'kind', 'content', 'question_pool', 'shuffle', 'position', 'media_id'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function topicQuestions(db: Db, topicIds: number[]): Promise<QuestionRow[]> {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('questions')
    .select(['id', 'topic_id', 'type', 'prompt', 'options', 'correct_option', 'position'])
    .where('topic_id', 'in', topicIds)
    .orderBy('topic_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The course media rows among `ids` (decision 061). */
export async function mediaByIds(db: Db, ids: number[]): Promise<TopicMediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('course_media')
    .select(['id', 'kind', 'original_name', 'mime', 'size', 'scorm_version', 'launch_path', 'title'])
    .where('id', 'in', ids)
    .execute();
}

/** Which of these company ids exist. */
export async function existingCompanyIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('companies').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function countCourseAssignments(db: Db, courseId: number): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The assignment rules (of any company) whose course list holds the course, with their company's name,
 * by company and rule name. `course_ids` is a JSON array written by `JSON.stringify` ("[3,17]"): the
 * four LIKE shapes find the id as a whole element, and the parsed list confirms it.
 */
export async function rulesUsingCourse(db: Db, courseId: number) {
  const id = String(courseId);
  const rows = await db
    .selectFrom('assignment_rules')
    .innerJoin('companies', 'companies.id', 'assignment_rules.company_id')
    .select([
      'assignment_rules.id',
      'assignment_rules.name',
      'assignment_rules.course_ids',
      'companies.name as company_name',
    ])
    .where((eb) =>
      eb.or(
        [`[${id}]`, `[${id},%`, `%,${id},%`, `%,${id}]`].map((shape) =>
          eb('assignment_rules.course_ids', 'like', shape),
        ),
      ),
    )
    .orderBy('companies.name')
    .orderBy('assignment_rules.name')
    .orderBy('assignment_rules.id')
    .execute();
  return rows
    .filter((row) => {
      try {
        const ids: unknown = JSON.parse(row.course_ids);
        return Array.isArray(ids) && ids.includes(courseId);
      } catch {
        return false;
      }
    })
    .map(({ id: ruleId, name, company_name }) => ({ id: ruleId, name, companyName: company_name }));
}

/** An asset of the company by its path: its type, content type and size (a course thumbnail's check). */
export async function findCompanyAsset(db: Db, companyId: number, path: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'type', 'mime', 'size'])
    .where('company_id', '=', companyId)
    .where('path', '=', path)
    .executeTakeFirst();
}

export interface CourseFields {
  category_id: number | null;
  name: string;
  description: string | null;
  duration_minutes: number;
  passing_score: number;
  attempts_allowed: number | null;
  recertify_months: number | null;
  renewal_days: number;
  grace_days: number;
  active: number;
  all_companies: number;
  /** Left out: the stored thumbnail stays. */
  thumbnail_path?: string | null;
}

export async function insertCourse(db: Db, fields: CourseFields, now: string): Promise<number> {
  const { id } = await db
    .insertInto('courses')
    .values({ ...fields, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCourseRow(db: Db, id: number, fields: CourseFields, now: string) {
  await db
    .updateTable('courses')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setCourseCompanies(db: Db, courseId: number, companyIds: number[]) {
  await db.deleteFrom('course_companies').where('course_id', '=', courseId).execute();
  if (companyIds.length > 0)
    await db
      .insertInto('course_companies')
      .values(companyIds.map((company_id) => ({ course_id: courseId, company_id })))
      .execute();
}

export interface TopicFields {
  name: string;
  kind: string;
  content: string | null;
  question_pool: number | null;
  shuffle: number;
  position: number;
  media_id: number | null;
}

export async function insertTopic(db: Db, courseId: number, fields: TopicFields): Promise<number> {
  const { id } = await db
    .insertInto('topics')
    .values({ ...fields, course_id: courseId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTopic(db: Db, id: number, fields: TopicFields) {
  await db.updateTable('topics').set(fields).where('id', '=', id).execute();
}

export interface QuestionFields {
  type: string;
  prompt: string;
  options: string;
  correct_option: number;
  position: number;
}

export async function insertQuestion(db: Db, topicId: number, fields: QuestionFields) {
  await db
    .insertInto('questions')
    .values({ ...fields, topic_id: topicId })
    .execute();
}

export async function updateQuestion(db: Db, id: number, fields: QuestionFields) {
  await db.updateTable('questions').set(fields).where('id', '=', id).execute();
}

export async function deleteQuestions(db: Db, ids: number[]) {
  if (ids.length > 0) await db.deleteFrom('questions').where('id', 'in', ids).execute();
}

/** Removes topics and their questions. */
export async function deleteTopics(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('questions').where('topic_id', 'in', ids).execute();
  await db.deleteFrom('topics').where('id', 'in', ids).execute();
}

/** Removes a course with its topics, questions and company links. */
export async function deleteCourseRows(db: Db, id: number) {
  const topics = db.selectFrom('topics').select('id').where('course_id', '=', id);
  await db.deleteFrom('questions').where('topic_id', 'in', topics).execute();
  await db.deleteFrom('topics').where('course_id', '=', id).execute();
  await db.deleteFrom('course_companies').where('course_id', '=', id).execute();
  await db.deleteFrom('courses').where('id', '=', id).execute();
}
