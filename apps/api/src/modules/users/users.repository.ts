import type { USER_SORTS } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database, UserRow } from '../../db/types.ts';
import { cachedCount } from './count-cache.ts';
import { type UserCriteria, criteriaWhere, hasFilters, populationOf } from './users.criteria.ts';

export type UserSort = (typeof USER_SORTS)[number];

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
export type UserListRow = Omit<UserRow, 'password_hash' | 'external_id'>;

/** Sort column, then tie-breakers, then id: exactly the (company_id, …, id) indexes of migration 001. */
export const USER_ORDER: Record<UserSort, (keyof UserListRow)[]> = {
  id: ['id'],
  last_name: ['last_name', 'first_name', 'id'],
  first_name: ['first_name', 'last_name', 'id'],
  username: ['username', 'id'],
  email: ['email', 'id'],
  role: ['role', 'last_name', 'id'],
  created_at: ['created_at', 'id'],
  last_login_at: ['last_login_at', 'id'],
};

export interface PageRequest {
  /** Columns to order by, the last being id, so that pages never overlap. */
  orderBy: (keyof UserListRow)[];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Below this many matches, fetching them all and sorting is cheap whatever the plan. */
const FETCH_AND_SORT_ROWS = 5000;

export async function countUsers(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria): Promise<number> {
  return cachedCount(db, dialect, JSON.stringify(criteria), async () => {
    const row = await buildCountQuery(db, dialect, criteria).executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

/** The page query, unexecuted (tests EXPLAIN it). */
export function buildPageQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: PageRequest,
  sortDriven = false,
) {
  let query = db.selectFrom('users').select(USER_COLUMNS).where(criteriaWhere(dialect, criteria, sortDriven));
  for (const column of page.orderBy) query = query.orderBy(`users.${column}`, page.order);
  return query.limit(page.limit).offset(page.offset);
}

/** The count query, unexecuted (tests EXPLAIN it). */
export function buildCountQuery(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(criteriaWhere(dialect, criteria));
}

const selectPage = (...args: Parameters<typeof buildPageQuery>) => buildPageQuery(...args).execute();

/**
 * SQLite's planner cannot tell how many rows a filter keeps. Reading the sort index and skipping
 * non-matching rows costs about (offset + limit) × population / total steps; fetching every match
 * and sorting costs about `total` rows, each dearer. Pick the cheaper from the (cached) counts.
 */
async function prefersSortScan(db: Kysely<Database>, criteria: UserCriteria, total: number, page: PageRequest) {
  if (total <= FETCH_AND_SORT_ROWS || !hasFilters(criteria)) return false;
  const population = await countUsers(db, 'sqlite', populationOf(criteria));
  const walked = ((page.offset + page.limit) * population) / total;
  return walked < total * 3;
}

/** One page of users and the total matching, with the same criteria for both (lists and the search). */
export async function listUsersPage(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: PageRequest,
): Promise<{ rows: UserListRow[]; total: number }> {
  if (dialect === 'postgres') {
    const [rows, total] = await Promise.all([
      selectPage(db, dialect, criteria, page, false),
      countUsers(db, dialect, criteria),
    ]);
    return { rows, total };
  }
  const total = await countUsers(db, dialect, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const sortDriven = await prefersSortScan(db, criteria, total, page);
  return { rows: await selectPage(db, dialect, criteria, page, sortDriven), total };
}

export async function findCompanyNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One user of the company, inside the scope; undefined when missing, foreign or out of scope alike. */
export async function findUserRow(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  id: number,
): Promise<UserListRow | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.id', '=', id)
    .where(criteriaWhere(dialect, criteria))
    .executeTakeFirst();
}
