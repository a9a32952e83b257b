import { buildMatchIdsQuery, quickCountList, rowsInOrder } from './list-queries.ts';
import type { ListPage } from './list-spec.ts';
import type { ListRequest } from './list-serving.ts';

/**
 * A page of a grouped sort (`ListSpec.groupedSorts`): each group's total from the domain's kept
 * counts, whole groups skipped, and the page's ids read in the rest of the sort's order (ending in
 * id) from the one or two groups that hold it: a deep page costs what page 1 does. Undefined when the
 * sort is not grouped, the groups cannot be listed or one has no kept count: the planners serve it then.
 */
export async function groupedPage<Row extends { id: number }>(
  request: ListRequest<any, Row>,
): Promise<ListPage<Row> | undefined> {
  const { db, dialect, spec, criteria, page } = request;
  const [lead, ...within] = page.orderBy;
  const listGroups = lead === undefined ? undefined : spec.groupedSorts?.[lead];
  if (!listGroups || within.at(-1) !== 'id') return undefined;
  const ascending = await listGroups(db, criteria);
  if (!ascending) return undefined;
  const groups = page.order === 'asc' ? ascending : [...ascending].reverse();
  const counts: number[] = [];
  for (const group of groups) {
    const count = await quickCountList(db, dialect, spec, group.criteria);
    if (count === undefined) return undefined;
    counts.push(count);
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  const ids: number[] = [];
  let skip = page.offset;
  for (const [i, group] of groups.entries()) {
    if (ids.length === page.limit) break;
    if (skip >= counts[i]!) {
      skip -= counts[i]!;
      continue;
    }
    const range = { limit: page.limit - ids.length, offset: skip };
    const order = { orderBy: within, order: page.order };
    const rows = await buildMatchIdsQuery(db, dialect, spec, group.criteria, order, undefined, range).execute();
    for (const row of rows as { id: number }[]) ids.push(row.id);
    skip = 0;
  }
  return { rows: await rowsInOrder(db, spec, ids), total };
}
