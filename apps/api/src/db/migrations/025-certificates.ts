import type { Kysely } from 'kysely';
import { index, withId } from './helpers.ts';

/**
 * Certificates (issue 15, decision 062): one per completion, issued on its first download. It keeps
 * what it shows (learner and course names, score, pass mark, dates) as they were when it was issued,
 * so a later rename or a changed pass mark never rewrites a certificate already handed out. A
 * recertification is a new completed_at, so a new certificate; (assignment_id, completed_at) is
 * unique, so two parallel first downloads issue one. `number` is what the public verification looks
 * up. Its one foreign key is the assignment's: deleting the assignment (and so its learner, course or
 * company, which cascade to assignments) deletes its certificates, through the unique index's
 * leading column; no other parent has to probe this table when a user or course is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('certificates'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('course_version_id', 'integer')
    .addColumn('learner_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('course_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('passing_score', 'integer')
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'certificates_assignment_completed', 'certificates', ['assignment_id', 'completed_at'], true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}
