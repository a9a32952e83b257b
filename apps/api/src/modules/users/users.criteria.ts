import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { type CustomFieldCriteria, customFieldMatch } from './custom-field-filters.ts';
import { textCondition } from './text-search.ts';

/** What a user list or search asks for, already validated; every query starts from it. */
export interface UserCriteria {
  /** The tenant; null only for a site admin's search across all companies. */
  companyId: number | null;
  /** Department scope from `departmentScope` (null = whole company). */
  scope: number[] | null;
  text?: string | undefined;
  userIds?: number[];
  roles?: number[];
  suspended?: number[];
  /** Departments whose whole subtree is wanted. */
  departmentIds?: number[];
  managerIds?: number[];
  customFields?: CustomFieldCriteria[];
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

/**
 * How SQLite should run a query. Its planner cannot tell how many rows a filter keeps (and has no
 * statistics unless someone ran ANALYZE), so the repository decides and writes `+column` to hide
 * the indexes it does not want used:
 * - `plain`: no hint.
 * - `sortDriven`: read in sort order and skip non-matching rows (a large result): the
 *   (company_id, sort…) index, or the table itself in rowid order when sorting by id. A
 *   single-valued filter whose own index already yields the sort order stays visible.
 * - `matchDriven`: fetch the text matches through the search index, then sort them.
 * - `filterDriven`: fetch the filter's matches through the filter's own index (a department
 *   subtree, several roles), then sort them: the sort index is hidden, so the planner cannot walk
 *   the whole tenant in sort order hoping to meet matches early.
 */
export interface PlanHint {
  mode: 'plain' | 'sortDriven' | 'matchDriven' | 'filterDriven';
  /** The first ORDER BY column. */
  sortLead: string;
  /** sortDriven: check custom field matches row by row rather than building their set (a short walk). */
  probe?: boolean;
  /**
   * matchDriven, SQLite: the text's matches in the company, already read from the search index
   * (`searchIndexSet`, ascending): the query looks each up rather than matching the index again.
   */
  textIds?: Int32Array;
}

/** Filter columns whose (company_id, column, last_name, first_name, id) or (company_id, column) index yields an order. */
const ORDERING_FILTERS: Record<string, string[]> = {
  last_name: ['users.company_id', 'users.role', 'users.suspended', 'users.department_id'],
  first_name: ['users.company_id'],
  username: ['users.company_id'],
  email: ['users.company_id'],
  role: ['users.company_id'],
  created_at: ['users.company_id'],
  last_login_at: ['users.company_id'],
  id: ['users.manager_id'],
};

function column(name: string, valueCount: number, hint: PlanHint | undefined): RawBuilder<unknown> {
  const mode = hint?.mode ?? 'plain';
  const keepIndex =
    mode === 'plain' ||
    mode === 'filterDriven' ||
    (mode === 'sortDriven' && valueCount === 1 && ORDERING_FILTERS[hint?.sortLead ?? '']?.includes(name));
  return keepIndex ? sql`${sql.ref(name)}` : sql`+${sql.ref(name)}`;
}

function inList(ref: RawBuilder<unknown>, values: readonly (number | string)[]): RawBuilder<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${ref} IN (${sql.join(values)})`;
}

function departmentSubtrees(eb: UsersEb, companyId: number, roots: number[]) {
  return eb
    .selectFrom('departments as sub')
    .innerJoin('departments as root', (join) =>
      join.onRef('sub.company_id', '=', 'root.company_id').on(sql<SqlBool>`sub.path LIKE root.path || '%'`),
    )
    .select('sub.id')
    .where('root.id', 'in', roots)
    .where('root.company_id', '=', companyId);
}

/** The plan a criteria needs when nothing else is known: text searches go through the search index. */
export function defaultHint(criteria: UserCriteria, sortLead = 'id'): PlanHint | undefined {
  return criteria.text ? { mode: 'matchDriven', sortLead } : undefined;
}

/** The WHERE clause of a criteria; `hint` only changes it on SQLite (PostgreSQL has statistics). */
export function criteriaWhere(dialect: Dialect, criteria: UserCriteria, hint?: PlanHint) {
  const h = dialect === 'sqlite' ? hint : undefined;
  const many = Number.POSITIVE_INFINITY;
  const filter = (name: string, values: readonly (number | string)[]) => inList(column(name, values.length, h), values);
  return (eb: UsersEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    const { companyId } = criteria;
    if (companyId !== null) and.push(sql<SqlBool>`${column('users.company_id', 1, h)} = ${companyId}`);
    if (criteria.scope) and.push(filter('users.department_id', criteria.scope));
    // With the text's matches already read, the query joins them (see `buildMatchIdsQuery`).
    if (criteria.text && !h?.textIds) and.push(textCondition(dialect, criteria.text, companyId));
    if (criteria.userIds) and.push(inList(sql.ref('users.id'), criteria.userIds));
    if (criteria.roles) and.push(filter('users.role', criteria.roles));
    if (criteria.suspended) and.push(filter('users.suspended', criteria.suspended));
    if (criteria.managerIds) and.push(filter('users.manager_id', criteria.managerIds));
    if (criteria.departmentIds && companyId !== null) {
      const subtree = departmentSubtrees(eb, companyId, criteria.departmentIds);
      and.push(sql<SqlBool>`${column('users.department_id', many, h)} IN (${subtree})`);
    }
    for (const field of criteria.customFields ?? []) and.push(customFieldMatch(eb, companyId ?? 0, field, h));
    return and.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(and);
  };
}

const NUMERIC_COLUMNS = new Set(['users.id', 'users.role']);

/**
 * An ORDER BY column, hidden from the planner when matches are to be fetched first and then
 * sorted: otherwise both planners walk the sort index hoping to meet matches early, and names
 * found by a name search cluster (all the Smiths sit under S), so that hope fails badly.
 */
export function orderColumn(dialect: Dialect, name: string, hint: PlanHint | undefined): RawBuilder<unknown> {
  if (hint?.mode !== 'matchDriven' && hint?.mode !== 'filterDriven') return sql`${sql.ref(name)}`;
  if (dialect === 'sqlite') return sql`+${sql.ref(name)}`;
  return NUMERIC_COLUMNS.has(name) ? sql`(${sql.ref(name)} + 0)` : sql`(${sql.ref(name)} || '')`;
}

/** The rows a sort index walks through: the whole tenant, whatever the filters. */
export function populationOf(criteria: UserCriteria): UserCriteria {
  return { companyId: criteria.companyId, scope: null };
}

/** True when the criteria filter beyond the tenant (and so may pick an index other than the sort's). */
export function hasFilters(criteria: UserCriteria): boolean {
  return Object.entries(criteria).some(
    ([key, value]) => key !== 'companyId' && key !== 'text' && value !== undefined && value !== null,
  );
}
