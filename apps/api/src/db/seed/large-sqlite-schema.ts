import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../migrate.ts';

interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  table: string;
  sql: string;
}

const SEARCH_TRIGGER = 'users_search_insert';

/** The indexes and triggers the migrations create, read from a freshly migrated in-memory database. */
export async function canonicalSchema(): Promise<SchemaObject[]> {
  const database = new SQLite(':memory:');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
  try {
    await migrateToLatest(db);
    return database
      .prepare(`SELECT type, name, tbl_name AS "table", sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name`)
      .all() as SchemaObject[];
  } finally {
    await db.destroy();
  }
}

/**
 * Drops the secondary indexes of `tables` (unique ones stay, they guard the data) and the users
 * search trigger, for a bulk load that multiplies those tables: building an index once from sorted
 * data is far cheaper than millions of random B-tree inserts. {@link restoreSchema} puts them back.
 */
export function relaxSchema(database: SQLite.Database, canonical: readonly SchemaObject[], tables: readonly string[]): void {
  for (const object of canonical) {
    if (!tables.includes(object.table)) continue;
    if (object.type === 'index' && !/^CREATE UNIQUE/i.test(object.sql)) database.exec(`DROP INDEX IF EXISTS "${object.name}"`);
    if (object.name === SEARCH_TRIGGER) database.exec(`DROP TRIGGER IF EXISTS "${object.name}"`);
  }
}

/**
 * Recreates every index and trigger the migrations define that the database lacks, so the schema
 * ends identical to a migrated one, also after an interrupted load. Users added while the search
 * trigger was missing (ids from `firstUnindexedUserId`, or all after a crash) are indexed first.
 */
export function restoreSchema(database: SQLite.Database, canonical: readonly SchemaObject[], firstUnindexedUserId?: number): string[] {
  const present = new Set((database.prepare(`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')`).pluck().all() as string[]));
  const missing = canonical.filter((object) => !present.has(object.name));
  const trigger = missing.find((object) => object.name === SEARCH_TRIGGER);
  if (trigger) {
    const doc = /VALUES\s*\(\s*new\.id\s*,([\s\S]*?)\)\s*;\s*END/i.exec(trigger.sql)?.[1]?.replace(/\bnew\./g, '');
    if (!doc) throw new Error('Cannot read the users search trigger');
    if (firstUnindexedUserId === undefined) database.exec(`INSERT INTO users_search(users_search) VALUES ('delete-all')`);
    database.prepare(`INSERT INTO users_search(rowid, doc) SELECT id, ${doc} FROM users WHERE id >= ?`).run(firstUnindexedUserId ?? 0);
  }
  for (const object of missing) database.exec(object.sql);
  return missing.map((object) => object.name);
}
