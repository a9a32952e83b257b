import {
  type BulkUsersBody,
  type BulkUsersQueued,
  type BulkUsersSummary,
  USER_BULK_INLINE_LIMIT,
  USER_BULK_MESSAGES,
  type bulkUsersQuery,
} from '@heed/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { USERS_BULK_JOB } from './users-bulk.job.ts';
import { countMatching, findDepartmentName, findMatchingIds } from './users-bulk.repository.ts';
import type { BulkPlan } from './users-bulk.rules.ts';
import { runBulk } from './users-bulk.runner.ts';
import { toSummary } from './users-bulk.state.ts';
import { assertCanAssignRole, assertDepartmentInScope } from './users-rules.ts';
import type { UserCriteria } from './users.criteria.ts';
import { type UsersDeps, listCriteria } from './users.service.ts';

type BulkQuery = z.output<typeof bulkUsersQuery>;

export type BulkOutcome = { kind: 'done'; summary: BulkUsersSummary } | { kind: 'queued'; queued: BulkUsersQueued };

/** A filter beyond the tenant and scope: text, or any `field[…]` with values. */
const isFiltered = (criteria: UserCriteria) =>
  Boolean(criteria.text) ||
  [criteria.userIds, criteria.roles, criteria.suspended, criteria.departmentIds, criteria.managerIds].some(
    (values) => values !== undefined,
  ) ||
  (criteria.customFields?.length ?? 0) > 0;

/** The new department: one of the company's (else 422), inside a Department Manager's scope (else 403). */
async function targetDepartment(deps: UsersDeps, ctx: AuthedContext, scope: number[] | null, id: number | null) {
  if (id === null) {
    assertDepartmentInScope(scope, null);
    return null;
  }
  const name = await findDepartmentName(deps.db, ctx.companyId, id);
  if (name === undefined) throw invalidField('department_id', USER_BULK_MESSAGES.departmentMissing);
  assertDepartmentInScope(scope, id);
  return { id, name };
}

/** Checks the request and turns it into a plan a request or a job can run. */
async function planOf(deps: UsersDeps, ctx: AuthedContext, query: BulkQuery, body: BulkUsersBody): Promise<BulkPlan> {
  if (body.action === 'change_role' && body.role !== undefined) assertCanAssignRole(ctx.user, body.role);
  const criteria = await listCriteria(deps, ctx, query);
  if (!isFiltered(criteria) && !query.all) throw invalidField('all', USER_BULK_MESSAGES.needsFilter);
  const department =
    body.action === 'change_department'
      ? await targetDepartment(deps, ctx, criteria.scope, body.department_id ?? null)
      : undefined;
  return {
    action: body.action,
    companyId: ctx.companyId,
    actor: { id: ctx.user.id, role: ctx.user.role, site_admin: ctx.user.site_admin },
    impersonatorId: ctx.impersonatorId,
    ip: ctx.ip,
    criteria,
    excludedIds: body.excluded_ids ?? [],
    ...(department !== undefined ? { department } : {}),
    ...(body.action === 'change_role' ? { role: body.role } : {}),
  };
}

/**
 * PUT /users?{query}: a bulk action on the users of the list's filter, inside the company and the
 * caller's scope. Up to USER_BULK_INLINE_LIMIT users it runs now and answers the summary; above,
 * it queues a job (recorded in the audit log with the job) and answers its id.
 */
export async function bulkUpdateUsers(
  deps: UsersDeps,
  ctx: AuthedContext,
  query: BulkQuery,
  body: BulkUsersBody,
): Promise<BulkOutcome> {
  const plan = await planOf(deps, ctx, query, body);
  const matched = await countMatching(deps.db, deps.dialect, plan.criteria, plan.excludedIds);
  if (matched > USER_BULK_INLINE_LIMIT) {
    const job = await deps.db.transaction().execute(async (trx) => {
      const queued = await enqueue(trx, {
        type: USERS_BULK_JOB,
        payload: plan,
        companyId: ctx.companyId,
        createdBy: ctx.actorId,
        now: ctx.now(),
      });
      await audit(trx, ctx, {
        action: 'user.bulk_queued',
        entityType: 'job',
        entityId: queued.id,
        after: { action: plan.action, matched, filter: query, department: plan.department, role: plan.role },
      });
      return queued;
    });
    return { kind: 'queued', queued: { job_id: job.id, matched } };
  }
  const ids = await findMatchingIds(deps.db, deps.dialect, plan.criteria);
  const state = await runBulk({ db: deps.db, dialect: deps.dialect, now: ctx.now }, plan, ids);
  return { kind: 'done', summary: toSummary(plan.action, state) };
}
