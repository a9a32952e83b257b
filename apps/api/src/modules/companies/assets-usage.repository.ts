import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

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
