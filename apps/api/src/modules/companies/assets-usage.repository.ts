import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { assetFileUrl } from './companies.mapper.ts';

/** `%`, `_` and `\` are literal inside a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What still uses an asset: the company's branding (its chosen logo), course thumbnails and topic
 * content that name its file (by path or by its URL, where the path is URL-encoded).
 */
export async function findAssetUsages(db: Kysely<Database>, companyId: number, path: string) {
  const patterns = [...new Set([path, encodeURIComponent(path)])].map((p) => `%${literal(p)}%`);
  const mentions = (column: string) =>
    sql.join(
      patterns.map((p) => sql`${sql.ref(column)} LIKE ${p} ESCAPE '\\'`),
      sql` OR `,
    );
  const [branding, thumbnails, topics] = await Promise.all([
    db.selectFrom('companies').select('name').where('id', '=', companyId).where('logo_path', '=', path).execute(),
    db
      .selectFrom('courses')
      .select('name')
      .where(sql<boolean>`(${mentions('courses.thumbnail_path')})`)
      .orderBy('name')
      .limit(20)
      .execute(),
    db
      .selectFrom('topics')
      .innerJoin('courses', 'courses.id', 'topics.course_id')
      .select(['courses.name as course', 'topics.name as topic'])
      .where(sql<boolean>`(${mentions('topics.content')})`)
      .orderBy('courses.name')
      .limit(20)
      .execute(),
  ]);
  return { branding: branding.length > 0, thumbnails: thumbnails.map((c) => c.name), topics };
}

/**
 * An asset of any company that is the thumbnail of a course `companyId` may use: the catalog's
 * thumbnails are the site admins' files (their company's), shown to every company with the course.
 */
export async function findCourseThumbnailAsset(db: Kysely<Database>, companyId: number, path: string) {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('path', '=', path)
    .where(sql<SqlBool>`EXISTS (SELECT 1 FROM courses WHERE courses.thumbnail_path = ${assetFileUrl(path)}
      AND (courses.all_companies = 1 OR EXISTS (SELECT 1 FROM course_companies
        WHERE course_companies.course_id = courses.id AND course_companies.company_id = ${companyId})))`)
    .executeTakeFirst();
}
