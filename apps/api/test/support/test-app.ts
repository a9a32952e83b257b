import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DbHandle, createDb } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import {
  copySqliteTemplate,
  createEmptySchema,
  createSchemaFromTemplate,
  dropSchema,
  hasPostgresTemplate,
} from './templates.ts';

/** The dialect under test: PostgreSQL when TEST_DIALECT=postgres (with TEST_DATABASE_URL), else SQLite. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestClock {
  now: Date;
  advanceMinutes(minutes: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle['db'];
  dialect: DbHandle['dialect'];
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Another connection to the same database, as the worker thread, a CLI or another API process writes: close it. */
  openSecondConnection(): DbHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (its own SQLite file, or its own PostgreSQL schema, dropped on close) and an
 * app on it, with a clock the test controls. Close it in afterEach/afterAll. The database is a copy of the
 * run's migrated template (templates.ts, made by global-setup.ts) when there is one.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'heed-test-'));
  const clock: TestClock = {
    now: new Date('2026-03-02T09:00:00.000Z'),
    advanceMinutes(minutes) {
      this.now = new Date(this.now.getTime() + minutes * 60_000);
    },
  };
  let handle: DbHandle;
  let schema: string | undefined;
  // A copy of the run's migrated template when there is one (templates.ts), else migrated here.
  let migrated = false;
  if (TEST_DIALECT === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    schema = `t_${randomBytes(6).toString('hex')}`;
    if (hasPostgresTemplate()) {
      await createSchemaFromTemplate(url, schema);
      migrated = true;
    } else {
      await ensurePgTrgm(url);
      await createEmptySchema(url, schema);
    }
    handle = createDb({ url, schema, poolSize: 4, durableCommits: false });
  } else {
    const file = join(dataDir, 'heed.sqlite');
    migrated = copySqliteTemplate(file);
    handle = createDb({ url: file });
  }
  try {
    if (!migrated) await migrateToLatest(handle.db, handle.schema);
  } catch (error) {
    await handle.close();
    if (schema) await dropSchema(process.env.TEST_DATABASE_URL!, schema);
    throw error;
  }

  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER: 'off', SCHEDULED_JOBS: '0' }),
    ...overrides,
    now: () => clock.now,
  };
  const app = await buildApp(config, { db: handle, logger: false });
  await app.ready();

  return {
    app,
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock,
    dataDir,
    openSecondConnection: () =>
      schema
        ? createDb({ url: process.env.TEST_DATABASE_URL!, schema, poolSize: 1 })
        : createDb({ url: join(dataDir, 'heed.sqlite') }),
    async close() {
      await app.close();
      await handle.close();
      if (schema) await dropSchema(process.env.TEST_DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let pgTrgm: Promise<unknown> | undefined;

/** The trigram extension the migrations use, once per process (the global setup made it already when it made a template). */
function ensurePgTrgm(url: string) {
  pgTrgm ??= (async () => {
    const admin = createDb({ url, poolSize: 1 });
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(admin.db).catch(() => undefined);
    await admin.close();
  })();
  return pgTrgm;
}

/**
 * How long a test may take to seed the demo (~15,000 assignments with their activity, through the
 * rollups' triggers): about 45 s on PostgreSQL alone, twice that beside the other CI lanes. A guard
 * against a hang, not a speed: the seed's speed is `npm run bench -- seed`.
 */
export const DEMO_SEED_LIMIT_MS = 300_000;
