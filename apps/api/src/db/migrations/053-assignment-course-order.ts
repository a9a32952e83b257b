import type { Kysely } from 'kysely';
import { rebuildIndex } from './helpers.ts';

/**
 * The assignments list sorted by course (issue 16): the list reads a page from one course's rows in id
 * order (`groupedSorts`, decision 098), through `(course_id, company_id)`. Every list query leaves out
 * renewed completions, and page 2,000 read each skipped row from the table for its status: 96 ms at
 * 10M. The index now holds the id and the status, so the page reads it alone; on PostgreSQL the id
 * also orders a course's entries (equal keys follow the heap there, not the id).
 */
const NAME = 'assignments_course';

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['course_id', 'company_id', 'id', 'status']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['course_id', 'company_id']);
}
