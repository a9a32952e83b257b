import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEST_DIALECT, createTestApp } from './support/test-app.ts';
import {
  SQLITE_TEMPLATE_ENV,
  createDatabase,
  databaseUrl,
  dropDatabase,
  hasPostgresTemplate,
  runDatabasePrefix,
} from './support/templates.ts';

// The harness gives each test a copy of a migrated template (test/support/templates.ts). The copy must be
// the very schema the migrations make, or every other test would test something else.

/** Every object of the database (tables, columns, indexes, constraints, triggers, functions, sequences), as text. */
async function describeSchema(db: Kysely<any>): Promise<string[]> {
  if (TEST_DIALECT === 'sqlite') {
    const { rows } = await sql<{ d: string }>`
      SELECT type || ' ' || name || ' ' || coalesce(sql, '') AS d FROM sqlite_master`.execute(db);
    const migrations = await sql<{ d: string }>`SELECT name AS d FROM kysely_migration`.execute(db);
    return [...rows.map((r) => r.d), ...migrations.rows.map((r) => `migration ${r.d}`)].sort();
  }
  const { rows } = await sql<{ d: string }>`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
      || coalesce(column_default, '') || ' ' || coalesce(is_identity, '') AS d
      FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger
      WHERE NOT tgisinternal AND tgrelid::regclass::text NOT LIKE 'pg_%'
        AND (SELECT relnamespace FROM pg_class WHERE oid = tgrelid) = current_schema()::regnamespace
    UNION ALL SELECT 'function ' || pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
    UNION ALL SELECT 'sequence ' || sequencename || ' ' || start_value || ' ' || coalesce(last_value, 0)
      FROM pg_sequences WHERE schemaname = current_schema()
    UNION ALL SELECT 'migration ' || name FROM kysely_migration`.execute(db);
  // Names of the schema itself (in function settings, say) differ by design; anything else must not.
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s;
  return rows.map((r) => r.d.replaceAll(schema, '<schema>')).sort();
}

describe('test databases', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** A database migrated here, step by step, as the app migrates its own. */
  async function migratedHere(): Promise<Kysely<any>> {
    if (TEST_DIALECT === 'postgres') {
      const server = process.env.TEST_DATABASE_URL!;
      const name = `${runDatabasePrefix()}_${randomBytes(6).toString('hex')}`;
      // Not from the run's template: an empty database, as a new install's.
      await createDatabase(server, name, { empty: true });
      const handle = createDb({ url: databaseUrl(server, name), poolSize: 1, durableCommits: false });
      cleanups.push(async () => {
        await handle.close();
        await dropDatabase(server, name);
      });
      await migrateToLatest(handle.db);
      return handle.db;
    }
    const dir = mkdtempSync(join(tmpdir(), 'heed-test-'));
    const handle = createDb({ url: join(dir, 'heed.sqlite') });
    cleanups.push(async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await migrateToLatest(handle.db);
    return handle.db;
  }

  it("a test's fresh database has exactly the schema the migrations make", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const expected = await describeSchema(await migratedHere());
    expect(expected.length).toBeGreaterThan(100);
    expect(await describeSchema(t.db)).toEqual(expected);
  });

  it('the run copies a template rather than migrating each database', () => {
    if (TEST_DIALECT === 'sqlite') expect(existsSync(process.env[SQLITE_TEMPLATE_ENV] ?? '')).toBe(true);
    else expect(hasPostgresTemplate()).toBe(true);
  });

  it("a test's database is its own: rows written in one are not in another, and it is gone once closed", async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    try {
      await first.db
        .insertInto('companies')
        .values({ name: 'Only here', logout_url: null, branding: null, created_at: 'x', updated_at: 'x' } as never)
        .execute();
      const count = (t: typeof first) =>
        t.db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('name', '=', 'Only here')
          .executeTakeFirstOrThrow();
      expect(Number((await count(first)).n)).toBe(1);
      expect(Number((await count(second)).n)).toBe(0);
    } finally {
      await second.close();
    }
    const name = TEST_DIALECT === 'postgres' ? new URL(first.databaseUrl).pathname.slice(1) : undefined;
    await first.close();
    if (name) {
      const other = createDb({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
      const { rows } = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`.execute(other.db);
      await other.close();
      expect(rows).toEqual([]);
    } else {
      expect(existsSync(first.databaseUrl)).toBe(false);
    }
  });
});
