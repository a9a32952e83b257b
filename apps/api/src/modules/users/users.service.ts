import type { PageMeta, User, UserSearchHit, listUsersQuery, searchUsersQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { resolveCustomFieldFilters } from './custom-field-filters.ts';
import { loadUserRelations } from './users-relations.repository.ts';
import type { UserCriteria } from './users.criteria.ts';
import { hasNul, parseUserFilters } from './users.filters.ts';
import { forOwnRecord } from './users-rules.ts';
import { toSearchHit, toUser } from './users.mapper.ts';
import { listUsersPage } from './users-list.repository.ts';
import { USER_ORDER, findCompanyNames, findUserRow } from './users.repository.ts';
import { pageMeta } from '../../platform/page-meta.ts';

export interface UsersDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

type ListQuery = z.output<typeof listUsersQuery>;
type SearchQuery = z.output<typeof searchUsersQuery>;
const NAME_ORDER = ['last_name', 'first_name', 'id'] as const;

export { pageMeta };

function searchText(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  if (hasNul(text)) throw invalidField('text', 'Remove control characters.');
  return text;
}

export async function listCriteria(deps: UsersDeps, ctx: AuthedContext, query: ListQuery): Promise<UserCriteria> {
  const { criteria, custom } = parseUserFilters(query);
  const customFields = await resolveCustomFieldFilters(deps.db, ctx.companyId, custom);
  return {
    companyId: ctx.companyId,
    scope: await departmentScope(deps.db, ctx),
    text: searchText(query.text),
    ...criteria,
    ...(customFields.length > 0 ? { customFields } : {}),
  };
}

/** GET /users: the company's users in the caller's scope, filtered, sorted and paged. */
export async function listUsers(deps: UsersDeps, ctx: AuthedContext, query: ListQuery) {
  const criteria = await listCriteria(deps, ctx, query);
  const page = {
    orderBy: USER_ORDER[query.sort],
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
  const { rows, total } = await listUsersPage(deps.db, deps.dialect, criteria, page);
  const relations = await loadUserRelations(deps.db, rows);
  return { data: rows.map((row) => toUser(row, relations)), meta: pageMeta(query.page, query.per_page, total) };
}

/**
 * GET /users/all, the header's user search: site admins search every company, anyone else their
 * scope of the company they act on. `suspended=0` leaves deactivated users out.
 */
export async function searchUsers(
  deps: UsersDeps,
  ctx: AuthedContext,
  query: SearchQuery,
): Promise<{ data: UserSearchHit[]; meta: PageMeta }> {
  const everywhere = ctx.user.site_admin === 1;
  const text = searchText(query.text);
  const criteria: UserCriteria = {
    companyId: everywhere ? null : ctx.companyId,
    scope: everywhere ? null : await departmentScope(deps.db, ctx),
    text,
    ...(query.suspended === false ? { suspended: [0] } : {}),
  };
  // Across all companies only the search index (or the primary key) can order cheaply.
  const orderBy = everywhere && !text ? ['id' as const] : [...NAME_ORDER];
  const page = { orderBy, order: 'asc' as const, limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const { rows, total } = await listUsersPage(deps.db, deps.dialect, criteria, page);
  const companies = await findCompanyNames(deps.db, [...new Set(rows.map((row) => row.company_id))]);
  return { data: rows.map((row) => toSearchHit(row, companies)), meta: pageMeta(query.page, query.per_page, total) };
}

/** GET /users/{id}: a user outside the company or the caller's scope answers like a missing one. */
export async function getUser(deps: UsersDeps, requestCtx: AuthedContext, id: number): Promise<User> {
  const ctx = forOwnRecord(requestCtx, id);
  const scope = await departmentScope(deps.db, ctx);
  const row = await findUserRow(deps.db, deps.dialect, { companyId: ctx.companyId, scope }, id);
  if (!row) throw notFound();
  return toUser(row, await loadUserRelations(deps.db, [row]));
}
