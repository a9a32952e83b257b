import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createDb, isPostgresUrl } from '../create-db.ts';
import { migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';
import { prepareCompany } from './large-company.ts';
import { postgresChunkWriter } from './large-postgres.ts';
import { FIELDS_PER_USER, LargeRows } from './large-rows.ts';
import { canonicalSchema, relaxSchema, restoreSchema } from './large-sqlite-schema.ts';
import { type ChunkPlan, sqliteChunkWriter } from './large-sqlite.ts';
import { Random } from './prng.ts';

export interface LargeOptions {
  /** `postgres://…` or a SQLite file path. */
  url: string;
  schema?: string;
  users: number;
  /** Total assignments, spread evenly over the users. */
  assignments: number;
  company: string;
  /** Users per transaction. */
  chunkUsers?: number;
  /** SQLite: keep every index during the load even when dropping and rebuilding would be faster. */
  keepIndexes?: boolean;
  now?: Date;
  log?: (line: string) => void;
  /** Checked between chunks; true stops the load early (the schema is still restored). */
  isAborted?: () => boolean;
}

export interface LargeResult {
  companyId: number;
  users: number;
  fieldValues: number;
  assignments: number;
  /** Whole run: load plus index build. */
  seconds: number;
  indexSeconds: number;
  rowsPerSecond: number;
}

type ChunkWriter = (plan: ChunkPlan) => Promise<{ assigned: number }> | { assigned: number };
type Counts = Pick<LargeResult, 'users' | 'fieldValues' | 'assignments'>;

/**
 * The large data set for benchmarks: users with custom field values and assignments, streamed in
 * chunks (one transaction each, multi-row prepared INSERTs inside), never more than a chunk in memory.
 */
export async function generateLargeDataSet(options: LargeOptions): Promise<LargeResult> {
  const now = options.now ?? new Date();
  const started = performance.now();
  const finish = (companyId: number, counts: Counts, indexSeconds = 0): LargeResult => {
    const seconds = (performance.now() - started) / 1000;
    const rows = counts.users + counts.fieldValues + counts.assignments;
    return { companyId, ...counts, seconds, indexSeconds, rowsPerSecond: rows / Math.max(seconds, 0.001) };
  };
  if (!isPostgresUrl(options.url)) return generateSqlite(options, now, finish);

  const handle = createDb({ url: options.url, schema: options.schema, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    const company = await prepareCompany(handle.db, options.company, now);
    const rows = new LargeRows(new Random(`large:${options.company}`), company, now);
    const writer = await postgresChunkWriter(options.url, options.schema, rows);
    try {
      return finish(company.id, await runChunks(options, writer.write));
    } finally {
      await writer.close();
    }
  } finally {
    await handle.close();
  }
}

async function generateSqlite(options: LargeOptions, now: Date, finish: (companyId: number, counts: Counts, indexSeconds?: number) => LargeResult) {
  const log = options.log ?? (() => undefined);
  if (options.url !== ':memory:') mkdirSync(dirname(options.url), { recursive: true });
  const database = new SQLite(options.url);
  for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'busy_timeout = 10000', 'cache_size = -262144', 'mmap_size = 1073741824', 'threads = 2']) {
    database.pragma(pragma); // threads: CREATE INDEX sorts with a helper thread
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  try {
    await migrateToLatest(db);
    const canonical = await canonicalSchema();
    const repaired = restoreSchema(database, canonical);
    if (repaired.length > 0) log(`Restored after an interrupted run: ${repaired.join(', ')}`);
    const company = await prepareCompany(db, options.company, now);
    const rows = new LargeRows(new Random(`large:${options.company}`), company, now);

    const largest = (table: string) => database.prepare(`SELECT coalesce(max(id), 0) FROM "${table}"`).pluck().get() as number;
    const firstNewUserId = largest('users') + 1;
    const relaxed = bulkTables(options, firstNewUserId - 1, largest('assignments'));
    relaxSchema(database, canonical, relaxed);
    let counts: Counts;
    let indexSeconds = 0;
    try {
      counts = await runChunks(options, sqliteChunkWriter(database, rows));
    } finally {
      if (relaxed.length > 0) log(`Building the indexes of ${relaxed.join(', ')}…`);
      const indexing = performance.now();
      restoreSchema(database, canonical, firstNewUserId);
      indexSeconds = (performance.now() - indexing) / 1000;
    }
    return finish(company.id, counts, indexSeconds);
  } finally {
    await db.destroy();
  }
}

/**
 * Tables the load at least doubles: dropping their secondary indexes and rebuilding them afterwards
 * beats keeping them. A small load into a big database keeps every index (and so never slows the
 * queries of a server running beside it).
 */
function bulkTables(options: LargeOptions, existingUsers: number, existingAssignments: number): string[] {
  if (options.keepIndexes) return [];
  const tables: string[] = [];
  if (options.users >= 50_000 && options.users >= existingUsers) tables.push('users', 'user_field_values');
  if (options.assignments >= 500_000 && options.assignments >= existingAssignments) tables.push('assignments');
  return tables;
}

async function runChunks(options: LargeOptions, write: ChunkWriter): Promise<Counts> {
  const log = options.log ?? (() => undefined);
  const { users, assignments } = options;
  const chunk = options.chunkUsers ?? 10_000;
  const assignmentsOf = (index: number) => Math.floor((assignments * (index + 1)) / users) - Math.floor((assignments * index) / users);
  const started = performance.now();
  let lastLog = started;
  let done = 0;
  let assigned = 0;
  while (done < users && !options.isAborted?.()) {
    const count = Math.min(chunk, users - done);
    assigned += (await write({ firstIndex: done, count, assignmentsOf })).assigned;
    done += count;
    const at = performance.now();
    if (at - lastLog > 2000 || done === users) {
      lastLog = at;
      const rate = (done * (1 + FIELDS_PER_USER) + assigned) / ((at - started) / 1000);
      log(`users ${fmt(done)}/${fmt(users)}  assignments ${fmt(assigned)}/${fmt(assignments)}  ${fmt(rate)} rows/s`);
    }
  }
  return { users: done, fieldValues: done * FIELDS_PER_USER, assignments: assigned };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
