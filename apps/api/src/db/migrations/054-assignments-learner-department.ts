import { type Kysely, sql } from 'kysely';
import { listCode } from './051-assignment-list-codes.ts';
import { index, isPostgres } from './helpers.ts';

/**
 * The assignments list sorted by department at 10M assignments (issue 16 budget, decision 098): the
 * order is the learner's department name, then id, and no index held it (6.2 s a page). Each assignment
 * keeps a copy of its learner's department, `learner_department_id`, kept by triggers for every writer:
 * an assignment inserted, or its learner moved (a department deleted sets its learners' department to
 * null, which moves them too). With `(company_id, learner_department_id, id, status)` a department's
 * assignments are one index range in id order: the list reads the page from the one or two departments
 * holding it (`groupedSorts`). Assignments never change learner.
 */
const WINDOW_DAY = '(SELECT w.start_day FROM assignment_rollup_window w)';
const LEARNER_NAME = `(SELECT lower(u.last_name) || ' ' || lower(u.first_name) FROM users u WHERE u.id = new.user_id)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assignments').addColumn('learner_department_id', 'integer').execute();
  await sql`UPDATE assignments SET learner_department_id =
    (SELECT u.department_id FROM users u WHERE u.id = assignments.user_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE OR REPLACE FUNCTION assignments_sort_learner() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        SELECT lower(u.last_name) || ' ' || lower(u.first_name), u.department_id
          INTO new.sort_learner, new.learner_department_id FROM users u WHERE u.id = new.user_id;
        RETURN new;
      END $$`.execute(db);
    await sql`CREATE FUNCTION users_department_moved() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE assignments SET learner_department_id = new.department_id WHERE user_id = new.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER users_department_moved AFTER UPDATE OF department_id ON users
      FOR EACH ROW WHEN (old.department_id IS DISTINCT FROM new.department_id)
      EXECUTE FUNCTION users_department_moved()`.execute(db);
  } else {
    // The learner copies and the list code in the one update SQLite makes after an insert (migration 051).
    await sql`DROP TRIGGER assignments_sort_learner`.execute(db);
    await sql
      .raw(`CREATE TRIGGER assignments_sort_learner AFTER INSERT ON assignments BEGIN
        UPDATE assignments SET
          sort_learner = ${LEARNER_NAME},
          learner_department_id = (SELECT u.department_id FROM users u WHERE u.id = new.user_id),
          list_code = ${listCode('new', WINDOW_DAY)}
        WHERE id = new.id;
      END`)
      .execute(db);
    await sql`CREATE TRIGGER users_department_moved AFTER UPDATE OF department_id ON users
      WHEN old.department_id IS NOT new.department_id BEGIN
      UPDATE assignments SET learner_department_id = new.department_id WHERE user_id = new.id;
    END`.execute(db);
  }
  await index(db, 'assignments_company_department', 'assignments', [
    'company_id',
    'learner_department_id',
    'id',
    'status',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignments_company_department').execute();
  if (isPostgres(db)) {
    await sql`DROP TRIGGER users_department_moved ON users`.execute(db);
    await sql`DROP FUNCTION users_department_moved()`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION assignments_sort_learner() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        new.sort_learner := (SELECT lower(u.last_name) || ' ' || lower(u.first_name) FROM users u WHERE u.id = new.user_id);
        RETURN new;
      END $$`.execute(db);
  } else {
    await sql`DROP TRIGGER users_department_moved`.execute(db);
    await sql`DROP TRIGGER assignments_sort_learner`.execute(db);
    await sql
      .raw(`CREATE TRIGGER assignments_sort_learner AFTER INSERT ON assignments BEGIN
        UPDATE assignments SET sort_learner = ${LEARNER_NAME}, list_code = ${listCode('new', WINDOW_DAY)}
        WHERE id = new.id;
      END`)
      .execute(db);
  }
  await db.schema.alterTable('assignments').dropColumn('learner_department_id').execute();
}
