import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../migrate.ts';
import type { BulkTable } from './large-plan.ts';

interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  table: string;
  sql: string;
}

const SEARCH_TRIGGER = 'users_search_insert';

/**
 * What a bulk load drops and rebuilds afterwards, by table. Users: every index but the external id's
 * (generated users have none, so it stays empty; random names, e-mails and dates would mean a million
 * random B-tree inserts each, and building once from sorted data is far cheaper), and the search trigger (the index is filled in one pass).
 * The unique indexes go too: generated usernames end in the user's own id, so they cannot collide
 * among themselves, and a clash with an older account is resolved when the index is rebuilt.
 * Assignments: every index. Even growing at a few hot spots (see assignmentSlices), keeping six
 * indexes current costs more than building them once from the finished table (1M assignments:
 * 25 CPU-seconds kept, 10 s load + 12 s wall building all six with SQLite's sorter threads).
 */
const BULK: Record<BulkTable, (object: SchemaObject) => boolean> = {
  users: (o) => o.table === 'users' && o.name !== 'users_company_external',
  assignments: (o) => o.table === 'assignments',
};

/** The indexes and triggers the migrations create, read from a freshly migrated in-memory database. */
export async function canonicalSchema(): Promise<SchemaObject[]> {
  const database = new SQLite(':memory:');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
  try {
    await migrateToLatest(db);
    return database
      .prepare(
        `SELECT type, name, tbl_name AS "table", sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name`,
      )
      .all() as SchemaObject[];
  } finally {
    await db.destroy();
  }
}

/** Drops the indexes and trigger that {@link BULK} names for `tables`; {@link restoreSchema} puts them back. */
export function relaxSchema(
  database: SQLite.Database,
  canonical: readonly SchemaObject[],
  tables: readonly BulkTable[],
): void {
  for (const object of canonical) {
    if (!tables.some((table) => BULK[table](object))) continue;
    if (object.type === 'index') database.exec(`DROP INDEX IF EXISTS "${object.name}"`);
    else if (object.name === SEARCH_TRIGGER) database.exec(`DROP TRIGGER IF EXISTS "${object.name}"`);
  }
}

/**
 * Recreates every index and trigger the migrations define that the database lacks, so the schema
 * ends identical to a migrated one, also after an interrupted load. Users added while the search
 * trigger was missing (ids from `firstUnindexedUserId`, or all after a crash) are indexed first.
 */
export function restoreSchema(
  database: SQLite.Database,
  canonical: readonly SchemaObject[],
  firstUnindexedUserId?: number,
  tables?: readonly BulkTable[],
): string[] {
  const present = new Set(
    database.prepare(`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')`).pluck().all() as string[],
  );
  const missing = canonical.filter(
    (object) => !present.has(object.name) && (!tables || tables.includes(object.table as BulkTable)),
  );
  const trigger = missing.find((object) => object.name === SEARCH_TRIGGER);
  if (trigger) {
    // The trigger's VALUES (row id, document), each an expression over `new.` (migration 016).
    const values = /VALUES\s*\(([^,]+),([\s\S]*?)\)\s*;\s*END/i.exec(trigger.sql);
    const [rowid, doc] = [values?.[1], values?.[2]].map((expression) => expression?.replace(/\bnew\./g, ''));
    if (!rowid || !doc) throw new Error('Cannot read the users search trigger');
    if (firstUnindexedUserId === undefined)
      database.exec(`INSERT INTO users_search(users_search) VALUES ('delete-all')`);
    database
      .prepare(`INSERT INTO users_search(rowid, doc) SELECT ${rowid}, ${doc} FROM users WHERE id >= ?`)
      .run(firstUnindexedUserId ?? 0);
  }
  for (const object of missing) createIndexOrTrigger(database, object, firstUnindexedUserId ?? 0);
  return missing.map((object) => object.name);
}

const UNIQUE_USER_COLUMN = /^CREATE UNIQUE INDEX "?users_(username|email)"?/i;

/** Creates the object; a unique user index that meets a clash renames the loaded duplicates (`name.<id>`) and retries. */
function createIndexOrTrigger(database: SQLite.Database, object: SchemaObject, firstLoadedUserId: number): void {
  try {
    database.exec(object.sql);
  } catch (error) {
    const column = UNIQUE_USER_COLUMN.exec(object.sql)?.[1];
    if (!column || !/UNIQUE constraint failed/i.test(String(error))) throw error;
    database
      .prepare(
        `UPDATE users SET ${column} = ${column} || '.' || id WHERE id >= ? AND ${column} IN (SELECT ${column} FROM users GROUP BY ${column} HAVING count(*) > 1)`,
      )
      .run(firstLoadedUserId);
    database.exec(object.sql);
  }
}
