import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import { takesPlanHints } from './traits.ts';

// SQL pieces written differently by SQLite and PostgreSQL. Each returns a fragment for a Kysely
// query; the text each produces is part of the queries' plans and prepared-statement caches, so a
// change here changes every query using it (dialect.test.ts pins them).

/**
 * `column IN (the ids)`, the ids bound as a single parameter whatever their number: a JSON array
 * read by `json_each` on SQLite, an integer array on PostgreSQL. The statement's text, and with it
 * SQLite's prepared-statement cache and PostgreSQL's plan, stays the same whatever the set's size.
 */
export function idIn(dialect: Dialect, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} = ANY(CAST(${[...ids]} AS integer[]))`;
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * A text parameter with its type spelled out, the same on both: PostgreSQL cannot type a bare
 * parameter without context (an INSERT … SELECT leaves it unknown).
 */
export const castText = (value: string | null): RawBuilder<string> => sql<string>`CAST(${value} AS text)`;

/** An integer parameter with its type spelled out (see `castText`). */
export const castInteger = (value: number | null): RawBuilder<number> => sql<number>`CAST(${value} AS integer)`;

/** A key of a JSON object and the SQL value it takes. */
export type JsonPair = [key: string, value: RawBuilder<unknown>];

/**
 * A JSON object built in the database: `json_object` on SQLite, `json_build_object` on PostgreSQL.
 * The keys are the caller's own constants, written as literals.
 */
export function jsonObject(dialect: Dialect, pairs: JsonPair[]): RawBuilder<unknown> {
  const args = sql.join(pairs.flatMap(([key, value]) => [sql.lit(key), value]));
  return dialect === 'postgres' ? sql`json_build_object(${args})` : sql`json_object(${args})`;
}

/**
 * `object` (a JSON value), or JSON null when `present` is false. SQLite drops the JSON subtype
 * through CASE; `json()` puts it back so that the object nests as an object, not a string.
 */
export function jsonObjectOrNull(
  dialect: Dialect,
  present: RawBuilder<SqlBool>,
  object: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`CASE WHEN ${present} THEN ${object} END`
    : sql`json(CASE WHEN ${present} THEN ${object} END)`;
}

/** A 0/1 flag column as a JSON boolean (SQLite has no boolean type to convert). */
export function jsonFlag(dialect: Dialect, column: string): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(${sql.ref(column)} = 1)`
    : sql`json(CASE WHEN ${sql.ref(column)} = 1 THEN 'true' ELSE 'false' END)`;
}

/** A JSON value as text, as text columns store it: SQLite's JSON is text already, PostgreSQL's is cast. */
export function jsonText(dialect: Dialect, value: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`CAST(${value} AS text)` : sql<string>`${value}`;
}

/**
 * A JSON array of `items` (a comma-separated list of expressions) as text: `json_array` on SQLite,
 * `json_build_array(…)::text` on PostgreSQL.
 */
export function jsonArrayText(dialect: Dialect, items: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`json_build_array(${items})::text` : sql<string>`json_array(${items})`;
}

/**
 * A JSON object with one key per row of `from` (a `FROM … WHERE …` clause), as a scalar subquery:
 * `json_group_object` on SQLite, `json_object_agg` on PostgreSQL.
 * - `integerKey`: the key is a number; SQLite wants text keys, so it is cast there (PostgreSQL
 *   converts any key itself).
 * - With no rows SQLite gives `{}` and PostgreSQL NULL, unless `emptyObject` (then `{}` on both).
 */
export function jsonObjectAgg(
  dialect: Dialect,
  entry: { key: RawBuilder<unknown>; value: RawBuilder<unknown>; from: RawBuilder<unknown> },
  options: { integerKey?: boolean; emptyObject?: boolean } = {},
): RawBuilder<unknown> {
  const { key, value, from } = entry;
  if (dialect === 'postgres') {
    return options.emptyObject
      ? sql`(SELECT coalesce(json_object_agg(${key}, ${value}), '{}'::json) ${from})`
      : sql`(SELECT json_object_agg(${key}, ${value}) ${from})`;
  }
  const label = options.integerKey ? sql`CAST(${key} AS TEXT)` : key;
  return sql`json((SELECT json_group_object(${label}, ${value}) ${from}))`;
}

/**
 * The text of every row's `value` joined by `separator`, in `orderBy` order: `group_concat` on
 * SQLite, `string_agg` on PostgreSQL. The separator is the caller's constant, written as a literal.
 */
export function stringAgg(
  dialect: Dialect,
  value: RawBuilder<unknown>,
  separator: string,
  orderBy: RawBuilder<unknown>,
): RawBuilder<string | null> {
  const name = sql.raw(dialect === 'postgres' ? 'string_agg' : 'group_concat');
  return sql<string | null>`${name}(${value}, ${sql.lit(separator)} ORDER BY ${orderBy})`;
}

/**
 * The characters of the character codes as one SQL string: `char(a, b)` on SQLite, `chr(a) || chr(b)`
 * on PostgreSQL. The codes are written into the SQL text, so they must be integers.
 */
export function charCodes(dialect: Dialect, ...codes: number[]): RawBuilder<string> {
  if (!codes.every((code) => Number.isInteger(code) && code > 0))
    throw new Error(`charCodes: not character codes: ${codes}`);
  return sql.raw(
    dialect === 'postgres' ? codes.map((code) => `chr(${code})`).join(' || ') : `char(${codes.join(', ')})`,
  );
}

/**
 * A column as an expression no index can serve, for a plan that must not walk the column's index
 * (say, fetch the matches first, then sort them): `+column` on SQLite; on PostgreSQL, which has no
 * such no-op, `(column + 0)` for a number column and `(column || '')` for a text column.
 */
export function hideFromIndex(dialect: Dialect, column: string, type: 'integer' | 'text'): RawBuilder<unknown> {
  if (dialect === 'sqlite') return sql`+${sql.ref(column)}`;
  return type === 'integer' ? sql`(${sql.ref(column)} + 0)` : sql`(${sql.ref(column)} || '')`;
}

/**
 * A column hidden from the indexes of a planner that takes plan hints (`takesPlanHints`: `+column`
 * on SQLite), and left as it is for one that plans by statistics (PostgreSQL). For a condition the
 * hinted plan means to check row by row, say once a set of ids has been looked up by rowid.
 */
export function hintOffIndex(dialect: Dialect, column: string): RawBuilder<unknown> {
  return takesPlanHints(dialect) ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}
