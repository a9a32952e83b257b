import { ASSIGNMENT_BULK_ACTIONS } from '@heed/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { iso } from '../../platform/clock.ts';
import { countMatchingAssignments, matchingIdsAfter, saveBulkJobProgress } from './assignments-bulk.repository.ts';
import type { AssignmentBulkPlan } from './assignments-bulk.rules.ts';
import { runBulkChunk } from './assignments-bulk.runner.ts';
import {
  type AssignmentBulkState,
  bulkStateFromResult,
  toBulkSummary,
  toPartialBulkResult,
} from './assignments-bulk.state.ts';

/** The job type of a bulk action over more than ASSIGNMENT_BULK_INLINE_LIMIT assignments. */
export const ASSIGNMENTS_BULK_JOB = 'assignments_bulk';

/** Assignments per transaction in a job: small enough that SQLite's write lock is held briefly. */
const JOB_CHUNK = 500;

const id = z.number().int();
/** The payload as the service wrote it; the list's criteria pass through whole, tenant and reach checked. */
const planSchema = z.object({
  action: z.enum(ASSIGNMENT_BULK_ACTIONS),
  companyId: id,
  actorId: id,
  impersonatorId: id.nullable(),
  ip: z.string().nullable(),
  criteria: z.looseObject({ companyId: id, scope: z.array(id).nullable() }),
  excludedIds: z.array(id),
  dueAt: z.string().nullable().optional(),
  companyName: z.string(),
  publicUrl: z.string(),
  /** The request's clock: what "overdue" meant when the filter was chosen. */
  now: z.string(),
});

/**
 * Runs a queued bulk action (assignments-bulk.service.ts) chunk by chunk on the heavy lane. Each
 * chunk's changes, audit rows and the job's progress commit together, so a job that dies resumes
 * after the last chunk it committed.
 */
export const assignmentsBulkJob: JobHandler = async (ctx) => {
  const parsed = planSchema.safeParse(ctx.payload);
  if (!parsed.success || parsed.data.criteria.companyId !== parsed.data.companyId)
    throw new PermanentJobError('The job payload is not a bulk action on assignments.');
  const { now, ...rest } = parsed.data;
  const plan = rest as unknown as AssignmentBulkPlan;
  let state = bulkStateFromResult(ctx.job.result === null ? null : JSON.parse(ctx.job.result));
  const remaining = await countMatchingAssignments(
    ctx.db,
    ctx.dialect,
    plan.criteria,
    plan.excludedIds,
    now,
    state.resumeAfterId,
  );
  const total = state.processed + remaining;
  const record = async (db: Kysely<Database>, next: AssignmentBulkState) => {
    const values = { progress: next.processed, total, result: JSON.stringify(toPartialBulkResult(plan.action, next)) };
    if (!(await saveBulkJobProgress(db, ctx.job, values, iso(ctx.now()))))
      throw new Error('This worker no longer holds the job.');
  };
  await record(ctx.db, state);
  for (;;) {
    ctx.signal?.throwIfAborted();
    const ids = await matchingIdsAfter(
      ctx.db,
      ctx.dialect,
      plan.criteria,
      plan.excludedIds,
      state.resumeAfterId,
      JOB_CHUNK,
      now,
    );
    if (ids.length === 0) break;
    state = await runBulkChunk({ db: ctx.db, dialect: ctx.dialect, now: ctx.now }, plan, ids, {
      start: state,
      onCommit: record,
      onFailure: (err, failed) =>
        ctx.log.warn({ err, jobId: ctx.job.id, assignments: failed.length }, 'assignment bulk change failed'),
    });
    if (ids.length < JOB_CHUNK) break;
  }
  return toBulkSummary(plan.action, state);
};
