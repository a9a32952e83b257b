import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export interface CourseVersionRow {
  id: number;
  course_id: number;
  version: number;
  document: string;
}

/**
 * Publishes `document` as the course's next version (current_version + 1) and makes it current. Runs
 * in the transaction that wrote the course, under the course's lock, so versions are gapless. A
 * version already there (another transaction published it first) is left alone: its row is returned.
 */
export async function insertNextCourseVersion(
  db: Db,
  courseId: number,
  document: string,
  createdBy: number | null,
  now: string,
): Promise<CourseVersionRow> {
  const { current_version } = await db
    .selectFrom('courses')
    .select('current_version')
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  const version = current_version + 1;
  await db
    .insertInto('course_versions')
    .values({ course_id: courseId, version, document, created_by: createdBy, created_at: now })
    .onConflict((oc) => oc.columns(['course_id', 'version']).doNothing())
    .execute();
  await db.updateTable('courses').set({ current_version: version }).where('id', '=', courseId).execute();
  return (await findCourseVersion(db, courseId, version))!;
}

export function findCourseVersion(db: Db, courseId: number, version: number): Promise<CourseVersionRow | undefined> {
  return db
    .selectFrom('course_versions')
    .select(['id', 'course_id', 'version', 'document'])
    .where('course_id', '=', courseId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The course's current version (undefined while none has been written: current_version 0). */
export function findCurrentCourseVersion(db: Db, courseId: number): Promise<CourseVersionRow | undefined> {
  return db
    .selectFrom('courses')
    .innerJoin('course_versions as v', (join) =>
      join.onRef('v.course_id', '=', 'courses.id').onRef('v.version', '=', 'courses.current_version'),
    )
    .select(['v.id', 'v.course_id', 'v.version', 'v.document'])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
}

export function findCourseVersionById(db: Db, id: number): Promise<CourseVersionRow | undefined> {
  return db
    .selectFrom('course_versions')
    .select(['id', 'course_id', 'version', 'document'])
    .where('id', '=', id)
    .executeTakeFirst();
}
