import {
  ASSIGNMENT_BULK_INLINE_LIMIT,
  ASSIGNMENT_BULK_MESSAGES,
  ASSIGNMENT_BULK_REASONS,
  type AssignmentBulkReason,
  type BulkAssignmentsBody,
  type BulkAssignmentsPreviewResponse,
  type BulkAssignmentsQueued,
  type BulkAssignmentsSummary,
  type bulkAssignmentsQuery,
} from '@heed/contract';
import type { z } from 'zod';
import { enqueue } from '../../jobs/queue.repository.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageMeta } from '../users/index.ts';
import { ASSIGNMENTS_BULK_JOB } from './assignments-bulk.job.ts';
import {
  countMatchingAssignments,
  findCompanyNameOf,
  lockCandidates,
  matchingIdsAfter,
} from './assignments-bulk.repository.ts';
import { type AssignmentBulkPlan, type BulkAssignmentCandidate, classify } from './assignments-bulk.rules.ts';
import { runBulkChunk } from './assignments-bulk.runner.ts';
import { toBulkSummary } from './assignments-bulk.state.ts';
import type { AssignmentCriteria } from './assignments.criteria.ts';
import { assignmentStatus } from './assignments.mapper.ts';
import type { AssignmentListRow } from './assignments-list.repository.ts';
import { type AssignmentsDeps, assignmentCriteria } from './assignments.service.ts';

export interface BulkDeps extends AssignmentsDeps {
  publicUrl: string;
}

type BulkQuery = z.output<typeof bulkAssignmentsQuery>;

export type AssignmentBulkOutcome =
  | { kind: 'done'; summary: BulkAssignmentsSummary }
  | { kind: 'queued'; queued: BulkAssignmentsQueued };

/** A filter beyond the tenant and reach: text, or any `field[…]` with values. */
const isFiltered = (criteria: AssignmentCriteria) =>
  Object.entries(criteria).some(
    ([key, value]) => !['companyId', 'scope', 'now'].includes(key) && value !== undefined && value !== '',
  );

/** The new due date: the end of the chosen day (UTC), today or later; null for none. */
function dueAtOf(body: BulkAssignmentsBody, now: Date): string | null | undefined {
  if (body.action !== 'change_due_date') return undefined;
  if (!body.due_date) return null;
  if (body.due_date < iso(now).slice(0, 10)) throw invalidField('due_date', ASSIGNMENT_BULK_MESSAGES.dueInPast);
  return `${body.due_date}T23:59:59.000Z`;
}

/** Checks the request and turns it into a plan a request or a job can run. */
async function planOf(deps: BulkDeps, ctx: AuthedContext, query: BulkQuery, body: BulkAssignmentsBody, now: Date) {
  const criteria = await assignmentCriteria(deps, ctx, query, iso(now));
  if (!isFiltered(criteria) && !query.all) throw invalidField('all', ASSIGNMENT_BULK_MESSAGES.needsFilter);
  const dueAt = dueAtOf(body, now);
  const plan: AssignmentBulkPlan = {
    action: body.action,
    companyId: ctx.companyId,
    actorId: ctx.actorId ?? ctx.user.id,
    impersonatorId: ctx.impersonatorId,
    ip: ctx.ip,
    criteria,
    excludedIds: [...new Set(body.excluded_ids ?? [])],
    ...(dueAt !== undefined ? { dueAt } : {}),
    companyName: body.action === 'send_reminder' ? await findCompanyNameOf(deps.db, ctx.companyId) : '',
    publicUrl: deps.publicUrl,
  };
  return plan;
}

/**
 * PUT /assignments?{query}: a bulk action on the assignments of the list's filter, inside the company
 * and the caller's reach. Up to ASSIGNMENT_BULK_INLINE_LIMIT it runs now, in one transaction (a row
 * that fails is retried alone, so every other row still changes), and answers the summary; above,
 * it queues a heavy-lane job (audited with the job) and answers its id. Every changed assignment
 * has its own audit entry.
 */
export async function bulkUpdateAssignments(
  deps: BulkDeps,
  ctx: AuthedContext,
  query: BulkQuery,
  body: BulkAssignmentsBody,
): Promise<AssignmentBulkOutcome> {
  const now = ctx.now();
  const plan = await planOf(deps, ctx, query, body, now);
  const at = iso(now);
  const matched = await countMatchingAssignments(deps.db, deps.dialect, plan.criteria, plan.excludedIds, at);
  if (matched > ASSIGNMENT_BULK_INLINE_LIMIT) {
    const job = await deps.db.transaction().execute(async (trx) => {
      const queued = await enqueue(trx, {
        type: ASSIGNMENTS_BULK_JOB,
        payload: { ...plan, now: at },
        companyId: ctx.companyId,
        createdBy: ctx.actorId,
        now,
      });
      const { page: _page, per_page: _perPage, sort: _sort, order: _order, ...filter } = query;
      await audit(trx, ctx, {
        action: 'assignments.bulk_queued',
        entityType: 'job',
        entityId: queued.id,
        after: { action: plan.action, matched, filter, due_at: plan.dueAt },
      });
      return queued;
    });
    return { kind: 'queued', queued: { job_id: job.id, matched } };
  }
  const ids = await matchingIdsAfter(
    deps.db,
    deps.dialect,
    plan.criteria,
    plan.excludedIds,
    0,
    ASSIGNMENT_BULK_INLINE_LIMIT,
    at,
  );
  const state = await runBulkChunk({ db: deps.db, dialect: deps.dialect, now: ctx.now }, plan, ids);
  return { kind: 'done', summary: toBulkSummary(plan.action, state) };
}

/** Matching assignments read per statement by the preview. */
const PREVIEW_CHUNK = 2000;

const personName = (row: BulkAssignmentCandidate) =>
  [row.learner_first_name, row.learner_last_name].filter(Boolean).join(' ');

/**
 * POST /assignments/bulk-preview?{query}: what PUT /assignments would do now, read without locks
 * and writing nothing: the counts by outcome, and the page (`page`, `per_page`) of the assignments
 * that would change, in id order: "apply to N assignments?" with who, before anything applies.
 */
export async function previewBulkAssignments(
  deps: BulkDeps,
  ctx: AuthedContext,
  query: BulkQuery,
  body: BulkAssignmentsBody,
): Promise<BulkAssignmentsPreviewResponse> {
  const now = ctx.now();
  const at = iso(now);
  const plan = await planOf(deps, ctx, query, body, now);
  const offset = (query.page - 1) * query.per_page;
  const skipped = new Map<AssignmentBulkReason, number>();
  const rows: BulkAssignmentCandidate[] = [];
  let matched = 0;
  let changes = 0;
  let after = 0;
  for (;;) {
    const ids = await matchingIdsAfter(
      deps.db,
      deps.dialect,
      plan.criteria,
      plan.excludedIds,
      after,
      PREVIEW_CHUNK,
      at,
    );
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    const found = await lockCandidates(deps.db, deps.dialect, plan, ids, false);
    matched += found.length;
    const { eligible, skipped: reasons } = classify(plan, found);
    for (const [reason, skippedIds] of reasons) skipped.set(reason, (skipped.get(reason) ?? 0) + skippedIds.length);
    for (const row of eligible) {
      if (changes >= offset && rows.length < query.per_page) rows.push(row);
      changes++;
    }
    if (ids.length < PREVIEW_CHUNK) break;
  }
  const errors = [...skipped].map(([reason, count]) => ({ reason, message: ASSIGNMENT_BULK_REASONS[reason], count }));
  return {
    data: {
      action: plan.action,
      matched,
      changes,
      skipped: matched - changes,
      errors,
      ...(plan.dueAt !== undefined ? { due_at: plan.dueAt } : {}),
    },
    rows: rows.map((row) => ({
      id: row.id,
      learner: { id: row.user_id, name: personName(row) },
      course: { id: row.course_id, name: row.course_name },
      status: assignmentStatus(row as unknown as AssignmentListRow, at),
      due_at: row.due_at,
    })),
    meta: pageMeta(query.page, query.per_page, changes),
  };
}
