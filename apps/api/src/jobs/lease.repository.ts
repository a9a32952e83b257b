import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { iso } from '../platform/clock.ts';
import type { JobRow } from './queue.repository.ts';

// A running job's lease is `locked_by` + `locked_at`: the worker renews it while it works, and a
// lease older than the stale limit means the worker died.

/** Progress of a running job (shown by the console); also renews the worker's lease. */
export async function reportProgress(
  db: Kysely<Database>,
  job: Pick<JobRow, 'id'>,
  workerId: string,
  now: Date,
  progress?: { done: number; total?: number },
) {
  const stamp = iso(now);
  await db
    .updateTable('jobs')
    .set({
      locked_at: stamp,
      updated_at: stamp,
      ...(progress ? { progress: progress.done } : {}),
      ...(progress?.total !== undefined ? { total: progress.total } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .execute();
}

export const STALE_LOCK_ERROR = 'The worker running this job stopped before it finished.';

/**
 * Jobs whose worker died keep `running` with an old lease. Put them back in the queue (or fail
 * them when out of attempts). Live workers renew their lease well within `staleAfterMs`.
 */
export async function requeueStaleJobs(db: Kysely<Database>, now: Date, staleAfterMs: number) {
  const stamp = iso(now);
  const cutoff = iso(new Date(now.getTime() - staleAfterMs));
  const reset = { locked_by: null, locked_at: null, last_error: STALE_LOCK_ERROR, updated_at: stamp };
  const stale = db.updateTable('jobs').where('status', '=', 'running').where('locked_at', '<', cutoff);
  const failed = await stale
    .set({ ...reset, status: 'failed' })
    .whereRef('attempts', '>=', 'max_attempts')
    .executeTakeFirst();
  const requeued = await stale
    .set({ ...reset, status: 'queued', run_at: stamp })
    .whereRef('attempts', '<', 'max_attempts')
    .executeTakeFirst();
  return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
}

/**
 * Fails a job the sweep re-queued, if it is still on the given attempt (nobody ran it since): a job
 * that held its worker's thread past its budget (worker-thread.ts's watchdog) is not run again.
 */
export async function failRequeuedJob(
  db: Kysely<Database>,
  job: Pick<JobRow, 'id' | 'attempts'>,
  error: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({ status: 'failed', last_error: error.slice(0, 2000), updated_at: iso(now) })
    .where('id', '=', job.id)
    .where('status', '=', 'queued')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
