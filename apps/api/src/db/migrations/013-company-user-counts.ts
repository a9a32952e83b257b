import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * SQLite: how many users each company has, kept by triggers, so that the users list's usual total
 * (the whole company, no filter) is one row read instead of counting a million index entries
 * (about 30 ms, paid again after every write anywhere, since the count cache cannot tell which
 * writes matter: during an import, after every chunk). The triggers serve every writer alike: the
 * API, the worker, the data generator. PostgreSQL counts through its own cache (migration 014).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE TABLE company_user_counts (
    company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    users integer NOT NULL
  )`.execute(db);
  await sql`INSERT INTO company_user_counts (company_id, users)
    SELECT company_id, count(*) FROM users GROUP BY company_id`.execute(db);
  await sql`CREATE TRIGGER users_count_insert AFTER INSERT ON users BEGIN
    INSERT INTO company_user_counts (company_id, users) VALUES (new.company_id, 1)
      ON CONFLICT (company_id) DO UPDATE SET users = users + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER users_count_delete AFTER DELETE ON users BEGIN
    UPDATE company_user_counts SET users = users - 1 WHERE company_id = old.company_id;
  END`.execute(db);
  await sql`CREATE TRIGGER users_count_move AFTER UPDATE OF company_id ON users
    WHEN old.company_id IS NOT new.company_id BEGIN
    UPDATE company_user_counts SET users = users - 1 WHERE company_id = old.company_id;
    INSERT INTO company_user_counts (company_id, users) VALUES (new.company_id, 1)
      ON CONFLICT (company_id) DO UPDATE SET users = users + 1;
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['users_count_insert', 'users_count_delete', 'users_count_move']) {
    await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  }
  await sql`DROP TABLE company_user_counts`.execute(db);
}
