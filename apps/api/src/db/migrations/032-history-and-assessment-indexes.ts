import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * Indexes of the history lists and the assessment reports (issue 18, decision 071).
 *
 * The audit log is read newest first by keyset (`(created_at, id) < cursor`), within a company or
 * across all of them, under each indexed filter: every index ends in `(created_at, id)`, so any page
 * is a walk of `per_page` index entries whatever the table's size. Course activity reads by
 * `master_id` within a company, under its course and event filters (the learner's is
 * `course_activity_user` of migration 002). The assessment reports group a company's finished
 * attempts per course.
 */
const INDEXES: [string, string, string[]][] = [
  ['audit_log_time', 'audit_log', ['created_at', 'id']],
  ['audit_log_company_actor_time', 'audit_log', ['company_id', 'actor_id', 'created_at', 'id']],
  ['audit_log_company_impersonator_time', 'audit_log', ['company_id', 'impersonator_id', 'created_at', 'id']],
  ['audit_log_company_action_time', 'audit_log', ['company_id', 'action', 'created_at', 'id']],
  ['audit_log_company_entity_time', 'audit_log', ['company_id', 'entity_type', 'entity_id', 'created_at', 'id']],
  ['course_activity_company_course', 'course_activity', ['company_id', 'course_id', 'master_id']],
  ['course_activity_company_event', 'course_activity', ['company_id', 'event', 'master_id']],
  ['course_attempts_company_course', 'course_attempts', ['company_id', 'course_id', 'status']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await index(db, name, table, columns);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
