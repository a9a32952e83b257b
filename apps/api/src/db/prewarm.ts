import { type Kysely, sql } from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/**
 * What the users list's text search reads, in the order it reads it: the search documents' trigram
 * index, the documents, then the users and their list indexes (migrations 001, 017, 043).
 */
const SEARCH_RELATIONS = ['users_search_trgm', 'user_search_docs'];
const LIST_TABLE = 'users';

/** The shares of `shared_buffers` the search's relations may take; the users go to the OS's cache. */
const BUFFER_SHARE = 0.5;

interface Relation {
  oid: number;
  name: string;
  bytes: number;
}

/**
 * PostgreSQL, at start: after a restart its buffers are empty, and the first text search of the
 * users list read the trigram index and search documents block by block (638–997 ms at 1M users).
 * With `pg_prewarm` (installed, or installable by Heed's role; decision 102) the search's relations
 * are loaded into shared buffers, as far as half of them, and the users table and its indexes are
 * read into the operating system's cache. Runs beside the server, which answers meanwhile; without
 * the extension, or on SQLite (whose file is memory-mapped), it does nothing. Resolves to what it
 * loaded (each relation, how, how many 8 kB blocks), for the log.
 */
export async function prewarmListReads(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  if (dialect !== 'postgres' || !(await hasPrewarm(db))) return [];
  const { rows: setting } = await sql<{ bytes: string }>`SELECT (setting::bigint * 8192)::text AS bytes
    FROM pg_settings WHERE name = 'shared_buffers'`.execute(db);
  let room = Number(setting[0]?.bytes ?? 0) * BUFFER_SHARE;
  const loaded: string[] = [];
  for (const relation of await relations(db)) {
    const search = SEARCH_RELATIONS.includes(relation.name);
    const mode = search && relation.bytes <= room ? 'buffer' : 'read';
    if (mode === 'buffer') room -= relation.bytes;
    const { rows } = await sql<{ blocks: number }>`SELECT pg_prewarm(${relation.oid}::oid::regclass, ${mode})::int
      AS blocks`.execute(db);
    loaded.push(`${relation.name} (${mode}, ${rows[0]?.blocks ?? 0} blocks)`);
  }
  return loaded;
}

/** The search's relations first, then the users table and its indexes, as this connection's search path finds them. */
async function relations(db: Kysely<Database>): Promise<Relation[]> {
  const { rows } = await sql<{ oid: number; name: string; bytes: string }>`SELECT c.oid::int AS oid,
      c.relname AS name, pg_relation_size(c.oid)::text AS bytes
    FROM pg_class c
    WHERE c.oid IN (to_regclass('users_search_trgm'), to_regclass('user_search_docs'), to_regclass(${LIST_TABLE}))
      OR c.oid IN (SELECT i.indexrelid FROM pg_index i WHERE i.indrelid = to_regclass(${LIST_TABLE}))`.execute(db);
  const rank = (name: string) => {
    const at = SEARCH_RELATIONS.indexOf(name);
    return at >= 0 ? at : name === LIST_TABLE ? SEARCH_RELATIONS.length : SEARCH_RELATIONS.length + 1;
  };
  return rows
    .map((row) => ({ oid: row.oid, name: row.name, bytes: Number(row.bytes) }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** True when `pg_prewarm` is installed, or could be installed now (it needs a superuser). */
async function hasPrewarm(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_prewarm WITH SCHEMA public`.execute(db);
    return true;
  } catch {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension
      WHERE extname = 'pg_prewarm'`.execute(db);
    return (rows[0]?.n ?? 0) > 0;
  }
}
