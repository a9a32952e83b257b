import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import type { TestApp } from './test-app.ts';

/** Moves a test's database to the named migration (the newest when undefined), for tests of migrations on older data. */
export async function migrateTestDb(t: TestApp, name?: string): Promise<void> {
  const schema =
    t.dialect === 'postgres'
      ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.db)).rows[0]!.s
      : undefined;
  await (name === undefined ? migrateToLatest(t.db, schema) : migrateTo(t.db, name, schema));
}
