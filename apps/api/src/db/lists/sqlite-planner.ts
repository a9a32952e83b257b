import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { countList, rowsInOrder, tableSize } from './list-queries.ts';
import type { ListCriteria, ListPage, ListPageRequest, ListSpec } from './list-spec.ts';
import {
  FETCH_AND_SORT_ROWS,
  type ListRequest,
  MATCH_LIST_FROM_OFFSET,
  listIsWorthIt,
  listedPage,
  sortedPage,
} from './list-serving.ts';
import { MATCH_LIST_MAX_IDS, askedBefore } from './match-lists.ts';
import type { PlanHint } from './plan-hint.ts';
import { planTextWalk, walkTextPage } from './text-walk.ts';

/** Below this many text matches (with other filters), one list of them all gives the count and the page. */
const TEXT_LIST_MATCHES = 20_000;
/** Probing one row for a set filter's match, in set lookups plus their share of building the set. */
const PROBE_COST = 8;
/** A walk past this many rows to reach a deep page is worth a kept list instead. */
const LONG_WALK_ROWS = 20_000;

/**
 * SQLite's planner cannot tell how many rows a filter keeps. Reading in sort order and skipping
 * non-matching rows walks about (offset + limit) × population / total rows; fetching every match
 * and sorting costs about `total`, each dearer. Pick the cheaper from the (kept) counts. Text
 * searches stay driven by the text index: matches cluster in name order, so the estimate fails.
 */
async function sqlitePlan<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  total: number,
  page: ListPageRequest,
): Promise<PlanHint | undefined> {
  const sortLead = page.orderBy[0] ?? 'id';
  // A text search that no walk could serve: fetch the matches through the text index and sort them.
  if (criteria.text) return { mode: 'matchDriven', sortLead };
  // No (tenant, id) index: sorting by id reads the table in rowid order, all tenants mixed.
  const byRowid = sortLead === 'id' && spec.sqlite.idSortWalksTable(criteria);
  // The whole tenant in sort order: the sort index is the plan.
  if (!byRowid && !spec.hasFilters(criteria)) return undefined;
  // Fetching the matches and sorting them, through the filters' own indexes; a set filter's matches
  // through theirs, the table's filter columns hidden.
  const fetchAndSort: PlanHint = {
    mode: spec.sqlite.hasSetFilters(criteria) ? 'matchDriven' : 'filterDriven',
    sortLead,
  };
  if (total <= FETCH_AND_SORT_ROWS) return fetchAndSort;
  const walkedThrough = spec.population(criteria, sortLead);
  // A walk that meets only matches (an index orders every filter's matches by the sort key) reads what it keeps.
  const population = byRowid
    ? await tableSize(db, spec.table)
    : JSON.stringify(walkedThrough) === JSON.stringify(criteria)
      ? total
      : await countList(db, 'sqlite', spec, walkedThrough);
  const walked = ((page.offset + page.limit) * population) / total;
  if (walked >= total * 2) return fetchAndSort;
  // A deep page far along the walk: the list of every match, sorted once and kept, pays from the next page on.
  const longWalk = page.offset >= MATCH_LIST_FROM_OFFSET && walked >= LONG_WALK_ROWS && total <= MATCH_LIST_MAX_IDS;
  if (longWalk) return fetchAndSort;
  // A set filter's matches: probing each walked row costs about eight times a set lookup, building
  // the set about once per match; probe when the walk is the cheaper.
  return { mode: 'sortDriven', sortLead, ...(walked * PROBE_COST < total ? { probe: true } : {}) };
}

/**
 * A text search through the text index: undefined for any other list. With other filters its count
 * reads every match, and each page of fetch-and-sort reads them all again, so below the walk's
 * threshold (true) one sorted list gives the total and every page from a single read.
 */
async function textWantsList<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
): Promise<boolean | undefined> {
  const index = spec.sqlite.text;
  if (!index || index.ownerColumn || !criteria.text || !index.indexed(criteria.text)) return undefined;
  const matches = await index.matchSet(db, criteria.text, criteria);
  return matches !== undefined && matches.length < TEXT_LIST_MATCHES;
}

/**
 * A top-k page of a text search looks up the matches already read from the text index (kept under
 * the current stamp) rather than matching the index again: about a fifth of its cost.
 */
async function withTextIds<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  hint: PlanHint | undefined,
): Promise<PlanHint | undefined> {
  const index = spec.sqlite.text;
  if (hint?.mode !== 'matchDriven' || !index || index.ownerColumn || !criteria.text || !index.indexed(criteria.text))
    return hint;
  const textIds = await index.matchSet(db, criteria.text, criteria);
  return textIds ? { ...hint, textIds } : hint;
}

/**
 * SQLite: a text search with other filters is one list; otherwise the count (usually kept), then a
 * text walk in sort order, a list built on the second ask, a kept list for a deep page of a plan
 * that fetches every match, or a top-k page under the plan `sqlitePlan` picks.
 */
export async function sqliteListPage<Criteria extends ListCriteria, Row extends { id: number }>(
  request: ListRequest<Criteria, Row>,
): Promise<ListPage<Row>> {
  const { db, spec, criteria, page, listKey } = request;
  const sortLead = page.orderBy[0] ?? 'id';
  const textList = await textWantsList(db, spec, criteria);
  // With other filters a text search's count reads every match: the list does that once for both.
  if (textList && spec.hasFilters(criteria)) return listedPage(request, { mode: 'matchDriven', sortLead });
  // The count first: usually a kept total (one stamp read), and a page past the end is never read.
  const total = await countList(db, 'sqlite', spec, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const planned = await planTextWalk(db, spec, criteria, total, page);
  // A deep page far along the walk: the kept list of every match pays from the next page on, if it can
  // be kept (not too long, and its criteria free of the clock, which no later request shares).
  const keepable = request.keep && total <= MATCH_LIST_MAX_IDS && (criteria as { now?: unknown }).now === undefined;
  const walk =
    planned && (page.offset < MATCH_LIST_FROM_OFFSET || planned.expected < LONG_WALK_ROWS || !keepable)
      ? planned
      : undefined;
  const walked = walk && (await walkTextPage(db, spec, criteria, page, total, walk));
  if (walked) return { rows: await rowsInOrder(db, spec, walked), total };
  // No walk served it: the first ask sorts the page's top-k, asking again (another page) builds the list.
  if (textList !== undefined && total <= MATCH_LIST_MAX_IDS && askedBefore(db, listKey)) {
    return listedPage(request, { mode: 'matchDriven', sortLead });
  }
  const hint = await sqlitePlan(db, spec, criteria, total, page);
  const fetchesAll = hint?.mode === 'matchDriven' || hint?.mode === 'filterDriven';
  if (listIsWorthIt(fetchesAll, total, page)) return listedPage(request, hint);
  return sortedPage(request, total, await withTextIds(db, spec, criteria, hint));
}
