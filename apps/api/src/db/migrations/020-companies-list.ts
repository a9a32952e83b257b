import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * The companies list runs on the list engine (db/lists), whose kept totals and lists are reused only
 * while the data stamp is unchanged. On PostgreSQL the stamp moves with writes to the tables of
 * migration 014's triggers; companies join them here (SQLite's stamp moves with every write). The
 * list sorts by lower(name), then id: one index yields that order on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX companies_lower_name ON companies (lower(name), id)`.execute(db);
  if (!isPostgres(db)) return;
  await sql`CREATE TRIGGER companies_data_change
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
    FOR EACH STATEMENT EXECUTE FUNCTION note_data_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`DROP TRIGGER companies_data_change ON companies`.execute(db);
  await sql`DROP INDEX companies_lower_name`.execute(db);
}
