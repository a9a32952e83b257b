import { type Completion, type PageMeta, completionState, type listUserCompletionsQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { findUserRow, pageMeta } from '../users/index.ts';
import { type CompletionRow, countCompletions, listCompletions } from './completions.repository.ts';

type Query = z.output<typeof listUserCompletionsQuery>;

function toCompletion(row: CompletionRow, now: Date): Completion {
  const course = { renewal_days: row.renewal_days ?? 0, grace_days: row.grace_days ?? 0 };
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    course: { id: row.course_id, name: row.course_name },
    course_version_id: row.course_version_id,
    completed_at: row.completed_at,
    score: row.score,
    expires_at: row.expires_at,
    state: completionState(row, course, now),
  };
}

/**
 * GET /users/{id}/completions: the user must be one the caller may see (another company, or outside
 * a Department Manager's subtree, answers like a missing user).
 */
export async function listUserCompletions(
  deps: { db: Kysely<Database>; dialect: Dialect },
  ctx: AuthedContext,
  userId: number,
  query: Query,
): Promise<{ data: Completion[]; meta: PageMeta }> {
  const scope = await departmentScope(deps.db, ctx);
  const user = await findUserRow(deps.db, deps.dialect, { companyId: ctx.companyId, scope }, userId);
  if (!user) throw notFound();
  const pick = { companyId: ctx.companyId, userId, courseId: query.course_id };
  const [rows, total] = await Promise.all([
    listCompletions(deps.db, { ...pick, limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    countCompletions(deps.db, pick),
  ]);
  const now = ctx.now();
  return { data: rows.map((row) => toCompletion(row, now)), meta: pageMeta(query.page, query.per_page, total) };
}
