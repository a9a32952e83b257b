import { type ExpressionBuilder, type Kysely, expressionBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { searchesThroughFts5 } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import type { TimeKey } from './cursor.ts';
import type { TimeRange } from './history-filters.ts';

/** What an audit list request asks for, already checked. */
export interface AuditCriteria {
  /** The companies to read, or every company and the platform's own entries. */
  companies: number[] | 'all';
  actorIds?: number[];
  impersonatorIds?: number[];
  actions?: string[];
  entityTypes?: string[];
  entityIds?: string[];
  created?: TimeRange;
  text?: string;
}

type Eb = ExpressionBuilder<Database, 'audit_log'>;

/** `%text%` for LIKE, its own % and _ escaped with a backslash. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The fields the text search looks in: a substring of any of them, ignoring case. */
const TEXT_FIELDS = ['action', 'entity_type', 'entity_id', 'before', 'after'] as const;

/**
 * PostgreSQL: the entry's document exactly as migration 044's trigram index `audit_log_text_trgm` has
 * it (the five fields joined by U+001F, which no search text holds), so the index serves the LIKE.
 */
const POSTGRES_DOC = sql.raw(
  `lower(action || E'\\x1f' || entity_type || E'\\x1f' || coalesce(entity_id, '') || E'\\x1f' || coalesce(before, '') || E'\\x1f' || coalesce("after", ''))`,
);

/** Terms shorter than a trigram cannot be looked up in a trigram index: SQLite matches them by LIKE. */
const TRIGRAM = 3;

/** True when the text search goes through the FTS5 table of migration 044 (SQLite, three characters or more). */
const searchesIndex = (dialect: Dialect, text: string | undefined): text is string =>
  text !== undefined && searchesThroughFts5(dialect) && [...text].length >= TRIGRAM;

function matches(eb: Eb, dialect: Dialect, c: AuditCriteria) {
  const where = [];
  if (c.companies !== 'all') where.push(eb('company_id', 'in', c.companies));
  if (c.actorIds) where.push(eb('actor_id', 'in', c.actorIds));
  if (c.impersonatorIds) where.push(eb('impersonator_id', 'in', c.impersonatorIds));
  if (c.actions) where.push(eb('action', 'in', c.actions));
  if (c.entityTypes) where.push(eb('entity_type', 'in', c.entityTypes));
  if (c.entityIds) where.push(eb('entity_id', 'in', c.entityIds));
  if (c.created?.from) where.push(eb('created_at', '>=', c.created.from));
  if (c.created?.to) where.push(eb('created_at', '<=', c.created.to));
  if (c.text && !searchesIndex(dialect, c.text)) {
    const pattern = containsPattern(c.text);
    if (!searchesThroughFts5(dialect)) where.push(sql<boolean>`${POSTGRES_DOC} like ${pattern} escape '\\'`);
    else {
      // SQLite, one or two characters: no index; the walk down the time index stops at the page's
      // last match (a term this short is in most entries).
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      where.push(eb.or(TEXT_FIELDS.map(like)));
    }
  }
  return eb.and(where);
}

/** The filtered entries after the cursor, newest first: the query every page and window starts from. */
function entriesAfter(db: Kysely<Database>, dialect: Dialect, criteria: AuditCriteria, after: TimeKey | undefined) {
  return db
    .selectFrom('audit_log')
    .where((eb) => matches(eb, dialect, criteria))
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after!.at, after!.id))),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

/**
 * The ids of one page, newest first: `limit` entries after the cursor, read from an index that ends
 * in `(created_at, id)` (migration 032), so a deep page costs what the first does. A text of three
 * characters or more goes through the FTS5 table on SQLite (`sqliteTextSearch`); on PostgreSQL the
 * planner chooses between the trigram index and the time walk by its statistics.
 */
export async function listAuditIds(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AuditCriteria,
  after: TimeKey | undefined,
  limit: number,
): Promise<number[]> {
  if (searchesIndex(dialect, criteria.text))
    return sqliteTextSearch(db, dialect, criteria, criteria.text, after, limit);
  const rows = await entriesAfter(db, dialect, criteria, after).select('id').limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/** Matches read at most to tell a rare term (all its matches in scope read, then sorted) from a common one. */
const RARE = 1_000;
/** The term's matches in the scope's companies, at most `cap` + 1 of them (enough to tell there are more). */
async function scopeMatches(db: Kysely<Database>, criteria: AuditCriteria, term: string, cap: number) {
  const found: number[] = [];
  for (const company of scopeOf(criteria)) {
    const query = indexMatches(term, company);
    const { rows } = await (Number.isFinite(cap)
      ? sql<{ id: number }>`${query} LIMIT ${cap + 1 - found.length}`
      : query
    ).execute(db);
    found.push(...rows.map((row) => Number(row.id)));
    if (found.length > cap) break;
  }
  return found;
}

/** The time walk's windows: the first, the largest, and the entries walked before the matches are read instead. */
const FIRST_WINDOW = 64;
const LAST_WINDOW = 32_768;
const WALK_LIMIT = 200_000;

/** An FTS5 string: the whole term as one phrase, inner double quotes doubled, so no query syntax applies. */
const ftsString = (value: string) => `"${value.toLowerCase().replaceAll('"', '""')}"`;

/**
 * The audit ids whose document holds the term, from the FTS5 table (row id `company << 32 | id`,
 * migration 044): within one company's row id range (between two of its ids when given), or all.
 * The bounds are integers by `<<` and `|` (a number parameter binds as a REAL, and FTS5 then reads
 * the whole doclist instead of seeking: 600 ms against 1 ms at 1M entries).
 */
function indexMatches(term: string, company: number | null, between?: [number, number]) {
  const base = sql`(${company ?? 0} << 32)`;
  const range =
    company === null
      ? sql``
      : between
        ? sql` AND rowid BETWEEN ${base} | ${between[0]} AND ${base} | ${between[1]}`
        : sql` AND rowid BETWEEN ${base} AND ${base} + 4294967295`;
  return sql<{
    id: number;
  }>`SELECT rowid & 4294967295 AS id FROM audit_log_search WHERE audit_log_search MATCH ${ftsString(term)}${range}`;
}

/** The companies of the scope (null: all of them, one read of the whole index). */
const scopeOf = (criteria: AuditCriteria): (number | null)[] =>
  criteria.companies === 'all' ? [null] : criteria.companies;

/**
 * SQLite text search through the FTS5 trigram table (decision 084), in two ways by the term's matches
 * in the scope's companies:
 * - a rare term (at most RARE matches): its matches are read from the index, their entries filtered
 *   and sorted newest first (cost: the matches);
 * - a common one: the filtered time index is walked in windows (64 entries, growing fourfold), and
 *   each window's matches read from the index between its lowest and highest id in each company
 *   (ids grow with time, so that is a narrow range), or its entries probed one by one when a filter
 *   thins the walk (`windowMatches`); the window's entries that match, in its order,
 *   fill the page (cost: the entries walked until the page is full). Past WALK_LIMIT entries walked
 *   all the term's matches in scope are read and the rest of the page taken from them, as for a rare
 *   term (cost: the matches).
 */
async function sqliteTextSearch(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AuditCriteria,
  term: string,
  after: TimeKey | undefined,
  limit: number,
): Promise<number[]> {
  const { text: _term, ...rest } = criteria;
  const found = await scopeMatches(db, criteria, term, RARE);
  if (found.length <= RARE) return matchedPage(db, dialect, rest, found, after, limit);

  const page: number[] = [];
  const density = new Map<number, number>();
  let window = FIRST_WINDOW;
  let walked = 0;
  let cursor = after;
  for (;;) {
    const entries = await entriesAfter(db, dialect, rest, cursor)
      .select(['id', 'company_id', 'created_at'])
      .limit(window)
      .execute();
    if (entries.length === 0) return page;
    const hit = await windowMatches(db, term, entries, density);
    for (const entry of entries) {
      if (!hit.has(Number(entry.id))) continue;
      page.push(Number(entry.id));
      if (page.length === limit) return page;
    }
    if (entries.length < window) return page;
    const last = entries.at(-1)!;
    cursor = { at: last.created_at, id: Number(last.id) };
    walked += entries.length;
    if (walked >= WALK_LIMIT) {
      const all = await scopeMatches(db, criteria, term, Number.POSITIVE_INFINITY);
      return [...page, ...(await matchedPage(db, dialect, rest, all, cursor, limit - page.length))];
    }
    window = Math.min(window * 4, LAST_WINDOW);
  }
}

/** A probe of one entry costs about what reading this many matches of a range does (0.2–0.6 ms against 2.7 µs). */
const PROBE_COST = 100;
/** The ids at the top of a company's first window whose matches are read to learn the term's density there. */
const SAMPLE = 1024;

/**
 * The ids of a window's entries that the term matches, per company in the window: the matches between
 * its lowest and highest id read from the index, or, when a filter thins the walk so that this range
 * would hold many more matches than entries (a range read costs per match, a probe per entry), each
 * entry probed by its row id. The term's density (matches per id) in each company is learnt on its
 * first window from the SAMPLE ids at the top, kept in `density` for the next windows.
 */
async function windowMatches(
  db: Kysely<Database>,
  term: string,
  entries: { id: number; company_id: number | null }[],
  density: Map<number, number>,
): Promise<Set<number>> {
  const groups = new Map<number, number[]>();
  for (const { id, company_id } of entries) {
    const ids = groups.get(company_id ?? 0);
    if (ids) ids.push(Number(id));
    else groups.set(company_id ?? 0, [Number(id)]);
  }
  const hit = new Set<number>();
  const read = async (company: number, lo: number, hi: number) => {
    const { rows } = await indexMatches(term, company, [lo, hi]).execute(db);
    for (const row of rows) hit.add(Number(row.id));
    return rows.length;
  };
  for (const [company, ids] of groups) {
    let lo = Math.min(...ids);
    let hi = Math.max(...ids);
    if (!density.has(company)) {
      const from = Math.max(lo, hi - SAMPLE + 1);
      density.set(company, (await read(company, from, hi)) / (hi - from + 1));
      hi = from - 1;
    }
    const rest = ids.filter((id) => id <= hi);
    if (rest.length === 0) continue;
    lo = Math.min(...rest);
    if ((hi - lo + 1) * density.get(company)! <= rest.length * PROBE_COST) await read(company, lo, hi);
    else {
      const { rows } = await sql<{ id: number }>`SELECT j.value AS id FROM json_each(${JSON.stringify(rest)}) AS j
        WHERE EXISTS (SELECT 1 FROM audit_log_search WHERE audit_log_search MATCH ${ftsString(term)}
          AND rowid = (${company} << 32) | j.value)`.execute(db);
      for (const row of rows) hit.add(Number(row.id));
    }
  }
  return hit;
}

/** A page of a rare term: its matched entries under the other filters, newest first, sorted here. */
async function matchedPage(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AuditCriteria,
  ids: number[],
  after: TimeKey | undefined,
  limit: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  // The listed entries by id, then the other filters: CROSS JOIN keeps SQLite from walking a company
  // index instead, probing each entry against the list (its guess without statistics).
  const condition = matches(expressionBuilder<Database, 'audit_log'>(), dialect, criteria);
  const { rows } = await sql<{ id: number; created_at: string }>`SELECT audit_log.id, audit_log.created_at
    FROM json_each(${JSON.stringify(ids)}) AS j CROSS JOIN audit_log ON audit_log.id = j.value
    WHERE ${condition}`.execute(db);
  const newer = (a: { created_at: string; id: number }, at: string, id: number) =>
    a.created_at > at || (a.created_at === at && Number(a.id) > id);
  return rows
    .filter((row) => !after || newer({ created_at: after.at, id: after.id }, row.created_at, Number(row.id)))
    .sort((a, b) => (newer(a, b.created_at, Number(b.id)) ? -1 : 1))
    .slice(0, limit)
    .map((row) => Number(row.id));
}

/** The entries of a page with their people and company, in the ids' order. */
export async function readAuditEntries(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .leftJoin('users as i', 'i.id', 'l.impersonator_id')
    .leftJoin('companies as c', 'c.id', 'l.company_id')
    .select([
      'l.id',
      'l.created_at',
      'l.company_id',
      'c.name as company_name',
      'l.actor_id',
      'u.username as actor_username',
      'u.first_name as actor_first_name',
      'u.last_name as actor_last_name',
      'l.impersonator_id',
      'i.username as impersonator_username',
      'i.first_name as impersonator_first_name',
      'i.last_name as impersonator_last_name',
      'l.action',
      'l.entity_type',
      'l.entity_id',
      'l.before',
      'l.after',
      'l.ip',
    ])
    .where('l.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
export type AuditRow = Awaited<ReturnType<typeof readAuditEntries>>[number];
