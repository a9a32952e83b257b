import { type Kysely, sql } from 'kysely';
import { index } from './helpers.ts';

/**
 * Two lookups that walked a whole company's index entries at scale:
 * - SCIM finds people case-insensitively (`userName eq "…"`, `emails eq "…"`: RFC 7643 makes both
 *   caseExact false) and compares `lower(column)` within the token's company, which the plain
 *   `username` and `email` indexes cannot serve (25 ms at 100,000 users). Expression indexes make it
 *   one probe on either database.
 * - The reminder pass selects a company's open assignments due on one day. SQLite preferred the
 *   covering `assignments_report_cover` (company, then course…) over `assignments_company_status`
 *   (company, status, due date), which has to visit the table for `user_id`: 3.6 s a step at 10M
 *   assignments. With `user_id` added the status index covers the step: 8 ms.
 */
const EXPRESSION_INDEXES = [
  ['users_company_lower_username', sql`users (company_id, lower(username))`],
  ['users_company_lower_email', sql`users (company_id, lower(email))`],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, target] of EXPRESSION_INDEXES) await sql`CREATE INDEX ${sql.id(name)} ON ${target}`.execute(db);
  await db.schema.dropIndex('assignments_company_status').execute();
  await index(db, 'assignments_company_status', 'assignments', ['company_id', 'status', 'due_at', 'user_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of EXPRESSION_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('assignments_company_status').execute();
  await index(db, 'assignments_company_status', 'assignments', ['company_id', 'status', 'due_at']);
}
