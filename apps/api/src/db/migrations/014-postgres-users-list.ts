import { type Kysely, sql } from 'kysely';
import { index, isPostgres } from './helpers.ts';

/** The tables whose writes move PostgreSQL's data stamp (data-stamp.ts): what user lists and counts read. */
const STAMPED_TABLES = ['users', 'departments', 'user_field_values'] as const;
/** (company_id, column) indexes of migration 001 that gain the id on PostgreSQL. */
const ID_ORDERED = ['username', 'email'] as const;

/**
 * PostgreSQL's data stamp was the snapshot, which moves whenever any transaction in the cluster
 * writes anything (a session's last-seen touch, another database), so cached counts rarely
 * survived. Every transaction writing a stamped table now adds one row, keyed by its own xid, to
 * `data_changes`: inserts of distinct keys never wait on each other, unlike a shared counter row,
 * and a snapshot sees a transaction's row exactly when it sees its writes. The stamp is the sum of
 * `writes`; folding rows into one keeps that sum. SQLite has its own stamp (total_changes, data_version).
 *
 * Also on PostgreSQL only, the list's id, username and e-mail orders get (company_id, column, id)
 * indexes, so a deep page reads ids from the index alone; SQLite's index entries already end in the
 * rowid (= id), and sorting by id walks the table itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await index(db, 'users_company_id', 'users', ['company_id', 'id']);
  for (const column of ID_ORDERED) {
    await db.schema.dropIndex(`users_company_${column}`).execute();
    await index(db, `users_company_${column}`, 'users', ['company_id', column, 'id']);
  }
  await sql`CREATE TABLE data_changes (
    xid xid8 PRIMARY KEY DEFAULT pg_current_xact_id(),
    writes bigint NOT NULL DEFAULT 1
  )`.execute(db);
  // search_path is pinned at creation so that the row lands in this schema whoever writes.
  await sql`CREATE FUNCTION note_data_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      INSERT INTO data_changes DEFAULT VALUES ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of STAMPED_TABLES) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_data_change`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION note_data_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of STAMPED_TABLES) {
    await sql`DROP TRIGGER ${sql.id(`${table}_data_change`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION note_data_change()`.execute(db);
  await sql`DROP TABLE data_changes`.execute(db);
  for (const column of ID_ORDERED) {
    await db.schema.dropIndex(`users_company_${column}`).execute();
    await index(db, `users_company_${column}`, 'users', ['company_id', column]);
  }
  await db.schema.dropIndex('users_company_id').execute();
}
