import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/create-db.ts';
import type { Database, JobsTable } from '../db/types.ts';
import { lockRows } from '../db/dialect/index.ts';
import { iso } from '../platform/clock.ts';
import { laneOf } from './registry.ts';
import type { JobLane } from './types.ts';
import { announceQueuedJob } from './wake.ts';

/**
 * The database-backed job queue (docs/architecture.md "jobs"), and the one API to it. A job is `queued` until a worker claims
 * it (`running`, with `locked_by`/`locked_at` as its lease), then `completed`, or back to `queued`
 * with a later `run_at` after a failure, or `failed` once its attempts are spent.
 */
export type JobRow = Selectable<JobsTable>;
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface NewJob {
  type: string;
  payload: unknown;
  companyId: number | null;
  createdBy: number | null;
  now: Date;
  /** Not before this time (defaults to now). */
  runAt?: Date;
  /** A second enqueue with the same key returns the first job instead of adding one. */
  idempotencyKey?: string;
  maxAttempts?: number;
  /** Defaults to the lane the type's definition names (registry.ts). */
  lane?: JobLane;
}

/** First retry after 30 s, doubling per attempt, never more than an hour apart. */
function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** Queues a job, and tells this process's worker about it (it polls at once, then again as the caller's transaction commits). */
export async function enqueue(db: Kysely<Database>, job: NewJob): Promise<JobRow> {
  const row = await insertJob(db, job);
  if (row.status === 'queued') announceQueuedJob();
  return row;
}

async function insertJob(db: Kysely<Database>, job: NewJob): Promise<JobRow> {
  const stamp = iso(job.now);
  const values = {
    company_id: job.companyId,
    type: job.type,
    lane: job.lane ?? laneOf(job.type),
    payload: JSON.stringify(job.payload ?? {}),
    run_at: iso(job.runAt ?? job.now),
    idempotency_key: job.idempotencyKey ?? null,
    created_by: job.createdBy,
    created_at: stamp,
    updated_at: stamp,
    ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
  };
  const key = job.idempotencyKey;
  if (!key) return db.insertInto('jobs').values(values).returningAll().executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? db.selectFrom('jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
}

export async function getJob(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the next due job in one statement, so two workers never get the same one: SQLite runs
 * writes one at a time; PostgreSQL skips rows another worker has locked. Counts the attempt now,
 * so a job that kills its worker still uses up its attempts. With a lane, only that lane's jobs
 * (index `jobs_lane_claim`); without, any job.
 */
export async function claimJob(
  db: Kysely<Database>,
  dialect: Dialect,
  workerId: string,
  now: Date,
  lane?: JobLane,
): Promise<JobRow | undefined> {
  const stamp = iso(now);
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_at: stamp,
      attempts: eb('attempts', '+', 1),
      updated_at: stamp,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .$if(lane !== undefined, (qb) => qb.where('lane', '=', lane as JobLane))
        .where('status', '=', 'queued')
        .where('run_at', '<=', stamp)
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .$call((qb) => lockRows(dialect, qb, 'update', { skipLocked: true })),
    )
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Marks a claimed job done. False when this worker no longer holds it (its lease went stale). */
export async function completeJob(db: Kysely<Database>, job: JobRow, workerId: string, result: unknown, now: Date) {
  const updated = await db
    .updateTable('jobs')
    .set({
      status: 'completed',
      result: result === undefined ? null : JSON.stringify(result),
      last_error: null,
      locked_by: null,
      locked_at: null,
      updated_at: iso(now),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Records a failure: back in the queue after a backoff, or `failed` when out of attempts (or `permanent`). */
export async function failJob(
  db: Kysely<Database>,
  job: JobRow,
  workerId: string,
  error: string,
  now: Date,
  permanent = false,
) {
  const final = permanent || job.attempts >= job.max_attempts;
  const updated = await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      run_at: final ? job.run_at : iso(new Date(now.getTime() + backoffMs(job.attempts))),
      last_error: error.slice(0, 2000),
      locked_by: null,
      locked_at: null,
      updated_at: iso(now),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// Lease renewal (progress), stale-lock recovery and cancel requests have files of their own; this one is the queue's one API.
export { STALE_LOCK_ERROR, failRequeuedJob, reportProgress, requeueStaleJobs } from './lease.repository.ts';
export { cancelQueuedJob, findCancelRequest, requestCancel } from './cancel-request.repository.ts';
