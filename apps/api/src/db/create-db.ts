import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { noteSqliteQuery, registerSqliteStamp } from './data-stamp.ts';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use, when not the default. */
  schema?: string;
  close(): Promise<void>;
}

export interface DbOptions {
  /** `postgres://…` for PostgreSQL; anything else is a SQLite file path (or `:memory:`). */
  url: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
  poolSize?: number;
  /**
   * SQLite: read the database file through a memory map of up to this many bytes instead of a read
   * call per page. The API's connection uses it: a text search looks up thousands of user rows in
   * random order, each page a copy out of the OS cache otherwise (about half the time of such a list).
   * Mapped pages are the OS's file cache, shared and reclaimable, but they do count in the process's RSS.
   */
  mmapBytes?: number;
  /**
   * PostgreSQL: false lets a commit return before its WAL reaches the disk (`synchronous_commit=off`;
   * a crash may lose the last commits, never consistency). Test databases, thrown away after each
   * test, use it: waiting on the disk at every commit was most of the PostgreSQL suite's time.
   */
  durableCommits?: boolean;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function createDb(options: DbOptions): DbHandle {
  return isPostgresUrl(options.url) ? createPostgres(options) : createSqlite(options.url, options.mmapBytes ?? 0);
}

/** Pages of write-ahead log (4 KB each) that trigger a checkpoint. */
const WAL_AUTOCHECKPOINT_PAGES = 16_384;

function createSqlite(file: string, mmapBytes: number): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 10000');
  database.pragma('cache_size = -65536');
  database.pragma('temp_store = MEMORY');
  // A checkpoint (pages copied from the log into the file, two fsyncs) every 64 MB of log rather than
  // SQLite's 4 MB: an import's chunks rewrite the same index pages, copied once per checkpoint, not
  // once per chunk (an import's commit time halved). Whichever connection commits past it checkpoints.
  database.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  if (mmapBytes > 0) database.pragma(`mmap_size = ${Math.floor(mmapBytes)}`);
  cachePreparedStatements(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  registerSqliteStamp(db, database);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running the small indexed queries of a
 * request (the session lookup above all). Reuse prepared statements by SQL text, least recently used out.
 * Safe because better-sqlite3 runs each statement to completion synchronously; a statement being
 * iterated (Kysely's stream) is never handed out twice.
 */
function cachePreparedStatements(database: SQLite.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    noteSqliteQuery();
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return statement;
  }) as typeof database.prepare;
}

// Integers come back as numbers: COUNT(*) is int8 on PostgreSQL, and no count of ours passes 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

function createPostgres({ url, schema, poolSize = 10, durableCommits = true }: DbOptions): DbHandle {
  const settings = [
    // No JIT compilation (decision 103): Heed's queries are short and index-driven, and a plan whose cost
    // is overestimated (a trigger's transition tables, a table not yet analyzed) paid 0.1–1.3 s to compile.
    '-c jit=off',
    ...(schema ? [`-c search_path="${schema}",public`] : []),
    ...(durableCommits ? [] : ['-c synchronous_commit=off']),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: settings.join(' '),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, close: () => db.destroy() };
}
