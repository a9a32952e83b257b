/** The list engine: a domain describes its list once (`ListSpec`) and gets paging, totals, kept lists and walks. */
export { cachedCount, cachedQuickCount, knownCount } from './count-cache.ts';
export { listPage } from './list-page.ts';
export {
  buildCountQuery,
  buildMatchIdsQuery,
  buildPageQuery,
  countList,
  quickCountList,
  rowsInOrder,
  tableSize,
} from './list-queries.ts';
export type {
  ListCriteria,
  ListGroup,
  ListOrder,
  ListPage,
  ListPageRequest,
  ListPart,
  ListSpec,
  PostgresTextIndex,
  SqliteTextIndex,
  WhereContext,
} from './list-spec.ts';
export { MATCH_LIST_MAX_IDS, type MatchList, keepMatchList, keptMatchList } from './match-lists.ts';
export { type PlanHint, defaultHint, orderColumn, whereContext } from './plan-hint.ts';
export { readSqliteIds } from './read-ids.ts';
export { type TextWalk, planTextWalk, walkTextPage } from './text-walk.ts';
