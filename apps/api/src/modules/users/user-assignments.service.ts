import type { PageMeta, UserAssignment, UserAssignmentStatus, listUserAssignmentsQuery } from '@heed/contract';
import type { z } from 'zod';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { type UserAssignmentRow, countUserAssignments, findUserAssignments } from './user-assignments.repository.ts';
import { findUserRow } from './users.repository.ts';
import { type UsersDeps, pageMeta } from './users.service.ts';

type Query = z.output<typeof listUserAssignmentsQuery>;

/**
 * The status a reader should see now: a stored status is written when something happens to the
 * assignment, but "overdue" begins by itself when the due date passes (and ends if it is moved).
 */
export function currentStatus(
  row: Pick<UserAssignmentRow, 'status' | 'due_at' | 'started_at' | 'completed_at'>,
  now: string,
): UserAssignmentStatus {
  if (row.status === 'completed' || row.completed_at !== null) return 'completed';
  if (row.due_at !== null && row.due_at < now) return 'overdue';
  return row.status === 'in_progress' || row.started_at !== null ? 'in_progress' : 'not_started';
}

function toUserAssignment(row: UserAssignmentRow, now: string): UserAssignment {
  return {
    id: row.id,
    course: { id: row.course_id, name: row.course_name },
    status: currentStatus(row, now),
    progress: row.progress,
    source: row.source,
    rule: row.rule_id !== null && row.rule_name !== null ? { id: row.rule_id, name: row.rule_name } : null,
    assigned_at: row.assigned_at,
    due_at: row.due_at,
    completed_at: row.completed_at,
    score: row.score,
    expires_at: row.expires_at,
  };
}

/**
 * GET /users/{id}/assignments: the user must be one the caller may see (GET /users/{id}'s rule:
 * another company or outside a Department Manager's subtree answers like a missing user).
 */
export async function listUserAssignments(
  deps: UsersDeps,
  ctx: AuthedContext,
  userId: number,
  query: Query,
): Promise<{ data: UserAssignment[]; meta: PageMeta }> {
  const scope = await departmentScope(deps.db, ctx);
  const user = await findUserRow(deps.db, deps.dialect, { companyId: ctx.companyId, scope }, userId);
  if (!user) throw notFound();
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [rows, total] = await Promise.all([
    findUserAssignments(deps.db, ctx.companyId, userId, page),
    countUserAssignments(deps.db, ctx.companyId, userId),
  ]);
  const now = iso(ctx.now());
  return { data: rows.map((row) => toUserAssignment(row, now)), meta: pageMeta(query.page, query.per_page, total) };
}
