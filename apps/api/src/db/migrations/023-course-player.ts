import { type Kysely, sql } from 'kysely';
import { index, withId } from './helpers.ts';

/**
 * The course player (issue 15; decision 060).
 * - `course_versions`: each save of a course publishes a version holding its whole document (JSON, as
 *   GET /courses/{id} returns it); `courses.current_version` names the newest (0: none written yet:
 *   the first attempt or save writes version 1).
 * - `course_attempts`: one learner's attempt at an assignment's course, on the version it started
 *   with, its per-topic state (drawn questions, completions, SCORM data) as JSON.
 * - `assignments.course_version_id`: the version whose attempt completed it.
 * - `course_activity.step_key` and `question_answers.choices`: a player step writes its activity row
 *   and its answer exactly once, by these unique indexes and INSERT … ON CONFLICT DO NOTHING. Rows
 *   written before (the demo's history) have no step key; NULLs never collide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('course_versions'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'course_versions_course_version', 'course_versions', ['course_id', 'version'], true);
  await db.schema
    .alterTable('courses')
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('course_attempts'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('course_version_id', 'integer', (c) => c.notNull().references('course_versions.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'course_attempts_assignment_attempt', 'course_attempts', ['assignment_id', 'attempt'], true);
  await index(db, 'course_attempts_version', 'course_attempts', ['course_version_id']);

  await db.schema.alterTable('assignments').addColumn('course_version_id', 'integer').execute();

  await db.schema.alterTable('course_activity').addColumn('step_key', 'varchar(160)').execute();
  await index(db, 'course_activity_assignment_step', 'course_activity', ['assignment_id', 'step_key'], true);

  await db.schema.alterTable('question_answers').addColumn('choices', 'text').execute();
  // An answer per question and attempt: older duplicates (none are known) keep their first row.
  await sql`DELETE FROM question_answers WHERE id NOT IN (
      SELECT min(id) FROM question_answers GROUP BY assignment_id, attempt, question_id)`.execute(db);
  await db.schema.dropIndex('question_answers_assignment').execute();
  await index(
    db,
    'question_answers_assignment_attempt_question',
    'question_answers',
    ['assignment_id', 'attempt', 'question_id'],
    true,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('question_answers_assignment_attempt_question').execute();
  await index(db, 'question_answers_assignment', 'question_answers', ['assignment_id']);
  await db.schema.alterTable('question_answers').dropColumn('choices').execute();
  await db.schema.dropIndex('course_activity_assignment_step').execute();
  await db.schema.alterTable('course_activity').dropColumn('step_key').execute();
  await db.schema.alterTable('assignments').dropColumn('course_version_id').execute();
  await db.schema.dropTable('course_attempts').execute();
  await db.schema.alterTable('courses').dropColumn('current_version').execute();
  await db.schema.dropTable('course_versions').execute();
}
