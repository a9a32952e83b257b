import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, hasFilters, populationOf } from './users.criteria.ts';
import { MATCH_LIST_MAX_IDS, askedBefore, keepMatchList, keptMatchList } from './match-lists.ts';
import { usesTrigramIndex } from './text-search.ts';
import { searchIndexSet } from './search-index-set.ts';
import { planTextWalk, walkTextPage } from './text-walk.ts';
import {
  type PageRequest,
  type UserListRow,
  buildPageQuery,
  countUsers,
  findUserRowsInOrder,
  readMatchList,
} from './users.repository.ts';

/** Below this many text matches (with other filters), one list of them all gives the count and the page. */
const TEXT_LIST_MATCHES = 20_000;
/** Below this many matches, fetching them all and sorting is cheap whatever the plan. */
const FETCH_AND_SORT_ROWS = 5000;
/** Probing one row for a custom field match, in set lookups plus their share of building the set. */
const PROBE_COST = 8;
/** From this offset on, a fetch-and-sort page is served from a kept list of every match (built once). */
const MATCH_LIST_FROM_OFFSET = 1000;
/** A walk past this many users to reach a deep page is worth a kept list instead. */
const LONG_WALK_ROWS = 20_000;

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
  // A text search that no walk could serve: fetch the matches through the search index and sort them.
  if (criteria.text) return { mode: 'matchDriven', sortLead };
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
  // A deep page far along the walk: the list of every match, sorted once and kept, pays from the next page on.
  const longWalk = page.offset >= MATCH_LIST_FROM_OFFSET && walked >= LONG_WALK_ROWS && total <= MATCH_LIST_MAX_IDS;
  if (longWalk) return fetchAndSort;
  // A custom field's matches: probing each walked row costs about eight times a set lookup, building
  // the set about once per match; probe when the walk is the cheaper.
  return { mode: 'sortDriven', sortLead, ...(walked * PROBE_COST < total ? { probe: true } : {}) };
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
 * SQLite, a text search through the trigram index: undefined for any other list. With other filters
 * its count reads every match, and each page of fetch-and-sort reads them all again, so below the
 * walk's threshold (true) one sorted list gives the total and every page from a single read.
 */
async function textWantsList(db: Kysely<Database>, criteria: UserCriteria): Promise<boolean | undefined> {
  if (!criteria.text || !usesTrigramIndex(criteria.text)) return undefined;
  const matches = await searchIndexSet(db, criteria.text, criteria.companyId);
  return matches !== undefined && matches.length < TEXT_LIST_MATCHES;
}

/**
 * Whether a page should come from a kept list of every match: when the plan fetches and sorts all
 * matches anyway (on PostgreSQL: department subtree and custom field filters) and the page is deep.
 * (PostgreSQL's text searches always come from a list, before any count.)
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
      ? Boolean(criteria.departmentIds?.length || criteria.customFields?.length)
      : hint?.mode === 'matchDriven' || hint?.mode === 'filterDriven';
  if (!fetchesAll) return false;
  return page.offset >= MATCH_LIST_FROM_OFFSET && total > FETCH_AND_SORT_ROWS;
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
  // PostgreSQL cannot walk to a text search's page 1 (each request would sort every match again): every
  // page comes from the list of its matches, whose length is the total, so no count is run first.
  if (dialect === 'postgres' && criteria.text) return listed(undefined);
  const textList = dialect === 'sqlite' ? await textWantsList(db, criteria) : undefined;
  // With other filters a text search's count reads every match: the list does that once for both.
  if (textList && hasFilters(criteria)) return listed({ mode: 'matchDriven', sortLead });
  // The count first: usually a cached total (one stamp read), and a page past the end is never read.
  const total = await countUsers(db, dialect, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const planned = dialect === 'sqlite' ? await planTextWalk(db, criteria, total, page) : undefined;
  // A deep page far along the walk: the kept list of every match pays from the next page on.
  const walk =
    planned && (page.offset < MATCH_LIST_FROM_OFFSET || planned.expected < LONG_WALK_ROWS) ? planned : undefined;
  const walked = walk && (await walkTextPage(db, criteria, page, total, walk));
  if (walked) return { rows: await findUserRowsInOrder(db, walked), total };
  // No walk served it: the first ask sorts the page's top-k, asking again (another page) builds the list.
  if (textList !== undefined && total <= MATCH_LIST_MAX_IDS && askedBefore(db, listKey)) {
    return listed({ mode: 'matchDriven', sortLead });
  }
  const hint = dialect === 'sqlite' ? await sqlitePlan(db, criteria, total, page) : undefined;
  if (listIsWorthIt(dialect, criteria, hint, total, page)) return listed(hint);
  return { rows: await selectPage(db, dialect, criteria, page, await withTextIds(db, criteria, hint)), total };
}

/**
 * A top-k page of a text search looks up the matches already read from the search index (kept
 * under the current stamp) rather than matching the index again: about a fifth of its cost.
 */
async function withTextIds(
  db: Kysely<Database>,
  criteria: UserCriteria,
  hint: PlanHint | undefined,
): Promise<PlanHint | undefined> {
  if (hint?.mode !== 'matchDriven' || !criteria.text || !usesTrigramIndex(criteria.text)) return hint;
  const textIds = await searchIndexSet(db, criteria.text, criteria.companyId);
  return textIds ? { ...hint, textIds } : hint;
}
