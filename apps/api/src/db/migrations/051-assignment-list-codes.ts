import { type Kysely, sql } from 'kysely';
import { index, isPostgres } from './helpers.ts';

/**
 * The assignments list filtered or sorted by status at 10M assignments (issue 16 budget, decision 096).
 * A status is derived at the request's instant, so no index could hold it; `list_code` holds each
 * assignment's status as the report rollups' window day begins (`assignment_rollup_window.start_day`:
 * the instant before its 00:00 UTC), as its rank in the list's status order: 1 not started, 2 in progress, 3 overdue,
 * 4 completed, 5 expired; null for a renewed completion, which no list shows. During the day only the
 * assignments whose due date or expiry falls between the window's start and the request's instant have
 * moved on (to overdue or expired): the list reads those few apart. With `(company_id, list_code, due_at
 * | assigned_at, id)` a status filter or the status order is then one index range.
 *
 * Triggers code every row a writer inserts or changes; the daily window move recodes the rows that
 * turned since the old start (`moveRollupWindow`).
 */

/** Row `r`'s status as window day `startDay` begins (an SQL expression naming a 'YYYY-MM-DD' text). */
export const listCode = (r: string, startDay: string) => `CASE WHEN ${r}.status = 'renewed' THEN NULL
  WHEN ${r}.status = 'completed' THEN
    CASE WHEN ${r}.expires_at IS NOT NULL AND substr(${r}.expires_at, 1, 10) < ${startDay} THEN 5 ELSE 4 END
  WHEN ${r}.due_at IS NOT NULL AND substr(${r}.due_at, 1, 10) < ${startDay} THEN 3
  WHEN ${r}.started_at IS NOT NULL OR ${r}.progress > 0 OR ${r}.status = 'in_progress' THEN 2
  ELSE 1 END`;

/** The columns a list code reads: a change of any of them recodes the row. */
const CODED = ['status', 'started_at', 'progress', 'due_at', 'expires_at'];
const WINDOW_DAY = '(SELECT w.start_day FROM assignment_rollup_window w)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assignments').addColumn('list_code', 'integer').execute();
  await sql.raw(`UPDATE assignments SET list_code = ${listCode('assignments', WINDOW_DAY)}`).execute(db);
  if (isPostgres(db)) {
    // The window's share lock (as the rollups' triggers take it): a window move waits for this
    // transaction, or this code is read after the move committed.
    await sql
      .raw(`CREATE FUNCTION assignments_list_code() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        DECLARE day text;
        BEGIN
          SELECT w.start_day INTO day FROM assignment_rollup_window w FOR SHARE;
          new.list_code := ${listCode('new', 'day')};
          RETURN new;
        END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER assignments_list_code BEFORE INSERT OR UPDATE OF ${CODED.join(', ')} ON assignments
        FOR EACH ROW EXECUTE FUNCTION assignments_list_code()`)
      .execute(db);
  } else {
    // SQLite cannot change a row before it is written: the learner copy's update (migration 045) codes it too.
    await sql`DROP TRIGGER assignments_sort_learner`.execute(db);
    await sql
      .raw(`CREATE TRIGGER assignments_sort_learner AFTER INSERT ON assignments BEGIN
        UPDATE assignments SET
          sort_learner = (SELECT lower(u.last_name) || ' ' || lower(u.first_name) FROM users u WHERE u.id = new.user_id),
          list_code = ${listCode('new', WINDOW_DAY)}
        WHERE id = new.id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER assignments_list_code AFTER UPDATE OF ${CODED.join(', ')} ON assignments
        WHEN new.list_code IS NOT (${listCode('new', WINDOW_DAY)}) BEGIN
        UPDATE assignments SET list_code = ${listCode('new', WINDOW_DAY)} WHERE id = new.id;
      END`)
      .execute(db);
  }
  await index(db, 'assignments_company_code_due', 'assignments', ['company_id', 'list_code', 'due_at', 'id']);
  await index(db, 'assignments_company_code_assigned', 'assignments', ['company_id', 'list_code', 'assigned_at', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_company_code_assigned').execute();
  await db.schema.dropIndex('assignments_company_code_due').execute();
  if (isPostgres(db)) {
    await sql`DROP TRIGGER assignments_list_code ON assignments`.execute(db);
    await sql`DROP FUNCTION assignments_list_code()`.execute(db);
  } else {
    await sql`DROP TRIGGER assignments_list_code`.execute(db);
    await sql`DROP TRIGGER assignments_sort_learner`.execute(db);
    await sql`CREATE TRIGGER assignments_sort_learner AFTER INSERT ON assignments BEGIN
      UPDATE assignments SET sort_learner =
        (SELECT lower(u.last_name) || ' ' || lower(u.first_name) FROM users u WHERE u.id = new.user_id)
        WHERE id = new.id;
    END`.execute(db);
  }
  await db.schema.alterTable('assignments').dropColumn('list_code').execute();
}
