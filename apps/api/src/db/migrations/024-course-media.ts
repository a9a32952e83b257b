import type { Kysely } from 'kysely';
import { index, isPostgres, withId } from './helpers.ts';

/**
 * Course media (issue 15, decision 061): the videos, policy documents and SCORM packages topics play.
 * A row is written only once its file (or a SCORM package's extracted folder) is in place; a topic
 * names one by `media_id`, and a media row in use cannot be deleted (restrict). `size` is bytes, so a
 * bigint on PostgreSQL (a video may pass 2 GiB there; SQLite's integer is 64-bit already).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('course_media'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_path', 'varchar(512)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', isPostgres(db) ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('scorm_version', 'varchar(8)')
    .addColumn('launch_path', 'varchar(512)')
    .addColumn('title', 'varchar(200)')
    .addColumn('file_count', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'course_media_kind', 'course_media', ['kind', 'id']);
  await db.schema
    .alterTable('topics')
    .addColumn('media_id', 'integer', (c) => c.references('course_media.id').onDelete('restrict'))
    .execute();
  await index(db, 'topics_media', 'topics', ['media_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('topics_media').execute();
  await db.schema.alterTable('topics').dropColumn('media_id').execute();
  await db.schema.dropTable('course_media').execute();
}
