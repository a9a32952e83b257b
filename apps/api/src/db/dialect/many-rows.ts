import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import type { Database } from '../types.ts';

// Writing many rows at once: multi-row statements built as SQL text once per shape and run as
// prepared statements (building a Kysely tree of thousands of values costs more than the insert
// itself), and ids taken ahead of an insert. Table and column names are the callers' own
// constants, never input.

export interface BulkColumn {
  name: string;
  /** The PostgreSQL array element type the column's values are sent as. */
  pg: 'int4' | 'text';
}

/** A column of integers (or NULL) for `bulkInsert` and `bulkUpdate`. */
export const intColumn = (name: string): BulkColumn => ({ name, pg: 'int4' });
/** A column of text (or NULL) for `bulkInsert` and `bulkUpdate`. */
export const textColumn = (name: string): BulkColumn => ({ name, pg: 'text' });

/** SQLite allows 32,766 parameters a statement; stay below. */
const SQLITE_MAX_PARAMETERS = 30_000;
const sqliteTexts = new Map<string, string>();

const quoted = (name: string) => `"${name}"`;

function sqliteValues(width: number, rows: number): string {
  const key = `${width}x${rows}`;
  let values = sqliteTexts.get(key);
  if (!values) {
    const tuple = `(${new Array(width).fill('?').join(',')})`;
    values = new Array(rows).fill(tuple).join(',');
    sqliteTexts.set(key, values);
  }
  return values;
}

/**
 * Splits rows into pieces of power-of-two sizes (1000 rows → 512 + 256 + 128 + 64 + 32 + 8), each
 * small enough for one SQLite statement: a few statement shapes a table, so the connection's cache
 * of prepared statements keeps reusing them instead of filling with one-off sizes.
 */
function* sqlitePieces(rows: readonly unknown[][], width: number): Generator<readonly unknown[][]> {
  const limit = Math.max(1, Math.floor(SQLITE_MAX_PARAMETERS / width));
  let largest = 1;
  while (largest * 2 <= limit) largest *= 2;
  let start = 0;
  while (start < rows.length) {
    let size = largest;
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
    start += size;
  }
}

/** The rows' values in one flat list (Array.prototype.flat is several times slower on long lists). */
function flatten(rows: readonly unknown[][], width: number): unknown[] {
  const values = new Array<unknown>(rows.length * width);
  let at = 0;
  for (const row of rows) for (let i = 0; i < width; i++) values[at++] = row[i] ?? null;
  return values;
}

/** PostgreSQL: one array parameter per column, whatever the number of rows. */
function pgColumns(columns: readonly BulkColumn[], rows: readonly unknown[][]) {
  const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
  const unnest = `unnest(${columns.map((c, i) => `$${i + 1}::${c.pg}[]`).join(', ')}) AS v(${columns.map((c) => quoted(c.name)).join(', ')})`;
  return { arrays, unnest };
}

/**
 * INSERT of many rows: multi-row VALUES on SQLite (in pieces, see `sqlitePieces`), `unnest` of
 * column arrays on PostgreSQL (one statement). `suffix` is appended (ON CONFLICT …, RETURNING …);
 * rows returned by RETURNING are collected.
 */
export async function bulkInsert<R = Record<string, unknown>>(
  db: Kysely<Database>,
  dialect: Dialect,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly unknown[][],
  suffix = '',
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = columns.map((c) => quoted(c.name)).join(', ');
  const returned: R[] = [];
  if (dialect === 'postgres') {
    const { arrays, unnest } = pgColumns(columns, rows);
    const sql = `INSERT INTO ${quoted(table)} (${names}) SELECT * FROM ${unnest} ${suffix}`;
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, arrays));
    return result.rows;
  }
  for (const piece of sqlitePieces(rows, columns.length)) {
    const sql = `INSERT INTO ${quoted(table)} (${names}) VALUES ${sqliteValues(columns.length, piece.length)} ${suffix}`;
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, flatten(piece, columns.length)));
    returned.push(...result.rows);
  }
  return returned;
}

/** UPDATE of many rows, each by `key`, setting `columns` to the row's values (one statement per piece). */
export async function bulkUpdate(
  db: Kysely<Database>,
  dialect: Dialect,
  table: string,
  key: BulkColumn,
  columns: readonly BulkColumn[],
  rows: readonly unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const all = [key, ...columns];
  const set = columns.map((c) => `${quoted(c.name)} = v.${quoted(c.name)}`).join(', ');
  if (dialect === 'postgres') {
    const { arrays, unnest } = pgColumns(all, rows);
    const sql = `UPDATE ${quoted(table)} AS t SET ${set} FROM ${unnest} WHERE t.${quoted(key.name)} = v.${quoted(key.name)}`;
    await db.executeQuery(CompiledQuery.raw(sql, arrays));
    return;
  }
  const names = all.map((c) => quoted(c.name)).join(', ');
  for (const piece of sqlitePieces(rows, all.length)) {
    const values = sqliteValues(all.length, piece.length);
    const sql = `WITH v(${names}) AS (VALUES ${values}) UPDATE ${quoted(table)} SET ${set} FROM v WHERE ${quoted(table)}.${quoted(key.name)} = v.${quoted(key.name)}`;
    await db.executeQuery(CompiledQuery.raw(sql, flatten(piece, all.length)));
  }
}

/**
 * Ids for `count` new rows of `table` (its `id` column), taken before they are inserted, so that a
 * row can name another row of the same batch in the INSERT itself.
 * - PostgreSQL: the column's sequence hands them out.
 * - SQLite: the next ids after the table's AUTOINCREMENT sequence and its largest id. They stay free
 *   only while the caller holds the write lock (`writeTransaction`) until the rows are inserted.
 */
export async function reserveIds(
  db: Kysely<Database>,
  dialect: Dialect,
  table: keyof Database & string,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (!/^[a-z_]+$/.test(table)) throw new Error(`reserveIds: not a table name: ${table}`);
  if (dialect === 'postgres') {
    const result = await sql<{
      id: number;
    }>`SELECT nextval(pg_get_serial_sequence(${sql.lit(table)}, 'id'))::int AS id FROM generate_series(1, ${count})`.execute(
      db,
    );
    return result.rows.map((r) => Number(r.id));
  }
  const result = await sql<{
    last: number;
  }>`SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ${sql.lit(table)}), 0), COALESCE((SELECT MAX(id) FROM ${sql.raw(table)}), 0)) AS last`.execute(
    db,
  );
  const last = Number(result.rows[0]?.last ?? 0);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}
