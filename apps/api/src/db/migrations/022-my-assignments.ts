import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * A learner's completions newest first (GET /my/history): without it, SQLite walks the company's
 * completions in date order (assignments_company_completed, to skip the sort) and reads millions of
 * rows to find one learner's; with it, the learner's rows come in order from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'assignments_user_completed', 'assignments', ['user_id', 'completed_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_user_completed').execute();
}
