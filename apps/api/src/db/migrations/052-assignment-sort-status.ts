import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * The assignments list's column sorts at 10M (issue 16 budget): every list query leaves out renewed
 * completions (`status <> 'renewed'`, decision 081), and a deep page read each skipped row from the
 * table to check it — page 2,000 sorted by assignment date took 25–35 ms, 1 ms from the index alone.
 * The sort indexes now end in the status, as the learner sort's does (migration 045).
 */
const SORT_INDEXES: [name: string, before: string[], after: string[]][] = [
  ['assignments_company_assigned', ['company_id', 'assigned_at', 'id'], ['company_id', 'assigned_at', 'id', 'status']],
  ['assignments_company_due', ['company_id', 'due_at', 'id'], ['company_id', 'due_at', 'id', 'status']],
  ['assignments_company_completed', ['company_id', 'completed_at'], ['company_id', 'completed_at', 'id', 'status']],
  ['assignments_company_score', ['company_id', 'score', 'id'], ['company_id', 'score', 'id', 'status']],
  ['assignments_company_expires', ['company_id', 'expires_at'], ['company_id', 'expires_at', 'id', 'status']],
];

async function rebuild(db: Kysely<any>, columnsOf: (entry: (typeof SORT_INDEXES)[number]) => string[]) {
  for (const entry of SORT_INDEXES) {
    await db.schema.dropIndex(entry[0]).execute();
    await index(db, entry[0], 'assignments', columnsOf(entry));
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, ([, , after]) => after);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, ([, before]) => before);
}
