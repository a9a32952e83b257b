import type { USER_SORTS } from '@heed/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import * as lists from '../../db/lists/index.ts';
import type { Database, UserRow } from '../../db/types.ts';
import type { CustomFieldCriteria } from './custom-field-filters.ts';
import { customFieldMatch } from './custom-field-filters.repository.ts';
import { searchIndexCount, searchIndexSet } from './search-index-set.repository.ts';
import { ftsString, postgresTextCondition, sqliteTextCondition, usesTrigramIndex } from './text-search.repository.ts';
import { companyUserCount } from '../../db/company-user-count.ts';

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

export type UserSort = (typeof USER_SORTS)[number];
/** The sort copies of migration 043: ordering keys, never shown. */
type SortCopy = 'sort_department' | 'sort_manager_last' | 'sort_manager_first';
export type UserListRow = Omit<UserRow, 'password_hash' | 'external_id' | SortCopy>;
/** A key of the users list's ORDER BY: a column of `users`. */
export type UserOrderKey = (keyof UserListRow & string) | SortCopy;
export type PageRequest = lists.ListPageRequest<UserOrderKey>;
export type PlanHint = lists.PlanHint;

/** Every column a response may show; never the password hash. */
export const USER_COLUMNS = [
  'users.id',
  'users.company_id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.role',
  'users.site_admin',
  'users.suspended',
  'users.department_id',
  'users.manager_id',
  'users.phone',
  'users.hired_at',
  'users.last_login_at',
  'users.created_at',
  'users.updated_at',
] as const;

/**
 * The sort column, then id for a stable order; each list is a prefix of a (company_id, …) index of
 * migration 001. Names sort by last name, then first name; the filter indexes
 * (company_id, role|suspended|department_id, last_name, first_name, id) of migration 010 also
 * yield this order.
 */
export const USER_ORDER: Record<UserSort, UserOrderKey[]> = {
  id: ['id'],
  last_name: ['last_name', 'first_name', 'id'],
  first_name: ['first_name', 'last_name', 'id'],
  username: ['username', 'id'],
  email: ['email', 'id'],
  role: ['role', 'last_name', 'first_name', 'id'],
  // The department's and the manager's names as the table shows them, '' (first) for none: copies kept
  // by triggers with their (company_id, copy…, last_name, first_name, id) indexes (migration 043).
  department: ['sort_department', 'last_name', 'first_name', 'id'],
  manager: ['sort_manager_last', 'sort_manager_first', 'last_name', 'first_name', 'id'],
  // Active first, then deactivated, each by name: the (company_id, suspended, last_name, first_name, id) index of migration 010.
  suspended: ['suspended', 'last_name', 'first_name', 'id'],
  created_at: ['created_at', 'id'],
  last_login_at: ['last_login_at', 'id'],
};

/** Filter columns whose (company_id, column, last_name, first_name, id) or (company_id, column) index yields an order. */
const ORDERING_FILTERS: Record<string, string[]> = {
  last_name: ['users.company_id', 'users.role', 'users.suspended', 'users.department_id'],
  first_name: ['users.company_id'],
  username: ['users.company_id'],
  email: ['users.company_id'],
  role: ['users.company_id'],
  suspended: ['users.company_id', 'users.suspended'],
  created_at: ['users.company_id'],
  last_login_at: ['users.company_id'],
  id: ['users.manager_id'],
};

type UsersEb = ExpressionBuilder<Database, 'users'>;

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

/** The WHERE clause of a criteria, its columns hidden or not as the engine's plan says. */
function usersWhere(context: lists.WhereContext, criteria: UserCriteria) {
  const filter = (name: string, values: readonly (number | string)[]) =>
    inList(context.column(name, values.length), values);
  return (eb: UsersEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    const { companyId } = criteria;
    if (companyId !== null) and.push(sql<SqlBool>`${context.column('users.company_id', 1)} = ${companyId}`);
    if (criteria.scope) and.push(filter('users.department_id', criteria.scope));
    const text = criteria.text ? context.textCondition(criteria.text) : undefined;
    if (text) and.push(text);
    if (criteria.userIds) and.push(inList(sql.ref('users.id'), criteria.userIds));
    if (criteria.roles) and.push(filter('users.role', criteria.roles));
    if (criteria.suspended) and.push(filter('users.suspended', criteria.suspended));
    if (criteria.managerIds) and.push(filter('users.manager_id', criteria.managerIds));
    if (criteria.departmentIds && companyId !== null) {
      const subtree = departmentSubtrees(eb, companyId, criteria.departmentIds);
      and.push(sql<SqlBool>`${context.column('users.department_id', Number.POSITIVE_INFINITY)} IN (${subtree})`);
    }
    for (const field of criteria.customFields ?? []) {
      and.push(customFieldMatch(eb, companyId ?? 0, field, context.hint));
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
  return Object.entries(criteria).some(
    ([key, value]) => key !== 'companyId' && key !== 'text' && value !== undefined && value !== null,
  );
}

/**
 * SQLite: a whole company's users, from the count its triggers keep (migration 013), or a company's
 * text matches from the search index's own count: no user row read, never stale.
 */
async function quickCount(db: Kysely<Database>, criteria: UserCriteria): Promise<number | undefined> {
  const { companyId, text } = criteria;
  if (companyId === null || hasFilters(criteria)) return undefined;
  if (!text) return companyUserCount(db, 'sqlite', companyId);
  return usesTrigramIndex(text) ? searchIndexCount(db, text, companyId) : undefined;
}

/**
 * SQLite: one user checked against the search index by its own entry (`rowid = company << 32 | id`,
 * migration 016, about 80 µs): for a term most of the company matches, whose set is too big to read.
 */
function probeSearchIndex(text: string, criteria: UserCriteria) {
  const { companyId } = criteria;
  if (companyId === null) return undefined;
  return (id: RawBuilder<unknown>) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM users_search
      WHERE users_search MATCH ${ftsString(text.toLowerCase())} AND rowid = (${companyId} << 32) | ${id})`;
}

/** The users list, described for the list engine (`db/lists/README.md`). */
export const usersList: lists.ListSpec<UserCriteria, UserListRow> = {
  name: 'users',
  table: 'users',
  selectRows: (db) => db.selectFrom('users').select(USER_COLUMNS),
  numericColumns: new Set(['users.id', 'users.role', 'users.suspended']),
  where: usersWhere,
  hasFilters,
  population: populationOf,
  sqlite: {
    orderingFilters: ORDERING_FILTERS,
    // No (company_id, id) index exists: sorting a company by id reads the table in rowid order.
    idSortWalksTable: (criteria) => criteria.companyId !== null,
    hasSetFilters: (criteria) => Boolean(criteria.customFields?.length),
    quickCount,
    text: {
      condition: (text, criteria) => sqliteTextCondition(text, criteria.companyId),
      indexed: usesTrigramIndex,
      matchSet: (db, text, criteria) => searchIndexSet(db, text, criteria.companyId),
      probe: probeSearchIndex,
    },
  },
  postgres: {
    fetchesAll: (criteria) => Boolean(criteria.departmentIds?.length || criteria.customFields?.length),
    text: { condition: (text, criteria) => postgresTextCondition(text, criteria.companyId) },
  },
};

/** One page of users and the total matching, with the same criteria for both (lists and the search). */
export function listUsersPage(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria, page: PageRequest) {
  return lists.listPage(db, dialect, usersList, criteria, page);
}

export function countUsers(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria): Promise<number> {
  return lists.countList(db, dialect, usersList, criteria);
}

/** The page query, unexecuted (tests EXPLAIN it). */
export function buildPageQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: PageRequest,
  hint?: PlanHint,
) {
  return lists.buildPageQuery(db, dialect, usersList, criteria, page, hint);
}

/** The count query, unexecuted (tests EXPLAIN it). */
export function buildCountQuery(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria) {
  return lists.buildCountQuery(db, dialect, usersList, criteria);
}

/** The WHERE clause of a criteria for another query of users (bulk changes, exports); `hint` only counts on SQLite. */
export function criteriaWhere(dialect: Dialect, criteria: UserCriteria, hint?: PlanHint) {
  return usersWhere(lists.whereContext(dialect, usersList, criteria, hint), criteria);
}

/** A users column in an ORDER BY, hidden from the planner when the plan fetches matches first (`orderColumn`). */
export function orderColumn(dialect: Dialect, column: `users.${string}`, hint: PlanHint | undefined) {
  return lists.orderColumn(dialect, usersList, column.slice('users.'.length), hint);
}

export { defaultHint } from '../../db/lists/index.ts';
