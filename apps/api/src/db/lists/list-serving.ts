import type { Kysely } from 'kysely';
import type { Dialect } from '../create-db.ts';
import type { Database } from '../types.ts';
import { buildPageQuery, readMatchList, rowsInOrder } from './list-queries.ts';
import type { ListCriteria, ListPage, ListPageRequest, ListSpec } from './list-spec.ts';
import { MATCH_LIST_MAX_IDS, keepMatchList } from './match-lists.ts';
import type { PlanHint } from './plan-hint.ts';

/** Below this many matches, fetching them all and sorting is cheap whatever the plan. */
export const FETCH_AND_SORT_ROWS = 5000;
/** From this offset on, a fetch-and-sort page is served from a kept list of every match (built once). */
export const MATCH_LIST_FROM_OFFSET = 1000;

/** One page request of one list, as the planners pass it around. */
export interface ListRequest<Criteria extends ListCriteria, Row extends { id: number }> {
  db: Kysely<Database>;
  dialect: Dialect;
  spec: ListSpec<Criteria, Row>;
  criteria: Criteria;
  page: ListPageRequest;
  /** The kept list's key: the list, its criteria, sort and order. */
  listKey: string;
  /** False when the order reads tables the data stamp does not guard (`unkeptSortKeys`): nothing is kept. */
  keep: boolean;
}

/** The page's slice of a list of every match, read whole. */
export async function pageOfIds<Row extends { id: number }>(
  request: ListRequest<any, Row>,
  ids: Int32Array,
): Promise<ListPage<Row>> {
  const { db, spec, page } = request;
  const rows = await rowsInOrder(db, spec, ids.subarray(page.offset, page.offset + page.limit));
  return { rows, total: ids.length };
}

/** Reads the list of every match (its length is the total), keeps it for the next pages, and serves this one. */
export async function listedPage<Row extends { id: number }>(
  request: ListRequest<any, Row>,
  hint: PlanHint | undefined,
): Promise<ListPage<Row>> {
  const { db, dialect, spec, criteria, page } = request;
  const list = await readMatchList(db, dialect, spec, criteria, page, hint);
  if (request.keep) keepMatchList(db, request.listKey, list);
  return pageOfIds(request, list.ids);
}

/** A top-k page: the database sorts the matches and skips to the page (a deferred join). */
export async function sortedPage<Row extends { id: number }>(
  request: ListRequest<any, Row>,
  total: number,
  hint: PlanHint | undefined,
): Promise<ListPage<Row>> {
  const { db, dialect, spec, criteria, page } = request;
  return { rows: await buildPageQuery(db, dialect, spec, criteria, page, hint).execute(), total };
}

/**
 * Whether a page of a plan that fetches and sorts every match anyway should come from a kept list of
 * them: when the page is deep and the matches many, but not too many to keep.
 */
export function listIsWorthIt(fetchesAll: boolean, total: number, page: ListPageRequest): boolean {
  if (total > MATCH_LIST_MAX_IDS || !fetchesAll) return false;
  return page.offset >= MATCH_LIST_FROM_OFFSET && total > FETCH_AND_SORT_ROWS;
}
