import { USER_BULK_ACTIONS } from '@heed/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { iso } from '../../platform/clock.ts';
import type { JobRow } from '../../jobs/queue.repository.ts';
import { findMatchingIds, saveBulkProgress } from './users-bulk.repository.ts';
import type { BulkPlan } from './users-bulk.rules.ts';
import { runBulk } from './users-bulk.runner.ts';
import { type BulkState, stateFromResult, toPartialResult, toSummary } from './users-bulk.state.ts';

/** The job type of a bulk action over more than USER_BULK_INLINE_LIMIT users. */
export const USERS_BULK_JOB = 'users_bulk';

const id = z.number().int();
const ids = z.array(id);

/**
 * The payload as the service wrote it. The criteria are the list's own (users.criteria.ts) and pass
 * through whole: only the tenant and the scope, which keep the job inside its company and the
 * caller's subtree, are checked here, so a new kind of filter never gets lost on the way.
 */
const planSchema = z.object({
  action: z.enum(USER_BULK_ACTIONS),
  companyId: id,
  actor: z.object({ id, role: id, site_admin: id }),
  impersonatorId: id.nullable(),
  ip: z.string().nullable(),
  criteria: z.looseObject({ companyId: id, scope: ids.nullable() }),
  excludedIds: ids,
  department: z.object({ id, name: z.string() }).nullable().optional(),
  role: id.optional(),
});

/**
 * Stores the job's progress and its summary so far, inside the transaction of the chunk it
 * describes: a worker that dies between chunks resumes exactly after the last committed one.
 * A worker that lost the job (its lease went stale) rolls the chunk back.
 */
async function recordProgress(
  db: Kysely<Database>,
  job: JobRow,
  plan: BulkPlan,
  state: BulkState,
  total: number,
  now: Date,
) {
  const result = JSON.stringify(toPartialResult(plan.action, state));
  const held = await saveBulkProgress(db, job, { progress: state.processed, total, result }, iso(now));
  if (!held) throw new Error('This worker no longer holds the job.');
}

/** Runs a queued bulk action (users-bulk.service.ts) chunk by chunk, with progress, resuming after a crash. */
export const usersBulkJob: JobHandler = async (ctx) => {
  const parsed = planSchema.safeParse(ctx.payload);
  if (!parsed.success || parsed.data.criteria.companyId !== parsed.data.companyId)
    throw new PermanentJobError('The job payload is not a bulk action on users.');
  const plan = parsed.data as BulkPlan;
  const start = stateFromResult(ctx.job.result === null ? null : JSON.parse(ctx.job.result));
  const matching = await findMatchingIds(ctx.db, ctx.dialect, plan.criteria);
  const excluded = new Set(plan.excludedIds);
  const total =
    start.processed + matching.filter((userId) => userId > start.resumeAfterId && !excluded.has(userId)).length;
  await recordProgress(ctx.db, ctx.job, plan, start, total, ctx.now());
  const state = await runBulk({ db: ctx.db, dialect: ctx.dialect, now: ctx.now }, plan, matching, {
    start,
    onCommit: (db, next) => recordProgress(db, ctx.job, plan, next, total, ctx.now()),
    onFailure: (err, failed) => ctx.log.warn({ err, jobId: ctx.job.id, users: failed.length }, 'bulk change failed'),
    signal: ctx.signal,
  });
  return toSummary(plan.action, state);
};
