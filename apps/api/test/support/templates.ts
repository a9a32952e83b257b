import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * Migrated templates, made once per run by the global setup (global-setup.ts), so that a test's fresh
 * database is a copy rather than twenty-odd migrations: on SQLite a copy of a migrated file, on PostgreSQL
 * the migrated schema's `pg_dump` replayed under the test's own schema name. The setup names them in the
 * environment, which the test workers inherit; without them (a script outside vitest, no pg_dump) every
 * test migrates its own database as before.
 */
export const SQLITE_TEMPLATE_ENV = 'HEED_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'HEED_TEST_POSTGRES_TEMPLATE';

/** The schema name in the dump, replaced by each test's schema name: long and random, found nowhere else. */
const TEMPLATE_SCHEMA_PREFIX = 'heed_template_';

const run = promisify(execFile);

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

/**
 * Migrates a schema of its own, dumps it (tables, indexes, sequences, functions, triggers and the
 * migrations' bookkeeping rows) into `file` as SQL that a plain query can run, then drops the schema.
 * Throws when pg_dump is missing or refuses the server (another major version): the caller then
 * leaves PostgreSQL tests to migrate each schema.
 */
export async function makePostgresTemplate(url: string, file: string): Promise<void> {
  const schema = `${TEMPLATE_SCHEMA_PREFIX}${randomBytes(8).toString('hex')}`;
  const admin = createDb({ url, poolSize: 1, durableCommits: false });
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(admin.db).catch(() => undefined);
    await sql.raw(`CREATE SCHEMA "${schema}"`).execute(admin.db);
    const handle = createDb({ url, schema, poolSize: 1, durableCommits: false });
    try {
      await migrateToLatest(handle.db, schema);
    } finally {
      await handle.close();
    }
    const { stdout } = await run(
      'pg_dump',
      ['--dbname', url, '--schema', schema, '--no-owner', '--no-privileges', '--no-tablespaces', '--inserts'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's meta-commands (`\restrict`, in newer pg_dumps) are not SQL; the rest runs as one multi-statement query.
    const script = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    if (!script.includes(`CREATE SCHEMA ${schema};`)) throw new Error('pg_dump wrote no CREATE SCHEMA');
    writeFileSync(file, JSON.stringify({ schema, script }));
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
    await admin.close();
  }
}

interface PostgresTemplate {
  schema: string;
  script: string;
}

let postgresTemplate: PostgresTemplate | null | undefined;

function loadPostgresTemplate(): PostgresTemplate | null {
  if (postgresTemplate === undefined) {
    const file = process.env[POSTGRES_TEMPLATE_ENV];
    postgresTemplate = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PostgresTemplate) : null;
  }
  return postgresTemplate;
}

/** Whether this run has a PostgreSQL template (else each test migrates its schema). */
export function hasPostgresTemplate(): boolean {
  return loadPostgresTemplate() !== null;
}

let adminPool: pg.Pool | undefined;

/**
 * One small pool per test process for creating and dropping schemas. Commits need not wait for the disk
 * (the schemas are thrown away), and idle connections do not keep the process alive.
 */
function admin(url: string): pg.Pool {
  adminPool ??= new pg.Pool({
    connectionString: url,
    max: 2,
    idleTimeoutMillis: 1_000,
    allowExitOnIdle: true,
    options: '-c synchronous_commit=off',
  });
  return adminPool;
}

/** Creates `schema` as a copy of the run's migrated template: the dump replayed under the new name, in one transaction. */
export async function createSchemaFromTemplate(url: string, schema: string): Promise<void> {
  const template = loadPostgresTemplate();
  if (!template) throw new Error('No PostgreSQL template in this run');
  const script = template.script.replaceAll(template.schema, schema);
  // A multi-statement simple query is one implicit transaction: all of the schema or none of it.
  await admin(url).query(script);
}

/** Creates an empty schema (for tests that migrate it themselves). */
export async function createEmptySchema(url: string, schema: string): Promise<void> {
  await admin(url).query(`CREATE SCHEMA "${schema}"`);
}

/**
 * The catalogs a schema's tables, indexes and triggers are rows of. Each dropped schema leaves about a
 * thousand dead rows in them, faster than autovacuum clears them at its default pace; a run's worth
 * (hundreds of schemas) made creating a schema about twice as slow by the end.
 */
const CATALOGS = [
  'pg_attribute',
  'pg_depend',
  'pg_class',
  'pg_type',
  'pg_constraint',
  'pg_index',
  'pg_attrdef',
  'pg_trigger',
  'pg_sequence',
  'pg_proc',
].map((table) => `pg_catalog.${table}`);
const DROPS_BETWEEN_VACUUMS = 25;
let drops = 0;

export async function dropSchema(url: string, schema: string): Promise<void> {
  await admin(url).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  if (++drops % DROPS_BETWEEN_VACUUMS === 0) {
    // Maintenance, not part of any test: a role that may not vacuum the catalogs only gets warnings.
    await admin(url)
      .query(`VACUUM ${CATALOGS.join(', ')}`)
      .catch(() => undefined);
  }
}

/** Clears the catalogs' dead rows (the global setup does this before a run: earlier runs leave them too). */
export async function vacuumCatalogs(url: string): Promise<void> {
  await admin(url)
    .query(`VACUUM ${CATALOGS.join(', ')}`)
    .catch(() => undefined);
}

/** Where the global setup keeps the run's templates. */
export function templateFiles(dir: string) {
  return { sqlite: join(dir, 'template.sqlite'), postgres: join(dir, 'template-postgres.json') };
}
