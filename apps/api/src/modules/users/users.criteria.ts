import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
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
  customFields?: { fieldId: number; values: string[] }[];
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

/**
 * How a column appears in a filter. On SQLite `+column` keeps the planner from driving the query
 * by that filter's index, so the sort index drives it instead (see users.repository.ts).
 */
const column = (name: string, plain: boolean): RawBuilder<unknown> =>
  plain ? sql`${sql.ref(name)}` : sql`+${sql.ref(name)}`;

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

/**
 * The WHERE clause of a criteria. `sortDriven` (SQLite only) hides the filter columns from the
 * planner so that a large result is read in sort order rather than fetched whole and sorted.
 */
export function criteriaWhere(dialect: Dialect, criteria: UserCriteria, sortDriven = false) {
  const plain = !(sortDriven && dialect === 'sqlite');
  return (eb: UsersEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    const { companyId } = criteria;
    if (companyId !== null) and.push(eb('users.company_id', '=', companyId));
    if (criteria.scope) and.push(inList(column('users.department_id', plain), criteria.scope));
    if (criteria.text) and.push(textCondition(dialect, criteria.text));
    if (criteria.userIds) and.push(inList(sql.ref('users.id'), criteria.userIds));
    if (criteria.roles) and.push(inList(column('users.role', plain), criteria.roles));
    if (criteria.suspended) and.push(inList(column('users.suspended', plain), criteria.suspended));
    if (criteria.managerIds) and.push(inList(column('users.manager_id', plain), criteria.managerIds));
    if (criteria.departmentIds && companyId !== null) {
      const subtree = departmentSubtrees(eb, companyId, criteria.departmentIds);
      and.push(sql<SqlBool>`${column('users.department_id', plain)} IN (${subtree})`);
    }
    for (const field of criteria.customFields ?? []) {
      const holders = eb
        .selectFrom('user_field_values')
        .select('user_field_values.user_id')
        .where('user_field_values.company_id', '=', companyId ?? 0)
        .where('user_field_values.field_id', '=', field.fieldId)
        .where('user_field_values.value', 'in', field.values);
      and.push(sql<SqlBool>`${column('users.id', plain)} IN (${holders})`);
    }
    return and.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(and);
  };
}

/** The rows a sort index walks through: the whole tenant, whatever the filters. */
export function populationOf(criteria: UserCriteria): UserCriteria {
  return { companyId: criteria.companyId, scope: null };
}

/** True when the criteria filter beyond the tenant (and so may pick an index other than the sort's). */
export function hasFilters(criteria: UserCriteria): boolean {
  return Object.entries(criteria).some(([key, value]) => key !== 'companyId' && key !== 'text' && value !== undefined && value !== null);
}
