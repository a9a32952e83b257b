import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import type { TestApp } from './test-app.ts';

/**
 * Moves a test's database to the named migration (the newest when undefined), for tests of migrations
 * on older data. On PostgreSQL Kysely's bookkeeping lives in the test's own schema; its migrator lists
 * every table of the database first, which fails with 3F000 when a parallel test drops its schema
 * meanwhile (see test-app.ts): retried, as the test app's own migration is.
 */
export async function migrateTestDb(t: TestApp, name?: string): Promise<void> {
  const schema =
    t.dialect === 'postgres'
      ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.db)).rows[0]!.s
      : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await (name === undefined ? migrateToLatest(t.db, schema) : migrateTo(t.db, name, schema));
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '3F000' || attempt >= 5) throw error;
    }
  }
}
