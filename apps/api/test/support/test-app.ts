import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DbHandle, createDb } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import {
  copySqliteTemplate,
  createDatabase,
  databaseUrl,
  dropDatabase,
  hasPostgresTemplate,
  runDatabasePrefix,
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
  /** This test's database: its SQLite file, or the URL of its own PostgreSQL database (for a child process or thread). */
  databaseUrl: string;
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
  let url: string;
  let dropOwnDatabase = async () => {};
  // A copy of the run's migrated template when there is one (templates.ts), else migrated here.
  let migrated = false;
  if (TEST_DIALECT === 'postgres') {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const name = `${runDatabasePrefix()}_${randomBytes(6).toString('hex')}`;
    await createDatabase(server, name);
    migrated = hasPostgresTemplate();
    url = databaseUrl(server, name);
    dropOwnDatabase = () => dropDatabase(server, name);
    handle = createDb({ url, poolSize: 4, durableCommits: false });
  } else {
    url = join(dataDir, 'heed.sqlite');
    migrated = copySqliteTemplate(url);
    handle = createDb({ url });
  }
  try {
    if (!migrated) await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await dropOwnDatabase();
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
    databaseUrl: url,
    openSecondConnection: () => createDb({ url, poolSize: 1 }),
    async close() {
      await app.close();
      await handle.close();
      await dropOwnDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a test may take to seed the demo (~15,000 assignments with their activity, through the
 * rollups' triggers): about 45 s on PostgreSQL alone, twice that beside the other CI lanes. A guard
 * against a hang, not a speed: the seed's speed is `npm run bench -- seed`.
 */
export const DEMO_SEED_LIMIT_MS = 300_000;
