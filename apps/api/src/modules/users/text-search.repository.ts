import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** Terms shorter than a trigram cannot use the trigram index as substrings; they match name and username prefixes. */
const TRIGRAM = 3;

/** Escapes LIKE's metacharacters (`\`, `%`, `_`) so that they match themselves. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An FTS5 string: the whole term as one phrase, inner double quotes doubled, so no query syntax applies. */
export function ftsString(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * PostgreSQL: the users of the company (all companies for null) whose row `d` of the narrow table of
 * migration 017 meets `condition`: one per user, kept by triggers on users, holding the lower-cased
 * document (names, username, e-mail) with the trigram index.
 */
function documentMatches(companyId: number | null, condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  const tenant = companyId === null ? sql`` : sql`d.company_id = ${companyId} AND `;
  return sql<SqlBool>`users.id IN (SELECT d.user_id FROM user_search_docs d WHERE ${tenant}${condition})`;
}

/** True when a term is long enough to be looked up in the trigram index (shorter ones match prefixes). */
export function usesTrigramIndex(text: string): boolean {
  return [...text].length >= TRIGRAM;
}

/**
 * SQLite: the search index's row ids are `(company_id << 32) | id` (migration 016), so a company's
 * entries are one row id range, which FTS5 reads alone: a term's matches in a company are counted
 * and listed from the index, without reading a user row each.
 */
export function searchIndexIds(text: string, companyId: number | null, ascending = false): RawBuilder<unknown> {
  const term = ftsString(text.toLowerCase());
  if (companyId === null) {
    const all = sql`SELECT rowid & 4294967295 AS id FROM users_search WHERE users_search MATCH ${term}`;
    return ascending ? sql`${all} ORDER BY id` : all;
  }
  const base = sql`(${companyId} << 32)`;
  // In row id order, the ids ascend: the index yields that order without a sort.
  return sql`SELECT rowid - ${base} AS id FROM users_search
    WHERE users_search MATCH ${term} AND rowid BETWEEN ${base} AND ${base} + 4294967295${ascending ? sql` ORDER BY rowid` : sql``}`;
}

/**
 * SQLite: substring search over first name, last name, username and e-mail through the FTS5 trigram
 * table `users_search` (migrations 005, 016); a term shorter than a trigram matches name and username
 * prefixes through their indexes.
 */
export function sqliteTextCondition(text: string, companyId: number | null): RawBuilder<SqlBool> {
  const term = text.toLowerCase();
  if (usesTrigramIndex(term)) return sql<SqlBool>`users.id IN (${searchIndexIds(term, companyId)})`;
  return prefixRanges(term, companyId);
}

/**
 * SQLite: the ids of a company's users whose text contains `text`, as a subquery: a trigram term's
 * straight from the search index (its row ids are the company's range), a shorter one's through the
 * name and username prefixes. For lists of the users' rows (assignments), which need no user columns.
 */
export function sqliteMatchingUserIds(text: string, companyId: number): RawBuilder<unknown> {
  const term = text.toLowerCase();
  if (usesTrigramIndex(term)) return searchIndexIds(term, companyId);
  return sql`SELECT users.id FROM users WHERE users.company_id = ${companyId} AND ${prefixRanges(term, companyId)}`;
}

/**
 * PostgreSQL: substring search over first name, last name, username and e-mail through the pg_trgm
 * index of the table `user_search_docs` (migration 017).
 */
export function postgresTextCondition(text: string, companyId: number | null): RawBuilder<SqlBool> {
  const term = text.toLowerCase();
  if (usesTrigramIndex(term)) return documentMatches(companyId, sql<SqlBool>`d.doc LIKE ${`%${escapeLike(term)}%`}`);
  // pg_trgm reads a pattern anchored at the start or after a space as a word start ("  m", " ma"):
  // the document test narrows through the index, the column tests then decide exactly, on the
  // table's lower-cased copies of last name, first name and username (`column ILIKE p` is
  // `lower(column) LIKE lower(p)`), so that only the matches reach users.
  const prefix = `${escapeLike(term)}%`;
  const match = (column: string) => sql`${sql.ref(`d.${column}`)} LIKE lower(${prefix})`;
  return documentMatches(
    companyId,
    sql<SqlBool>`(d.doc LIKE ${prefix} OR d.doc LIKE ${`% ${prefix}`})
      AND (${match('last_name_lower')} OR ${match('first_name_lower')} OR ${match('username_lower')})`,
  );
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
