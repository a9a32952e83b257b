import type { Kysely } from 'kysely';
import { index, isPostgres } from './helpers.ts';

/**
 * The report rollups of one course (decision 099): `assignment_rollups`' key leads with the company,
 * deactivation and department, so a course filter read every rollup row of the company (69,000 rows,
 * 12–14 ms on PostgreSQL at 10M assignments) for the assignments list's total and the dashboard's
 * course filter. `(company_id, course_id)` reads the course's few thousand. PostgreSQL only: SQLite
 * reads a course's count from the rollup totals (migration 049), and keeps to the rollups' primary key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await index(db, 'assignment_rollups_course', 'assignment_rollups', ['company_id', 'course_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('assignment_rollups_course').execute();
}
