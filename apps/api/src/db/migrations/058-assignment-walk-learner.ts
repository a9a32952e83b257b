import type { Kysely } from 'kysely';
import { rebuildIndex } from './helpers.ts';

/**
 * A learner text search walks the assignments in sort order and keeps those whose learner the users'
 * search index matched (decision 100). The due date order (the bench's) and the assignment date order
 * (the console's default) now end in the learner, so the walk reads each row's learner from the index,
 * not the table: page 200 of "son" (1.1M of 10M assignments) walks some 50,000 entries.
 */
const INDEXES = [
  ['assignments_company_due', ['company_id', 'due_at', 'id', 'status', 'course_id']],
  ['assignments_company_assigned', ['company_id', 'assigned_at', 'id', 'status']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) await rebuildIndex(db, name, 'assignments', [...columns, 'user_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) await rebuildIndex(db, name, 'assignments', [...columns]);
}
