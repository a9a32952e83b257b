import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, hasFilters, populationOf } from './users.criteria.ts';
import { MATCH_LIST_MAX_IDS, keepMatchList, keptMatchList } from './match-lists.ts';
import { searchIndexMatchCount, usesTrigramIndex } from './text-search.ts';
import {
  type PageRequest,
  type UserListRow,
  buildPageQuery,
  countUsers,
  findUserRowsInOrder,
  readMatchList,
} from './users.repository.ts';

/** Below this many matches, fetching them all and sorting is cheap whatever the plan. */
const FETCH_AND_SORT_ROWS = 5000;
/** Probing one row for a custom field match, in set lookups plus their share of building the set. */
const PROBE_COST = 8;
/**
 * Text matches above which fetching and sorting them all (a row lookup each) costs more than a
 * page's budget, so a walk in sort order is tried first.
 */
const TEXT_WALK_MATCHES = 20_000;
/** A text walk may step over this many users per match before giving up: a failed walk then costs a fraction of fetch-and-sort. */
const TEXT_WALK_ROWS_PER_MATCH = 2;
/** From this offset on, a fetch-and-sort page is served from a kept list of every match (built once). */
const MATCH_LIST_FROM_OFFSET = 1000;

const selectPage = (...args: Parameters<typeof buildPageQuery>) => buildPageQuery(...args).execute();

/** Roughly how many users the table holds (all companies): what a rowid-order scan walks. */
async function tableSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/**
 * SQLite's planner cannot tell how many rows a filter keeps. Reading in sort order and skipping
 * non-matching rows walks about (offset + limit) × population / total rows; fetching every match
 * and sorting costs about `total`, each dearer. Pick the cheaper from the (cached) counts. Text
 * searches stay driven by the search index: matches cluster in name order, so the estimate fails.
 */
async function sqlitePlan(
  db: Kysely<Database>,
  criteria: UserCriteria,
  total: number,
  page: PageRequest,
): Promise<PlanHint | undefined> {
  const sortLead = page.orderBy[0] ?? 'id';
  if (criteria.text) return textPlan(db, criteria, total, page, sortLead);
  // No (company_id, id) index exists: sorting by id reads the table in rowid order, all companies mixed.
  const byRowid = sortLead === 'id' && criteria.companyId !== null;
  // The whole tenant in sort order: the sort index is the plan.
  if (!byRowid && !hasFilters(criteria)) return undefined;
  // Fetching the matches and sorting them, through the filters' own indexes; a custom field's
  // matches through theirs (the values index), the users' filter columns hidden.
  const fetchAndSort: PlanHint = { mode: criteria.customFields?.length ? 'matchDriven' : 'filterDriven', sortLead };
  if (total <= FETCH_AND_SORT_ROWS) return fetchAndSort;
  const population = byRowid ? await tableSize(db) : await countUsers(db, 'sqlite', populationOf(criteria));
  const walked = ((page.offset + page.limit) * population) / total;
  if (walked >= total * 2) return fetchAndSort;
  // A custom field's matches: probing each walked row costs about eight times a set lookup, building
  // the set about once per match; probe when the walk is the cheaper.
  return { mode: 'sortDriven', sortLead, ...(walked * PROBE_COST < total ? { probe: true } : {}) };
}

/**
 * A text search's matches cluster in name order (all the Smiths sit under S), so no estimate of a
 * walk's length can be trusted. Few matches: fetch and sort them. Many (a common trigram such as
 * "son"): walk in sort order through a bounded number of users, if even a uniform spread would
 * fit in it; the caller falls back to fetch-and-sort when the walk ends short of the page.
 */
async function textPlan(
  db: Kysely<Database>,
  criteria: UserCriteria,
  total: number,
  page: PageRequest,
  sortLead: string,
): Promise<PlanHint> {
  const fetchAndSort: PlanHint = { mode: 'matchDriven', sortLead };
  if (total < TEXT_WALK_MATCHES || !usesTrigramIndex(criteria.text ?? '') || criteria.customFields?.length) {
    return fetchAndSort;
  }
  const walkCap = total * TEXT_WALK_ROWS_PER_MATCH;
  const { text: _text, ...others } = criteria;
  const population = await countUsers(db, 'sqlite', others);
  const uniformWalk = ((page.offset + page.limit) * population) / total;
  return uniformWalk <= walkCap ? { mode: 'sortDriven', sortLead, walkCap } : fetchAndSort;
}

interface UsersPage {
  rows: UserListRow[];
  total: number;
}

async function pageOfList(db: Kysely<Database>, ids: Int32Array, page: PageRequest): Promise<UsersPage> {
  const rows = await findUserRowsInOrder(db, ids.subarray(page.offset, page.offset + page.limit));
  return { rows, total: ids.length };
}

/**
 * SQLite, a text search through the trigram index: every match must be read to count them, and
 * each page of fetch-and-sort reads them all again; one sorted list of the matches gives the total
 * and the page from a single read. The index's own count (all companies, no row read) bounds the
 * matches first: from the walk's threshold on, sorting every match costs more than counting them
 * and walking to page 1 (the sort is most of a list's cost), so only deep pages build a list there.
 */
async function textWantsList(db: Kysely<Database>, criteria: UserCriteria): Promise<boolean> {
  if (!criteria.text || !usesTrigramIndex(criteria.text)) return false;
  const { rows } = await searchIndexMatchCount(criteria.text).execute(db);
  return Number(rows[0]?.matches ?? 0) < TEXT_WALK_MATCHES;
}

/**
 * Whether a page should come from a kept list of every match: when the plan fetches and sorts all
 * matches anyway (on PostgreSQL: text, department subtree and custom field filters) and the page
 * is deep, or, on PostgreSQL, a text search small enough to list at once.
 */
function listIsWorthIt(
  dialect: Dialect,
  criteria: UserCriteria,
  hint: PlanHint | undefined,
  total: number,
  page: PageRequest,
): boolean {
  if (total > MATCH_LIST_MAX_IDS) return false;
  const fetchesAll =
    dialect === 'postgres'
      ? Boolean(criteria.text || criteria.departmentIds?.length || criteria.customFields?.length)
      : hint?.mode === 'matchDriven' || hint?.mode === 'filterDriven';
  if (!fetchesAll) return false;
  if (page.offset >= MATCH_LIST_FROM_OFFSET) return total > FETCH_AND_SORT_ROWS;
  return dialect === 'postgres' && Boolean(criteria.text) && total < TEXT_WALK_MATCHES;
}

/** One page of users and the total matching, with the same criteria for both (lists and the search). */
export async function listUsersPage(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: PageRequest,
): Promise<UsersPage> {
  const listKey = JSON.stringify([criteria, page.orderBy, page.order]);
  const listed = async (hint: PlanHint | undefined) => {
    const list = await readMatchList(db, dialect, criteria, page, hint);
    keepMatchList(db, listKey, list);
    return pageOfList(db, list.ids, page);
  };
  const kept = await keptMatchList(db, dialect, listKey);
  if (kept) return pageOfList(db, kept, page);
  const sortLead = page.orderBy[0] ?? 'id';
  if (dialect === 'sqlite' && (await textWantsList(db, criteria))) return listed({ mode: 'matchDriven', sortLead });
  // The count first: usually a cached total (one stamp read), and a page past the end is never read.
  const total = await countUsers(db, dialect, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const hint = dialect === 'sqlite' ? await sqlitePlan(db, criteria, total, page) : undefined;
  if (listIsWorthIt(dialect, criteria, hint, total, page)) return listed(hint);
  if (dialect === 'postgres') return { rows: await selectPage(db, dialect, criteria, page), total };
  const rows = await selectPage(db, dialect, criteria, page, hint);
  if (hint?.walkCap !== undefined && rows.length < Math.min(page.limit, total - page.offset)) {
    return {
      rows: await selectPage(db, dialect, criteria, page, { mode: 'matchDriven', sortLead: hint.sortLead }),
      total,
    };
  }
  return { rows, total };
}
