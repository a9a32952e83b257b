import { countList } from './list-queries.ts';
import type { ListCriteria, ListPage } from './list-spec.ts';
import { type ListRequest, listIsWorthIt, listedPage, sortedPage } from './list-serving.ts';

/**
 * PostgreSQL has statistics, so its planner chooses indexes itself; what it cannot do is walk to a
 * text search's page cheaply (each request would sort every match again), so every page of a text
 * search comes from the kept list of its matches, whose length is the total: no count runs first.
 * Other lists: the count (usually kept), then a top-k page, or a deep page of a plan that fetches
 * every match (no index gives the order) from the kept list.
 */
export async function postgresListPage<Criteria extends ListCriteria, Row extends { id: number }>(
  request: ListRequest<Criteria, Row>,
): Promise<ListPage<Row>> {
  const { db, spec, criteria, page } = request;
  if (criteria.text) return listedPage(request, undefined);
  const total = await countList(db, 'postgres', spec, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  if (listIsWorthIt(spec.postgres.fetchesAll(criteria), total, page)) return listedPage(request, undefined);
  return sortedPage(request, total, undefined);
}
