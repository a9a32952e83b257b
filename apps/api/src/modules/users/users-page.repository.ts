import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, hasFilters, populationOf } from './users.criteria.ts';
import { type PageRequest, type UserListRow, buildPageQuery, countUsers } from './users.repository.ts';

/** Below this many matches, fetching them all and sorting is cheap whatever the plan. */
const FETCH_AND_SORT_ROWS = 5000;

const selectPage = (...args: Parameters<typeof buildPageQuery>) => buildPageQuery(...args).execute();

/** Roughly how many users the table holds (all companies): what a rowid-order scan walks. */
async function tableSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/**
 * SQLite's planner cannot tell how many rows a filter keeps. Reading in sort order and skipping
 * non-matching rows walks about (offset + limit) × population / total rows; fetching every match
 * and sorting costs about `total`, each dearer. Pick the cheaper from the (cached) counts. Text
 * searches stay driven by the search index: matches cluster in name order, so the estimate fails.
 */
async function sqlitePlan(
  db: Kysely<Database>,
  criteria: UserCriteria,
  total: number,
  page: PageRequest,
): Promise<PlanHint | undefined> {
  const sortLead = page.orderBy[0] ?? 'id';
  if (criteria.text) return { mode: 'matchDriven', sortLead };
  // No (company_id, id) index exists: sorting by id reads the table in rowid order, all companies mixed.
  const byRowid = sortLead === 'id' && criteria.companyId !== null;
  if (total <= FETCH_AND_SORT_ROWS || (!byRowid && !hasFilters(criteria))) return undefined;
  const population = byRowid ? await tableSize(db) : await countUsers(db, 'sqlite', populationOf(criteria));
  const walked = ((page.offset + page.limit) * population) / total;
  return walked < total * 2 ? { mode: 'sortDriven', sortLead } : undefined;
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
      selectPage(db, dialect, criteria, page),
      countUsers(db, dialect, criteria),
    ]);
    return { rows, total };
  }
  const total = await countUsers(db, dialect, criteria);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const hint = await sqlitePlan(db, criteria, total, page);
  return { rows: await selectPage(db, dialect, criteria, page, hint), total };
}
