import type { ListCourseMediaQuery, MediaKind } from '@heed/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { CourseMediaTable, Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export interface MediaRow {
  id: number;
  kind: string;
  storage_path: string;
  original_name: string;
  mime: string;
  size: number | string;
  scorm_version: string | null;
  launch_path: string | null;
  title: string | null;
  file_count: number | null;
  created_at: string;
  /** Topics that play it. */
  topics: number | string;
}

const COLUMNS = [
  'course_media.id',
  'kind',
  'storage_path',
  'original_name',
  'mime',
  'size',
  'scorm_version',
  'launch_path',
  'title',
  'file_count',
  'course_media.created_at',
] as const;

const topicsCount = sql<number>`(SELECT count(*) FROM topics WHERE topics.media_id = course_media.id)`.as('topics');

export async function insertMedia(db: Db, row: Omit<CourseMediaTable, 'id'>): Promise<number> {
  const { id } = await db.insertInto('course_media').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findMedia(db: Db, id: number): Promise<MediaRow | undefined> {
  return db
    .selectFrom('course_media')
    .select([...COLUMNS, topicsCount])
    .where('course_media.id', '=', id)
    .executeTakeFirst();
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the library and the total matching (a library holds hundreds of items, not millions). */
export async function listMedia(db: Db, query: ListCourseMediaQuery): Promise<{ rows: MediaRow[]; total: number }> {
  const where = (kind: MediaKind | undefined, text: string | undefined) => {
    const and = [] as ReturnType<typeof sql<SqlBool>>[];
    if (kind) and.push(sql<SqlBool>`course_media.kind = ${kind}`);
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      and.push(
        sql<SqlBool>`(lower(course_media.original_name) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(course_media.title, '')) LIKE ${pattern} ESCAPE '\\')`,
      );
    }
    return and.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(and, sql` AND `)}`;
  };
  const filter = where(query.kind, query.text || undefined);
  const column =
    query.sort === 'original_name' ? sql`lower(course_media.original_name)` : sql.ref(`course_media.${query.sort}`);
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const rows = await db
    .selectFrom('course_media')
    .select([...COLUMNS, topicsCount])
    .where(filter)
    .orderBy(sql`${column} ${direction}`)
    .orderBy(sql`course_media.id ${direction}`)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const count = await db
    .selectFrom('course_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filter)
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function deleteMediaRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('course_media').where('id', '=', id).execute();
}

const usableBy = (companyId: number) =>
  sql<SqlBool>`(courses.all_companies = 1 OR EXISTS (SELECT 1 FROM course_companies
    WHERE course_companies.course_id = courses.id AND course_companies.company_id = ${companyId}))`;

/** A course version's document (JSON text, migration 023) names the media in one of its topics. */
const versionPlays = (mediaId: number) =>
  sql<SqlBool>`(course_versions.document LIKE ${`%"media_id":${mediaId},%`} OR course_versions.document LIKE ${`%"media_id":${mediaId}}%`})`;

/**
 * True when a course that `companyId` may use plays the media in a topic (decision 061), now or in an
 * earlier version (a learner's attempt keeps the version it started on).
 */
export async function mediaUsableBy(db: Db, mediaId: number, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('topics')
    .innerJoin('courses', 'courses.id', 'topics.course_id')
    .select('topics.id')
    .where('topics.media_id', '=', mediaId)
    .where(usableBy(companyId))
    .limit(1)
    .executeTakeFirst();
  if (row) return true;
  const version = await db
    .selectFrom('course_versions')
    .innerJoin('courses', 'courses.id', 'course_versions.course_id')
    .select('course_versions.id')
    .where(versionPlays(mediaId))
    .where(usableBy(companyId))
    .limit(1)
    .executeTakeFirst();
  return version !== undefined;
}

/** Attempts in progress on a course version that plays the media: they would lose it mid-course. */
export async function attemptsOnVersionsPlaying(db: Db, mediaId: number): Promise<number> {
  const row = await db
    .selectFrom('course_attempts')
    .innerJoin('course_versions', 'course_versions.id', 'course_attempts.course_version_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_attempts.status', '=', 'in_progress')
    .where(versionPlays(mediaId))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The few facts a content key's holder is checked on again at each request. */
export function findReader(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'site_admin', 'suspended'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
