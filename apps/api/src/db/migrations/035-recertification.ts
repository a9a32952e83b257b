import type { Kysely } from 'kysely';
import { index, sql, withId } from './helpers.ts';

/**
 * Recertification as a record (issue 16, item 4; decision 075).
 *
 * - `completions`: one row per completion, written in the player's completing transaction, never
 *   updated or deleted, with no foreign key (deleting an assignment, a course or a learner leaves the
 *   proof of what was completed, when, with which score and version, valid until when). Existing
 *   completed assignments are copied in.
 * - `courses.renewal_days`: a renewal assignment is made this many days before a completion expires;
 *   `courses.grace_days`: after expiry, the learner is "in grace" this long before counting as lapsed.
 * - `assignments.renews_assignment_id`: the completed assignment a renewal renews; unique, so the
 *   daily renewal pass can run twice (or in two workers) and make one renewal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('completions'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer', (c) => c.notNull())
    .addColumn('course_version_id', 'integer')
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'completions_user_course', 'completions', ['company_id', 'user_id', 'course_id', 'completed_at']);
  await index(db, 'completions_assignment', 'completions', ['assignment_id', 'completed_at'], true);

  await db.schema
    .alterTable('courses')
    .addColumn('renewal_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('grace_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assignments').addColumn('renews_assignment_id', 'integer').execute();
  await sql`CREATE UNIQUE INDEX assignments_renews ON assignments (renews_assignment_id) WHERE renews_assignment_id IS NOT NULL`.execute(
    db,
  );
  // The renewal pass walks completions that expire, soonest first, across companies.
  await sql`CREATE INDEX assignments_renewal_due ON assignments (expires_at, id) WHERE expires_at IS NOT NULL AND completed_at IS NOT NULL`.execute(
    db,
  );

  await sql`
    INSERT INTO completions (company_id, user_id, course_id, assignment_id, course_version_id, completed_at, score, expires_at, created_at)
    SELECT company_id, user_id, course_id, id, course_version_id, completed_at, score, expires_at, completed_at
    FROM assignments WHERE completed_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_renewal_due').execute();
  await db.schema.dropIndex('assignments_renews').execute();
  await db.schema.alterTable('assignments').dropColumn('renews_assignment_id').execute();
  await db.schema.alterTable('courses').dropColumn('grace_days').execute();
  await db.schema.alterTable('courses').dropColumn('renewal_days').execute();
  await db.schema.dropTable('completions').execute();
}
