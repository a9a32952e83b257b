import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';

// Portable SQL pieces for the set-based bulk statements: one id set as a single parameter (so the
// statement text, and with it SQLite's prepared-statement cache and PostgreSQL's plan, stays the
// same whatever the chunk's size) and JSON built inside the database for the audit rows.

/** `column IN (the ids)`, the ids bound as one JSON (SQLite) or array (PostgreSQL) parameter. */
export function inIdSet(dialect: Dialect, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} = ANY(CAST(${[...ids]} AS integer[]))`;
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** A text parameter PostgreSQL can type without context (INSERT … SELECT leaves it unknown). */
export const text = (value: string | null) => sql<string>`CAST(${value} AS text)`;
export const integer = (value: number | null) => sql<number>`CAST(${value} AS integer)`;

export type JsonPair = [key: string, value: RawBuilder<unknown>];

/** A JSON object built from columns; keys are our own constants, written as literals. */
export function jsonObject(dialect: Dialect, pairs: JsonPair[]): RawBuilder<unknown> {
  const args = sql.join(pairs.flatMap(([key, value]) => [sql.lit(key), value]));
  return dialect === 'postgres' ? sql`json_build_object(${args})` : sql`json_object(${args})`;
}

/** A JSON object, or JSON null when `present` is false. */
export function jsonObjectOrNull(dialect: Dialect, present: RawBuilder<SqlBool>, object: RawBuilder<unknown>) {
  // SQLite drops the JSON subtype through CASE; json() puts it back so the object nests as an object.
  return dialect === 'postgres'
    ? sql`CASE WHEN ${present} THEN ${object} END`
    : sql`json(CASE WHEN ${present} THEN ${object} END)`;
}

/** A 0/1 flag column as a JSON boolean. */
export function jsonFlag(dialect: Dialect, column: string): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(${sql.ref(column)} = 1)`
    : sql`json(CASE WHEN ${sql.ref(column)} = 1 THEN 'true' ELSE 'false' END)`;
}

/** Text JSON, as the audit columns store it. */
export function jsonText(dialect: Dialect, value: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`CAST(${value} AS text)` : sql<string>`${value}`;
}

/** A user's custom field values as one JSON object {key: value}. */
export function customFieldsJson(dialect: Dialect): RawBuilder<unknown> {
  const from = sql`FROM user_field_values v INNER JOIN custom_fields f ON f.id = v.field_id WHERE v.user_id = users.id`;
  return dialect === 'postgres'
    ? sql`(SELECT coalesce(json_object_agg(f.key, v.value), '{}'::json) ${from})`
    : sql`json((SELECT json_group_object(f.key, v.value) ${from}))`;
}
