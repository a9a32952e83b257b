import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * An assignment rule's dry run and runs at a million users (issue 16 budgets, decision 078):
 * - `users_company_pick`: a company's active users in id order with every column a rule condition
 *   reads but custom fields. Counting who a rule picks reads only this index, and the dry run's page
 *   (pairs by learner id) walks it in order and stops after a page, where it sorted every picked
 *   pair before (33 s at 194,000 learners).
 * - `assignments_company_course_user`: a course's assignments by learner with what the open test
 *   reads, so "already assigned" is counted from the index in (course, learner) order, distinct
 *   without a temporary tree (5 s → 0.6 s at 1.8 million assignments).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'users_company_pick', 'users', [
    'company_id',
    'suspended',
    'id',
    'department_id',
    'role',
    'hired_at',
    'created_at',
  ]);
  await index(db, 'assignments_company_course_user', 'assignments', [
    'company_id',
    'course_id',
    'user_id',
    'status',
    'expires_at',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_company_course_user').execute();
  await db.schema.dropIndex('users_company_pick').execute();
}
