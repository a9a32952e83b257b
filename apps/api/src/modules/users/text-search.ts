import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';

/** Terms shorter than a trigram cannot use the search index; they match name and username prefixes. */
const TRIGRAM = 3;

/** Escapes LIKE's metacharacters (`\`, `%`, `_`) so that they match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An FTS5 string: the whole term as one phrase, inner double quotes doubled, so no query syntax applies. */
export function ftsString(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * Substring search over first name, last name, username and e-mail, through the index of
 * migration 005: the FTS5 trigram table `users_search` on SQLite, the pg_trgm expression index on
 * PostgreSQL (the expression below must stay identical to the indexed one).
 */
export function textCondition(dialect: Dialect, text: string): RawBuilder<SqlBool> {
  const term = text.toLowerCase();
  if ([...term].length >= TRIGRAM) {
    if (dialect === 'sqlite') {
      return sql<SqlBool>`users.id IN (SELECT rowid FROM users_search WHERE users_search MATCH ${ftsString(term)})`;
    }
    return sql<SqlBool>`lower(users.first_name || ' ' || users.last_name || ' ' || users.username || ' ' || coalesce(users.email, '')) LIKE ${`%${escapeLike(term)}%`}`;
  }
  const prefix = `${escapeLike(term)}%`;
  // SQLite's LIKE ignores ASCII case and has no default escape character; PostgreSQL's ILIKE escapes with `\`.
  const match =
    dialect === 'sqlite'
      ? (column: string) => sql`${sql.ref(column)} LIKE ${prefix} ESCAPE '\\'`
      : (column: string) => sql`${sql.ref(column)} ILIKE ${prefix}`;
  return sql<SqlBool>`(${match('users.last_name')} OR ${match('users.first_name')} OR ${match('users.username')})`;
}
