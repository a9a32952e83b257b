import type { USER_SORTS } from '@heed/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database, UserRow } from '../../db/types.ts';
import { POSTGRES_STAMP, dataStamp, stampOf } from '../../db/data-stamp.ts';
import { cachedCount } from './count-cache.ts';
import type { MatchList } from './match-lists.ts';
import { searchIndexCount } from './search-index-set.ts';
import { readSqliteIds } from './sqlite-ids.ts';
import { ftsString, usesTrigramIndex } from './text-search.ts';
import {
  type PlanHint,
  type UserCriteria,
  criteriaWhere,
  defaultHint,
  hasFilters,
  orderColumn,
} from './users.criteria.ts';

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

/**
 * The sort column, then id for a stable order; each list is a prefix of a (company_id, …) index of
 * migration 001. Names sort by last name, then first name; the filter indexes
 * (company_id, role|suspended|department_id, last_name, first_name, id) of migration 010 also
 * yield this order.
 */
export const USER_ORDER: Record<UserSort, (keyof UserListRow)[]> = {
  id: ['id'],
  last_name: ['last_name', 'first_name', 'id'],
  first_name: ['first_name', 'last_name', 'id'],
  username: ['username', 'id'],
  email: ['email', 'id'],
  role: ['role', 'last_name', 'first_name', 'id'],
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

export async function countUsers(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria): Promise<number> {
  if (dialect === 'sqlite' && criteria.companyId !== null && !hasFilters(criteria)) {
    if (!criteria.text) return companyUserCount(db, criteria.companyId);
    // A company's text matches: the search index's own count (no user row read).
    if (usesTrigramIndex(criteria.text)) return searchIndexCount(db, criteria.text, criteria.companyId);
  }
  return cachedCount(db, dialect, JSON.stringify(criteria), buildCountQuery(db, dialect, criteria));
}

/** SQLite: a whole company's users, from the count its triggers keep (migration 013): one row, never stale. */
async function companyUserCount(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_user_counts')
    .select('users')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.users ?? 0;
}

/**
 * The page query, unexecuted (tests EXPLAIN it). A deferred join: the inner query orders and
 * skips narrow (sort key, id) entries, often straight from a covering index, and only the page's
 * rows are read whole.
 */
export function buildPageQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: PageRequest,
  hint: PlanHint | undefined = defaultHint(criteria, page.orderBy[0]),
) {
  const ids = buildMatchIdsQuery(db, dialect, criteria, page, hint);
  let rows = db.selectFrom('users').select(USER_COLUMNS);
  for (const column of page.orderBy) rows = rows.orderBy(`users.${column}`, page.order);
  return rows.where('users.id', 'in', ids.limit(page.limit).offset(page.offset));
}

/** The ids of every user the criteria match, in the page's order, unexecuted (no limit). */
export function buildMatchIdsQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: Pick<PageRequest, 'orderBy' | 'order'>,
  hint: PlanHint | undefined,
) {
  const from = hint?.textIds && dialect === 'sqlite' ? textMatchesJoin(db, hint.textIds) : db.selectFrom('users');
  let query = from.select('users.id').where(criteriaWhere(dialect, criteria, hint));
  for (const column of page.orderBy) query = query.orderBy(orderColumn(dialect, `users.${column}`, hint), page.order);
  return query;
}

/**
 * SQLite: the users of the given ids, each looked up by its row id: the ids (one JSON array, one
 * parameter) drive a CROSS JOIN, which SQLite never reorders. `users.id IN (json_each(…))` would
 * first copy them into a temporary index (a quarter slower).
 */
function textMatchesJoin(db: Kysely<Database>, ids: Int32Array) {
  const matches = sql<{ value: number }>`json_each(${JSON.stringify(Array.from(ids))})`.as('matches');
  return db.selectFrom(matches).crossJoin('users').whereRef('users.id', '=', 'matches.value');
}

/**
 * Every id the criteria match, in the page's order, read as one aggregate (the ids cross into
 * JavaScript as one JSON array, not an object per row), with the data stamp it was read under.
 */
export async function readMatchList(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  page: Pick<PageRequest, 'orderBy' | 'order'>,
  hint: PlanHint | undefined,
): Promise<MatchList> {
  if (dialect === 'sqlite') {
    // Read first: a write racing the list changes the stamp, so the list is never served again.
    const stamp = await dataStamp(db, dialect);
    return { ids: await readSqliteIds(db, buildMatchIdsQuery(db, dialect, criteria, page, hint)), stamp };
  }
  // PostgreSQL: the stamp in the same statement, so the same snapshot; row numbers make the order explicit.
  const order = sql.join(page.orderBy.map((column) => sql`${sql.ref(`users.${column}`)} ${sql.raw(page.order)}`));
  const numbered = db
    .selectFrom('users')
    .select(['users.id', sql<number>`row_number() OVER (ORDER BY ${order})`.as('n')])
    .where(criteriaWhere(dialect, criteria, hint));
  const { rows } = await sql<{ ids: number[]; stamp: string | null }>`
    SELECT coalesce(json_agg(m.id ORDER BY m.n), '[]'::json) AS ids, ${POSTGRES_STAMP} AS stamp
    FROM (${numbered}) AS m`.execute(db);
  return { ids: Int32Array.from(rows[0]?.ids ?? []), stamp: stampOf(rows[0]?.stamp) };
}

/**
 * SQLite: `limit` ids from `offset` on, in sort order, of the users the criteria match, read
 * through the sort index (a walk); the criteria should carry no text (the walk checks it).
 */
export function readWalkIds(
  db: Kysely<Database>,
  criteria: UserCriteria,
  page: Pick<PageRequest, 'orderBy' | 'order'>,
  limit: number,
  offset: number,
): Promise<Int32Array> {
  const hint: PlanHint = { mode: 'sortDriven', sortLead: page.orderBy[0] ?? 'id' };
  return readSqliteIds(db, buildMatchIdsQuery(db, 'sqlite', criteria, page, hint).limit(limit).offset(offset));
}

/**
 * SQLite: of the first `walk` users in sort order that the criteria (without text) match, the ids of
 * at most `limit` whose text contains `text`, each checked by a look-up of its own entry in the search
 * index (`rowid = company << 32 | id`, about 80 µs): for a term most of the company matches, whose
 * set of matches is too big to read (a walk then meets a match every user or two).
 */
export function readProbedWalkIds(
  db: Kysely<Database>,
  criteria: UserCriteria & { companyId: number },
  page: Pick<PageRequest, 'orderBy' | 'order'>,
  text: string,
  walk: number,
  limit: number,
): Promise<Int32Array> {
  const hint: PlanHint = { mode: 'sortDriven', sortLead: page.orderBy[0] ?? 'id' };
  const walked = buildMatchIdsQuery(db, 'sqlite', criteria, page, hint).limit(walk);
  // A subquery with a LIMIT under a WHERE is never flattened: its rows keep their order.
  return readSqliteIds(
    db,
    sql`SELECT w.id FROM (${walked}) AS w WHERE EXISTS (SELECT 1 FROM users_search
      WHERE users_search MATCH ${ftsString(text.toLowerCase())} AND rowid = (${criteria.companyId} << 32) | w.id)
      LIMIT ${limit}`,
  );
}

/** The users of the given ids, in that order (ids of missing users are left out). */
export async function findUserRowsInOrder(db: Kysely<Database>, ids: ArrayLike<number>): Promise<UserListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select(USER_COLUMNS).where('users.id', 'in', Array.from(ids)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Array.from(ids, (id) => byId.get(id)).filter((row) => row !== undefined);
}

/** The count query, unexecuted (tests EXPLAIN it). */
export function buildCountQuery(db: Kysely<Database>, dialect: Dialect, criteria: UserCriteria) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(criteriaWhere(dialect, criteria, defaultHint(criteria)));
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
