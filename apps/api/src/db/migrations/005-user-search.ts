import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * Substring search over users without scanning the table: an FTS5 trigram index on SQLite,
 * a pg_trgm GIN index on PostgreSQL. Both index the same text: names, username and e-mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`CREATE INDEX users_search_trgm ON users USING gin (
      (lower(first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, ''))) public.gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`CREATE VIRTUAL TABLE users_search USING fts5(doc, tokenize='trigram', content='', contentless_delete=1)`.execute(
    db,
  );
  await sql`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search(rowid, doc) VALUES (new.id,
      new.first_name || ' ' || new.last_name || ' ' || new.username || ' ' || coalesce(new.email, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_update AFTER UPDATE OF first_name, last_name, username, email ON users BEGIN
    DELETE FROM users_search WHERE rowid = old.id;
    INSERT INTO users_search(rowid, doc) VALUES (new.id,
      new.first_name || ' ' || new.last_name || ' ' || new.username || ' ' || coalesce(new.email, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM users_search WHERE rowid = old.id;
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX users_search_trgm`.execute(db);
    return;
  }
  await sql`DROP TABLE users_search`.execute(db);
}
