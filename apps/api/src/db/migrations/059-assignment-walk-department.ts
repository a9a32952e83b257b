import type { Kysely } from 'kysely';
import { rebuildIndex } from './helpers.ts';

/**
 * A department subtree or reach sorted by status (issue 16) walks each status's list codes in due date
 * order and, for the rows turned since the codes' day, the day's due dates and expiries, checking each
 * row's copy of its learner's department (migration 054). These indexes now end in that copy, so the
 * walks read the index alone: at 10M, page 1 read some 10,000 of the day's expiries from the table
 * (19 ms), page 200 some 25,000 coded rows (60 ms).
 */
const INDEXES = [
  ['assignments_company_code_due', ['company_id', 'list_code', 'due_at', 'id']],
  ['assignments_report_expiry', ['company_id', 'status', 'expires_at', 'course_id', 'user_id']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES)
    await rebuildIndex(db, name, 'assignments', [...columns, 'learner_department_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) await rebuildIndex(db, name, 'assignments', [...columns]);
}
