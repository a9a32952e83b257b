import type { MyAssignment, MyCompletion, MyHistoryQuery, PageMeta } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { pageMeta } from '../users/index.ts';
import { compareMyAssignments, toMyAssignment, toMyCompletion } from './my-assignments.mapper.ts';
import { countCompletions, findCompletions, findCurrentAssignments } from './my-assignments.repository.ts';

export interface LearningDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * Whose learning a request reads: always the session's user (the impersonated learner while a site
 * admin or manager impersonates), in that user's own company. Nothing in the request can name
 * another user or company: X-Company-ID and query parameters are not read here.
 */
const learner = (ctx: AuthedContext) => ({ userId: ctx.user.id, companyId: ctx.user.company_id });

/** GET /my/assignments: the caller's current assignment of each course, status derived now, in My Courses' order. */
export async function listMyAssignments(deps: LearningDeps, ctx: AuthedContext): Promise<MyAssignment[]> {
  const { userId, companyId } = learner(ctx);
  const rows = await findCurrentAssignments(deps.db, companyId, userId);
  const now = iso(ctx.now());
  return rows.map((row) => toMyAssignment(row, now)).sort(compareMyAssignments);
}

/** GET /my/history: every completion of the caller's, renewals included, newest first. */
export async function listMyHistory(
  deps: LearningDeps,
  ctx: AuthedContext,
  query: MyHistoryQuery,
): Promise<{ data: MyCompletion[]; meta: PageMeta }> {
  const { userId, companyId } = learner(ctx);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [rows, total] = await Promise.all([
    findCompletions(deps.db, companyId, userId, page),
    countCompletions(deps.db, companyId, userId),
  ]);
  return { data: rows.map(toMyCompletion), meta: pageMeta(query.page, query.per_page, total) };
}
