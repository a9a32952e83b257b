import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * SQLite: the search index's row id carries the company, `(company_id << 32) | id`, so that a
 * company's matches are one row id range of the index. Counting a term's matches in a company,
 * or listing their ids, then reads the index alone, with no row lookup per match to learn its
 * company (decision 039). PostgreSQL's trigram index is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, sql`(new.company_id << 32) | new.id`, sql`(old.company_id << 32) | old.id`);
  await sql`INSERT INTO users_search(rowid, doc)
    SELECT (company_id << 32) | id, first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, '')
    FROM users`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, sql`new.id`, sql`old.id`);
  await sql`INSERT INTO users_search(rowid, doc)
    SELECT id, first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, '') FROM users`.execute(db);
}

/** An empty search table and its three triggers, rows keyed by `newRowid` / `oldRowid`. */
async function recreate(db: Kysely<any>, newRowid: ReturnType<typeof sql>, oldRowid: ReturnType<typeof sql>) {
  for (const trigger of ['users_search_insert', 'users_search_update', 'users_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE users_search`.execute(db);
  await sql`CREATE VIRTUAL TABLE users_search USING fts5(doc, tokenize='trigram', content='', contentless_delete=1)`.execute(
    db,
  );
  await sql`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search(rowid, doc) VALUES (${newRowid},
      new.first_name || ' ' || new.last_name || ' ' || new.username || ' ' || coalesce(new.email, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_update AFTER UPDATE OF company_id, first_name, last_name, username, email ON users BEGIN
    DELETE FROM users_search WHERE rowid = ${oldRowid};
    INSERT INTO users_search(rowid, doc) VALUES (${newRowid},
      new.first_name || ' ' || new.last_name || ' ' || new.username || ' ' || coalesce(new.email, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM users_search WHERE rowid = ${oldRowid};
  END`.execute(db);
}
