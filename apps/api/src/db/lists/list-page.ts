import type { Kysely } from 'kysely';
import type { Dialect } from '../create-db.ts';
import type { Database } from '../types.ts';
import type { ListCriteria, ListPage, ListPageRequest, ListSpec } from './list-spec.ts';
import { groupedPage } from './grouped-page.ts';
import { type ListRequest, pageOfIds } from './list-serving.ts';
import { keptMatchList } from './match-lists.ts';
import { postgresListPage } from './postgres-planner.ts';
import { sqliteListPage } from './sqlite-planner.ts';

/**
 * One page of a list and the total matching, with the same criteria for both: from a kept list of
 * every match when one is kept for the current data, else planned for the database (README.md).
 */
export async function listPage<Criteria extends ListCriteria, Row extends { id: number }>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: ListSpec<Criteria, Row>,
  criteria: Criteria,
  page: ListPageRequest,
): Promise<ListPage<Row>> {
  const listKey = JSON.stringify([spec.name, criteria, page.orderBy, page.order]);
  const keep = !page.orderBy.some((key) => spec.unkeptSortKeys?.has(key));
  const request: ListRequest<Criteria, Row> = { db, dialect, spec, criteria, page, listKey, keep };
  const kept = keep ? await keptMatchList(db, dialect, listKey) : undefined;
  if (kept) return pageOfIds(request, kept);
  const grouped = await groupedPage(request);
  if (grouped) return grouped;
  return dialect === 'postgres' ? postgresListPage(request) : sqliteListPage(request);
}
