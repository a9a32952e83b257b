import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * Migrated templates, made once per run by the global setup (global-setup.ts), so that a test's fresh
 * database is a copy rather than sixty-odd migrations: on SQLite a copy of a migrated file, on PostgreSQL
 * a database of its own made by `CREATE DATABASE … TEMPLATE` from a migrated one (a copy of its files:
 * ~0.15 s, where replaying the schema's dump took ~1 s and dropping it left its catalog rows behind).
 * The setup names them in the environment, which the test workers inherit; without them (a script
 * outside vitest) every test migrates its own database. On PostgreSQL the role needs CREATEDB.
 */
export const SQLITE_TEMPLATE_ENV = 'HEED_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'HEED_TEST_POSTGRES_TEMPLATE';

/** Migrates a SQLite file at `file`, one self-contained file (no write-ahead log beside it). */
export async function makeSqliteTemplate(file: string): Promise<void> {
  const handle = createDb({ url: file });
  try {
    await migrateToLatest(handle.db);
    await sql`PRAGMA journal_mode = DELETE`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** Copies the run's migrated SQLite template to `file`; false when there is none (the caller migrates). */
export function copySqliteTemplate(file: string): boolean {
  const template = process.env[SQLITE_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return false;
  copyFileSync(template, file);
  return true;
}

/** The URL of the database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

let adminPool: pg.Pool | undefined;

/**
 * One small pool per test process for creating and dropping databases, on the database of
 * TEST_DATABASE_URL. Idle connections do not keep the process alive.
 */
function admin(url: string): pg.Pool {
  adminPool ??= new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 1_000, allowExitOnIdle: true });
  return adminPool;
}

/**
 * Creates the run's template database and migrates it; returns its name. Nothing may stay connected to
 * it: PostgreSQL copies a template only while no one else uses it.
 */
export async function makePostgresTemplate(url: string): Promise<string> {
  const name = `heed_template_${randomBytes(6).toString('hex')}`;
  await admin(url).query(`CREATE DATABASE "${name}"`);
  const handle = createDb({ url: databaseUrl(url, name), poolSize: 1, durableCommits: false });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await dropDatabase(url, name);
    throw error;
  }
  await handle.close();
  return name;
}

/** Whether this run has a PostgreSQL template database (else each test migrates its own). */
export function hasPostgresTemplate(): boolean {
  return Boolean(process.env[POSTGRES_TEMPLATE_ENV]);
}

/** Creates the database `name`: a copy of the run's template when there is one (unless `empty`), else empty. */
export async function createDatabase(url: string, name: string, { empty = false } = {}): Promise<void> {
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await admin(url).query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
}

/**
 * Drops the database `name`. A connection a test left open (a pool it never closed) keeps the database
 * until the run's teardown drops what is left (`dropRunDatabases`): forcing it here would kill that
 * connection under a pool that then reports the error as unhandled.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  try {
    await admin(url).query(`DROP DATABASE IF EXISTS "${name}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
  }
}

const OBJECT_IN_USE = '55006';

/** The prefix of every database this run makes: its template's name. */
export function runDatabasePrefix(): string {
  return process.env[POSTGRES_TEMPLATE_ENV] ?? 'heed_test';
}

/** After the run, when its test processes have exited: drops its template and any database a test left. */
export async function dropRunDatabases(url: string, prefix: string): Promise<void> {
  const { rows } = await admin(url).query<{ name: string }>(
    `SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname DESC`,
    [prefix],
  );
  for (const { name } of rows) await admin(url).query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Where the global setup keeps the run's SQLite template. */
export function sqliteTemplateFile(dir: string) {
  return join(dir, 'template.sqlite');
}
