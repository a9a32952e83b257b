import { type Kysely, sql } from 'kysely';
import { index, isPostgres } from './helpers.ts';

/**
 * The Assignments list (GET /assignments): each sort on an assignment column is a (company, key, id)
 * index, so page 1 and a deep page walk it in order. Due date (assignments_company_due), completion
 * and expiry (002) and course (002) already have theirs; assigned date, score and source get them here.
 * On PostgreSQL, writes to assignments now move the data stamp (migration 014's trigger function), as
 * every write does on SQLite: the list's totals and deep pages are then kept while nothing changed
 * (decision 064).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'assignments_company_assigned', 'assignments', ['company_id', 'assigned_at', 'id']);
  await index(db, 'assignments_company_score', 'assignments', ['company_id', 'score', 'id']);
  await index(db, 'assignments_company_source', 'assignments', ['company_id', 'source', 'id']);
  if (!isPostgres(db)) return;
  await sql`CREATE TRIGGER assignments_data_change
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assignments
    FOR EACH STATEMENT EXECUTE FUNCTION note_data_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`DROP TRIGGER assignments_data_change ON assignments`.execute(db);
  for (const name of ['assignments_company_source', 'assignments_company_score', 'assignments_company_assigned']) {
    await db.schema.dropIndex(name).execute();
  }
}
