import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/** The search document of a user row `r` (names, username, e-mail), as migration 005 indexed it on users. */
const doc = (r: string) =>
  `lower(${r}.first_name || ' ' || ${r}.last_name || ' ' || ${r}.username || ' ' || coalesce(${r}.email, ''))`;

const COLUMNS = sql.raw('user_id, company_id, doc, first_name_lower, last_name_lower, username_lower');
/** A user row's values for COLUMNS. */
const values = (r: string) =>
  sql.raw(`${r}.id, ${r}.company_id, ${doc(r)}, lower(${r}.first_name), lower(${r}.last_name), lower(${r}.username)`);
/** The columns of users the table copies: a change of any of them rewrites the user's row. */
const SOURCES = ['first_name', 'last_name', 'username', 'email', 'company_id'];

/**
 * PostgreSQL: the trigram index of the user search moves off users into a narrow table of its own,
 * `user_search_docs`, as SQLite's search already is its own FTS5 table (decision 041). It holds per
 * user the company, the lower-cased document (names, username, e-mail) under the trigram index, and
 * the lower-cased names and username that a term too short for trigrams is matched against as a
 * prefix. A bulk change of status, role or department changes an indexed column, so none of its
 * updates is HOT and each wrote a new entry into every index of users, the GIN index included
 * (decision 027); now the search rows are written only when one of their columns changes.
 *
 * Triggers keep the table in step, in the writing statement's transaction: inserts and deletes once
 * per statement through transition tables (set-based, as imports and bulk deletes write), a change
 * of a name, username, e-mail or company per row, and only for a row where one of them really
 * changed (a bulk action never sets those columns, so its updates never reach the trigger).
 * SQLite keeps its own table (migration 005) and needs nothing here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE user_search_docs (
    user_id integer PRIMARY KEY,
    company_id integer NOT NULL,
    doc text NOT NULL,
    first_name_lower text NOT NULL,
    last_name_lower text NOT NULL,
    username_lower text NOT NULL
  )`.execute(db);
  // search_path is pinned at creation (as migration 014's trigger) so the rows land in this schema whoever writes.
  await sql`CREATE FUNCTION user_search_docs_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      INSERT INTO user_search_docs (${COLUMNS}) SELECT ${values('n')} FROM new_users n;
      RETURN NULL;
    END $$`.execute(db);
  // The deleted ids as an array, probed through the primary key: as a join, 5,000 deleted users made
  // the planner hash the whole table (45 ms a chunk at 100,000 users, growing with the table).
  await sql`CREATE FUNCTION user_search_docs_delete() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM user_search_docs WHERE user_id = ANY (ARRAY(SELECT id FROM old_users));
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION user_search_docs_update() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE user_search_docs SET (${COLUMNS}) = (${values('NEW')}) WHERE user_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION user_search_docs_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      TRUNCATE user_search_docs;
      RETURN NULL;
    END $$`.execute(db);
  // The triggers come before the fill: creating them locks out writers to users until this commits,
  // so no user written meanwhile can be missed by the fill below.
  await sql`CREATE TRIGGER users_search_docs_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
    FOR EACH STATEMENT EXECUTE FUNCTION user_search_docs_insert()`.execute(db);
  await sql`CREATE TRIGGER users_search_docs_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_users
    FOR EACH STATEMENT EXECUTE FUNCTION user_search_docs_delete()`.execute(db);
  // Transition tables cannot go with a column list: a per-row trigger, fired only by statements that
  // set one of these columns, and then only for a row where one of them changed.
  const changed = SOURCES.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
  await sql`CREATE TRIGGER users_search_docs_update AFTER UPDATE OF ${sql.raw(SOURCES.join(', '))} ON users
    FOR EACH ROW WHEN (${sql.raw(changed)}) EXECUTE FUNCTION user_search_docs_update()`.execute(db);
  await sql`CREATE TRIGGER users_search_docs_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION user_search_docs_truncate()`.execute(db);
  const filled = await sql`INSERT INTO user_search_docs (${COLUMNS}) SELECT ${values('u')} FROM users u`.execute(db);
  // The index keeps its name: it is the same trigram index of the same text, on the narrow table.
  await sql`DROP INDEX users_search_trgm`.execute(db);
  await sql`CREATE INDEX users_search_trgm ON user_search_docs USING gin (doc public.gin_trgm_ops)`.execute(db);
  // Statistics for an existing database's searches (autovacuum may be off or far behind). Not for an
  // empty table: analysed empty, the planner would take it for empty until the next analysis.
  if (Number(filled.numAffectedRows ?? 0) > 0) await sql`ANALYZE user_search_docs`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql`DROP TRIGGER ${sql.id(`users_search_docs_${trigger}`)} ON users`.execute(db);
    await sql`DROP FUNCTION ${sql.id(`user_search_docs_${trigger}`)}()`.execute(db);
  }
  await sql`DROP TABLE user_search_docs`.execute(db);
  await sql`CREATE INDEX users_search_trgm ON users USING gin (${sql.raw(doc('users'))} public.gin_trgm_ops)`.execute(
    db,
  );
}
