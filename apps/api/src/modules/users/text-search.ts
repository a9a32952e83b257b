import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';

/** Terms shorter than a trigram cannot use the trigram index as substrings; they match name and username prefixes. */
const TRIGRAM = 3;

/** Escapes LIKE's metacharacters (`\`, `%`, `_`) so that they match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An FTS5 string: the whole term as one phrase, inner double quotes doubled, so no query syntax applies. */
export function ftsString(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** The text the PostgreSQL trigram index of migration 005 holds: keep it identical to the indexed expression. */
const SEARCH_DOCUMENT = sql`lower(users.first_name || ' ' || users.last_name || ' ' || users.username || ' ' || coalesce(users.email, ''))`;

/** True when a term is long enough to be looked up in the trigram index (shorter ones match prefixes). */
export function usesTrigramIndex(text: string): boolean {
  return [...text].length >= TRIGRAM;
}

/** SQLite: the ids of every user whose name, username or e-mail contains `text` (of at least three characters), all companies. */
export function searchIndexMatches(text: string): RawBuilder<unknown> {
  return sql`(SELECT rowid FROM users_search WHERE users_search MATCH ${ftsString(text.toLowerCase())})`;
}

/**
 * Substring search over first name, last name, username and e-mail, through the index of
 * migration 005: the FTS5 trigram table `users_search` on SQLite, the pg_trgm expression index on
 * PostgreSQL (the expression below must stay identical to the indexed one).
 */
export function textCondition(dialect: Dialect, text: string, companyId: number | null): RawBuilder<SqlBool> {
  const term = text.toLowerCase();
  if (usesTrigramIndex(term)) {
    if (dialect === 'sqlite') return sql<SqlBool>`users.id IN ${searchIndexMatches(term)}`;
    return sql<SqlBool>`${SEARCH_DOCUMENT} LIKE ${`%${escapeLike(term)}%`}`;
  }
  if (dialect === 'sqlite') return prefixRanges(term, companyId);
  // pg_trgm reads a pattern anchored at the start or after a space as a word start ("  m", " ma"):
  // the document test narrows through the index, the column tests then decide exactly.
  const prefix = `${escapeLike(term)}%`;
  const match = (column: string) => sql`${sql.ref(column)} ILIKE ${prefix}`;
  return sql<SqlBool>`(${SEARCH_DOCUMENT} LIKE ${prefix} OR ${SEARCH_DOCUMENT} LIKE ${`% ${prefix}`})
    AND (${match('users.last_name')} OR ${match('users.first_name')} OR ${match('users.username')})`;
}

/** Every upper/lower-case spelling of a short term (at most 4 for two letters). */
function caseVariants(term: string): string[] {
  let variants = [''];
  for (const char of term) {
    const cased = [char.toLowerCase(), char.toUpperCase()].filter((c) => [...c].length === 1);
    const spellings = [...new Set([char, ...cased])];
    variants = variants.flatMap((variant) => spellings.map((spelling) => variant + spelling));
  }
  return variants;
}

/** The smallest string above every string starting with `prefix` (code point order), or null. */
export function successor(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  if (last >= 0x10ffff) return null;
  const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

function prefixRange(column: string, prefix: string, companyId: number | null): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const upper = successor(prefix);
  const tenant = companyId === null ? sql`` : sql`users.company_id = ${companyId} AND `;
  return upper === null
    ? sql<SqlBool>`(${tenant}${ref} >= ${prefix})`
    : sql<SqlBool>`(${tenant}${ref} >= ${prefix} AND ${ref} < ${upper})`;
}

/**
 * A name or username prefix as index ranges, ignoring case: SQLite's LIKE cannot use an index,
 * ranges on (company_id, last_name|first_name|username) can (MULTI-INDEX OR), each range
 * carrying the tenant so that it alone selects an index range. Usernames are stored lower-case,
 * so one spelling is enough for them.
 */
function prefixRanges(term: string, companyId: number | null): RawBuilder<SqlBool> {
  const variants = caseVariants(term);
  const ranges = [
    ...variants.map((v) => prefixRange('users.last_name', v, companyId)),
    ...variants.map((v) => prefixRange('users.first_name', v, companyId)),
    prefixRange('users.username', term.toLowerCase(), companyId),
  ];
  return sql<SqlBool>`(${sql.join(ranges, sql` OR `)})`;
}
