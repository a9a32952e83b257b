import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../types.ts';

/** SQLite: an ordered query's ids as one JSON array; SQLite never flattens an ordered subquery into an aggregate, so the order holds. */
export async function readSqliteIds(db: Kysely<Database>, ids: Expression<unknown>): Promise<Int32Array> {
  const { rows } = await sql<{ ids: string }>`SELECT json_group_array(m.id) AS ids FROM (${ids}) AS m`.execute(db);
  return Int32Array.from(JSON.parse(rows[0]?.ids ?? '[]') as number[]);
}
