import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import { hideFromIndex, takesPlanHints } from '../dialect/index.ts';
import type { ListCriteria, ListSpec, WhereContext } from './list-spec.ts';

/**
 * How SQLite should run a list's query. Its planner cannot tell how many rows a filter keeps (and has
 * no statistics unless someone ran ANALYZE), so the engine decides and writes `+column` to hide the
 * indexes it does not want used:
 * - `plain`: no hint.
 * - `sortDriven`: read in sort order and skip non-matching rows (a large result): the
 *   (tenant, sort…) index, or the table itself in rowid order when sorting by id. A single-valued
 *   filter whose own index already yields the sort order stays visible.
 * - `matchDriven`: fetch the text's (or a set filter's) matches through their index, then sort them.
 * - `filterDriven`: fetch the filter's matches through the filter's own index (a department subtree,
 *   several roles), then sort them: the sort index is hidden, so the planner cannot walk the whole
 *   tenant in sort order hoping to meet matches early.
 */
export interface PlanHint {
  mode: 'plain' | 'sortDriven' | 'matchDriven' | 'filterDriven';
  /** The first ORDER BY key. */
  sortLead: string;
  /** Check set filters row by row rather than building their set (a short walk, a small part's few rows). */
  probe?: boolean;
  /** matchDriven, SQLite: the text's matches in the tenant, already read from the text index (ascending): joined, not matched again. */
  textIds?: Int32Array;
}

/** The plan a criteria needs when nothing else is known: text searches go through the text index. */
export function defaultHint(criteria: ListCriteria, sortLead = 'id'): PlanHint | undefined {
  return criteria.text ? { mode: 'matchDriven', sortLead } : undefined;
}

const sqlitePlanOnly = (dialect: Dialect, hint: PlanHint | undefined) => (takesPlanHints(dialect) ? hint : undefined);

/** What a list's WHERE clause is given on this database under this plan (`WhereContext`). */
export function whereContext<Criteria extends ListCriteria>(
  dialect: Dialect,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  planned: PlanHint | undefined,
): WhereContext {
  const hint = sqlitePlanOnly(dialect, planned);
  const mode = hint?.mode ?? 'plain';
  const filters = spec.sqlite.orderingFilters[hint?.sortLead ?? ''];
  const ordering = typeof filters === 'function' ? filters(criteria) : filters;
  return {
    hint,
    column(name, valueCount) {
      const keepIndex =
        mode === 'plain' ||
        mode === 'filterDriven' ||
        (mode === 'sortDriven' && valueCount === 1 && ordering?.includes(name));
      return keepIndex ? sql`${sql.ref(name)}` : sql`+${sql.ref(name)}`;
    },
    textCondition(text) {
      // With the text's matches already read, the query joins them (see `buildMatchIdsQuery`).
      if (hint?.textIds) return undefined;
      const index = dialect === 'sqlite' ? spec.sqlite.text : spec.postgres.text;
      if (!index) throw new Error(`The ${spec.name} list has no text index on ${dialect}.`);
      return index.condition(text, criteria);
    },
  };
}

/** A sort key as SQL: an expression the list names, or a column of its table. */
export function sortRef(spec: ListSpec<any, unknown>, key: string): RawBuilder<unknown> {
  return spec.sortExpressions?.[key] ?? sql`${sql.ref(`${spec.table}.${key}`)}`;
}

/**
 * An ORDER BY key, hidden from the planner when matches are to be fetched first and then sorted:
 * otherwise both planners walk the sort index hoping to meet matches early, and names found by a
 * name search cluster (all the Smiths sit under S), so that hope fails badly.
 */
export function orderColumn(
  dialect: Dialect,
  spec: ListSpec<any, unknown>,
  key: string,
  hint: PlanHint | undefined,
): RawBuilder<unknown> {
  const ref = sortRef(spec, key);
  if (hint?.mode !== 'matchDriven' && hint?.mode !== 'filterDriven') return ref;
  if (spec.sortExpressions?.[key]) return ref;
  const column = `${spec.table}.${key}`;
  return hideFromIndex(dialect, column, spec.numericColumns.has(column) ? 'integer' : 'text');
}
