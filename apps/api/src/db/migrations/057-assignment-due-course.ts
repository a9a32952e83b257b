import type { Kysely } from 'kysely';
import { rebuildIndex } from './helpers.ts';

/**
 * One course in due date order (issue 16): a walk of `assignments_company_due` to page 200 of one
 * course (a seventeenth of the company) passes some 85,000 entries, and read each one's course from
 * the table (PostgreSQL 41 ms, SQLite 21 ms at 10M). The index now ends in the course, so the walk
 * reads the index alone.
 */
const NAME = 'assignments_company_due';

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['company_id', 'due_at', 'id', 'status', 'course_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['company_id', 'due_at', 'id', 'status']);
}
