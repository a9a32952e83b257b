import type { Course } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { transactionLock } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import {
  type CourseVersionRow,
  findCourseVersionById,
  findCurrentCourseVersion,
  insertNextCourseVersion,
} from './course-versions.repository.ts';
import { COURSE_LOCK, loadCourse } from './courses.service.ts';

type Db = Kysely<Database>;

/** A published course version: its row id, number and document (immutable once written). */
export interface CourseVersion {
  id: number;
  version: number;
  document: Course;
}

const toVersion = (row: CourseVersionRow): CourseVersion => ({
  id: row.id,
  version: row.version,
  document: JSON.parse(row.document) as Course,
});

/**
 * Every successful POST/PUT /courses publishes the saved document as the course's next version, in
 * the same transaction (decision 060): a new attempt plays it, attempts in progress keep theirs.
 */
export async function publishCourseVersion(
  trx: Db,
  courseId: number,
  document: Course,
  createdBy: number | null,
  now: string,
): Promise<number> {
  const row = await insertNextCourseVersion(trx, courseId, JSON.stringify(document), createdBy, now);
  return row.version;
}

/**
 * The course's current version, for an attempt about to start (inside its write transaction). A
 * course never saved through the API since migration 023 (older or seeded rows: current_version 0)
 * has its live document published as version 1 first, under the course's lock.
 */
export async function currentCourseVersion(
  trx: Db,
  dialect: Dialect,
  courseId: number,
  companyId: number,
  now: string,
): Promise<CourseVersion | undefined> {
  const current = await findCurrentCourseVersion(trx, courseId);
  if (current) return toVersion(current);
  await transactionLock(trx, dialect, COURSE_LOCK, courseId);
  const again = await findCurrentCourseVersion(trx, courseId);
  if (again) return toVersion(again);
  const document = await loadCourse(trx, companyId, courseId);
  if (!document) return undefined;
  const first = { ...document, version: 1 };
  return toVersion(await insertNextCourseVersion(trx, courseId, JSON.stringify(first), null, now));
}

/**
 * The course's current version to show before an attempt starts, without writing: the live
 * document as version 1 while none has been published.
 */
export async function previewCourseVersion(
  db: Db,
  courseId: number,
  companyId: number,
): Promise<Omit<CourseVersion, 'id'> | undefined> {
  const current = await findCurrentCourseVersion(db, courseId);
  if (current) return toVersion(current);
  const document = await loadCourse(db, companyId, courseId);
  return document ? { version: 1, document: { ...document, version: 1 } } : undefined;
}

/** One version by its row id (what an attempt names), parsed. */
export async function courseVersionById(db: Db, id: number): Promise<CourseVersion | undefined> {
  const row = await findCourseVersionById(db, id);
  return row ? toVersion(row) : undefined;
}
