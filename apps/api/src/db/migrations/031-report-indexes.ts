import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * The assignment reports (issue 18, decision 070): each report is one scan of a company's
 * assignments grouped by status, course, department or month. These indexes hold every column a
 * report reads, so the scan never visits the table's rows:
 * - `assignments_report_cover`: status counts, course/department/attribute summaries, leaderboards,
 *   benchmarks (course and assignment-date filters lead);
 * - `assignments_report_expiry`: recertification (valid completions by expiry date);
 * - `assignments_report_completed`: completion history (completions by date).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'assignments_report_cover', 'assignments', [
    'company_id',
    'course_id',
    'assigned_at',
    'user_id',
    'status',
    'due_at',
    'expires_at',
    'started_at',
    'progress',
    'score',
  ]);
  await index(db, 'assignments_report_expiry', 'assignments', [
    'company_id',
    'status',
    'expires_at',
    'course_id',
    'user_id',
  ]);
  await index(db, 'assignments_report_completed', 'assignments', [
    'company_id',
    'completed_at',
    'status',
    'course_id',
    'user_id',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['assignments_report_completed', 'assignments_report_expiry', 'assignments_report_cover']) {
    await db.schema.dropIndex(name).execute();
  }
}
