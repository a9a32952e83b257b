import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * The audit log's text search (`text`: a substring of action, entity type, entity id, before or
 * after, ignoring case) through an index, as the users search (migrations 005, 016, 017): an FTS5
 * trigram table on SQLite, a pg_trgm GIN index on PostgreSQL (decision 084).
 *
 * Both index one document per entry: the five fields joined by U+001F. A search text never holds a
 * control character (a 422), so no match can span two fields: the document matches exactly when
 * one of the fields does, as the five LIKEs it replaces did.
 *
 * SQLite: a contentless table whose row id carries the company, `(coalesce(company_id, 0) << 32) | id`,
 * so that a company's matches are one row id range (decision 039), kept by triggers on audit_log.
 * PostgreSQL: an expression index on audit_log itself (entries are only ever inserted, so no update
 * pays for it); the repository's condition repeats the expression exactly.
 */
/** The document of an entry (`r.` before each column, or nothing), its fields joined by `separator`. */
const doc = (r: string, separator: string) =>
  [
    `${r}action`,
    `${r}entity_type`,
    `coalesce(${r}entity_id, '')`,
    `coalesce(${r}before, '')`,
    `coalesce(${r}"after", '')`,
  ].join(` || ${separator} || `);
const sqliteDoc = (r: string) => doc(`${r}.`, 'char(31)');
const postgresDoc = `lower(${doc('', "E'\\x1f'")})`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`CREATE INDEX audit_log_text_trgm ON audit_log USING gin ((${sql.raw(postgresDoc)}) public.gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`CREATE VIRTUAL TABLE audit_log_search USING fts5(doc, tokenize='trigram', content='', contentless_delete=1)`.execute(
    db,
  );
  const rowid = (r: string) => sql.raw(`(coalesce(${r}.company_id, 0) << 32) | ${r}.id`);
  await sql`CREATE TRIGGER audit_log_search_insert AFTER INSERT ON audit_log BEGIN
    INSERT INTO audit_log_search(rowid, doc) VALUES (${rowid('new')}, ${sql.raw(sqliteDoc('new'))});
  END`.execute(db);
  await sql`CREATE TRIGGER audit_log_search_update
    AFTER UPDATE OF company_id, action, entity_type, entity_id, before, "after" ON audit_log BEGIN
    DELETE FROM audit_log_search WHERE rowid = ${rowid('old')};
    INSERT INTO audit_log_search(rowid, doc) VALUES (${rowid('new')}, ${sql.raw(sqliteDoc('new'))});
  END`.execute(db);
  await sql`CREATE TRIGGER audit_log_search_delete AFTER DELETE ON audit_log BEGIN
    DELETE FROM audit_log_search WHERE rowid = ${rowid('old')};
  END`.execute(db);
  await sql`INSERT INTO audit_log_search(rowid, doc)
    SELECT ${rowid('a')}, ${sql.raw(sqliteDoc('a'))} FROM audit_log a`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX audit_log_text_trgm`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'update', 'delete'])
    await sql`DROP TRIGGER ${sql.id(`audit_log_search_${trigger}`)}`.execute(db);
  await sql`DROP TABLE audit_log_search`.execute(db);
}
