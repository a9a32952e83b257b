import { type Kysely, sql } from 'kysely';
import { flag, index, isPostgres } from './helpers.ts';

/**
 * The course catalog (issue 15, decision 058). Courses gain attempts, an all-companies flag and a
 * thumbnail; topics a kind (text, questions; video, document and SCORM later: varchar(16)), a
 * question pool and a shuffle flag; questions a type (single, multiple, true_false) and options as
 * `[{"text", "correct", "feedback"}]` instead of a list of strings beside `correct_option` (which is
 * kept, as the index of the first correct option). Existing rows are converted here, on both databases.
 * Topics that already had questions become questions topics (their text stays, as the topic's intro).
 *
 * Indexes serve the courses list (db/lists): its sorts by lower(name) then id, alone or under the
 * active or category filters; the kind filter; and the checks before a delete (assignments of a
 * course, answers to a question, activity on a topic). On PostgreSQL the tables the list reads move
 * the data stamp (migration 014), so its kept totals and lists are never stale. Assignments do not:
 * learners write them all day, and only the order by learners reads them, which is never kept.
 */
const STAMPED_TABLES = ['courses', 'course_companies', 'course_categories', 'topics'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('attempts_allowed', 'integer').execute();
  await db.schema.alterTable('courses').addColumn('all_companies', 'integer', flag(0)).execute();
  await db.schema.alterTable('courses').addColumn('thumbnail_path', 'varchar(512)').execute();
  await db.schema
    .alterTable('topics')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('text'))
    .execute();
  await db.schema.alterTable('topics').addColumn('question_pool', 'integer').execute();
  await db.schema.alterTable('topics').addColumn('shuffle', 'integer', flag(0)).execute();
  await db.schema
    .alterTable('questions')
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('single'))
    .execute();

  await sql`UPDATE topics SET kind = 'questions'
    WHERE EXISTS (SELECT 1 FROM questions WHERE questions.topic_id = topics.id)`.execute(db);
  await convertOptions(db);
  await foldStoredRoot(db);

  await db.schema.dropIndex('courses_category').execute();
  await sql`CREATE INDEX courses_lower_name ON courses (lower(name), id)`.execute(db);
  await sql`CREATE INDEX courses_active_name ON courses (active, lower(name), id)`.execute(db);
  await sql`CREATE INDEX courses_category_name ON courses (category_id, lower(name), id)`.execute(db);
  await index(db, 'topics_course_kind', 'topics', ['course_id', 'kind']);
  await index(db, 'assignments_course', 'assignments', ['course_id', 'company_id']);
  await index(db, 'question_answers_course_question', 'question_answers', ['course_id', 'question_id']);
  await index(db, 'course_activity_course_topic', 'course_activity', ['course_id', 'topic_id']);

  if (!isPostgres(db)) return;
  for (const table of STAMPED_TABLES) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_data_change`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION note_data_change()`.execute(db);
  }
}

/**
 * The System Root is the tree's virtual root (id 0), not a row: a stored top-level category of that
 * name (older demo data) hands its sub-categories to the root and its courses to no category.
 */
async function foldStoredRoot(db: Kysely<any>): Promise<void> {
  const roots = sql`SELECT id FROM course_categories WHERE parent_id IS NULL AND name = 'System Root'`;
  await sql`UPDATE courses SET category_id = NULL WHERE category_id IN (${roots})`.execute(db);
  await sql`UPDATE course_categories SET parent_id = NULL WHERE parent_id IN (${roots})`.execute(db);
  await sql`DELETE FROM course_categories WHERE parent_id IS NULL AND name = 'System Root'
    AND NOT EXISTS (SELECT 1 FROM course_categories c WHERE c.parent_id = course_categories.id)`.execute(db);
}

/** `["a","b"]` with `correct_option` 1 → `[{"text":"a","correct":false,"feedback":null},{"text":"b","correct":true,…}]`. */
async function convertOptions(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`UPDATE questions SET options = (
        SELECT coalesce(json_agg(json_build_object('text', e.value, 'correct', e.n - 1 = questions.correct_option,
          'feedback', NULL) ORDER BY e.n), '[]'::json)::text
        FROM json_array_elements_text(questions.options::json) WITH ORDINALITY AS e(value, n))
      WHERE json_typeof(questions.options::json) = 'array'
        AND coalesce(json_typeof(questions.options::json -> 0), 'string') = 'string'`.execute(db);
    return;
  }
  await sql`UPDATE questions SET options = (
      SELECT coalesce(json_group_array(json_object('text', e.value,
        'correct', CASE WHEN e.key = questions.correct_option THEN json('true') ELSE json('false') END,
        'feedback', NULL)), '[]')
      FROM (SELECT key, value FROM json_each(questions.options) ORDER BY key) AS e)
    WHERE json_type(questions.options) = 'array'
      AND coalesce(json_type(questions.options, '$[0]'), 'text') = 'text'`.execute(db);
}

/** Options back to a list of texts; `correct_option` already names the first correct one. */
async function revertOptions(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`UPDATE questions SET options = (
        SELECT coalesce(json_agg(e.value ->> 'text' ORDER BY e.n), '[]'::json)::text
        FROM json_array_elements(questions.options::json) WITH ORDINALITY AS e(value, n))
      WHERE json_typeof(questions.options::json -> 0) = 'object'`.execute(db);
    return;
  }
  await sql`UPDATE questions SET options = (
      SELECT json_group_array(json_extract(e.value, '$.text'))
      FROM (SELECT key, value FROM json_each(questions.options) ORDER BY key) AS e)
    WHERE json_type(questions.options, '$[0]') = 'object'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db))
    for (const table of STAMPED_TABLES)
      await sql`DROP TRIGGER ${sql.id(`${table}_data_change`)} ON ${sql.table(table)}`.execute(db);
  for (const name of [
    'course_activity_course_topic',
    'question_answers_course_question',
    'assignments_course',
    'topics_course_kind',
    'courses_category_name',
    'courses_active_name',
    'courses_lower_name',
  ])
    await db.schema.dropIndex(name).execute();
  await index(db, 'courses_category', 'courses', ['category_id', 'name']);
  await revertOptions(db);
  await db.schema.alterTable('questions').dropColumn('type').execute();
  for (const column of ['shuffle', 'question_pool', 'kind'])
    await db.schema.alterTable('topics').dropColumn(column).execute();
  for (const column of ['thumbnail_path', 'all_companies', 'attempts_allowed'])
    await db.schema.alterTable('courses').dropColumn(column).execute();
}
