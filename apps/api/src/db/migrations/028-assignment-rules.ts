import type { Kysely } from 'kysely';
import { index, withId } from './helpers.ts';

/**
 * Assignment rules (issue 16 items 5 and 6, decision 066): each run of a rule is a row that the
 * assignments it made point to (`assignments.rule_run_id`, what an undo removes); a learner an
 * administrator removed from a rule's course is an exclusion the rule honours until it is lifted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('assignment_rule_runs'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('assignment_rules.id').onDelete('cascade'))
    .addColumn('rule_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_by', 'integer')
    .addColumn('job_id', 'integer')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('learners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('already_assigned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('protected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undone_at', 'varchar(32)')
    .addColumn('undone_by', 'integer')
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'assignment_rule_runs_rule', 'assignment_rule_runs', ['company_id', 'rule_id', 'id']);

  await withId(db, db.schema.createTable('assignment_rule_exclusions'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('assignment_rules.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The rule's NOT EXISTS probe per (learner, course), and the uniqueness of an exclusion.
  await index(
    db,
    'assignment_rule_exclusions_key',
    'assignment_rule_exclusions',
    ['rule_id', 'user_id', 'course_id'],
    true,
  );
  await index(db, 'assignment_rule_exclusions_list', 'assignment_rule_exclusions', ['company_id', 'rule_id', 'id']);

  await db.schema.alterTable('assignments').addColumn('rule_run_id', 'integer').execute();
  // Undo (a run's assignments) and "apply to the N existing assignments" (a rule's).
  await index(db, 'assignments_rule_run', 'assignments', ['rule_run_id']);
  await index(db, 'assignments_rule', 'assignments', ['rule_id', 'status']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_rule').execute();
  await db.schema.dropIndex('assignments_rule_run').execute();
  await db.schema.alterTable('assignments').dropColumn('rule_run_id').execute();
  await db.schema.dropTable('assignment_rule_exclusions').execute();
  await db.schema.dropTable('assignment_rule_runs').execute();
}
