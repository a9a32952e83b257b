import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { iso } from '../platform/clock.ts';

// POST /jobs/{id}/cancel stamps a running job; the worker running it polls for the stamp (job-watch.ts)
// and aborts the job's signal. A job still queued is failed at once: no worker holds it.

/** The job's error once cancelled: who did it, as the console shows it. */
export const cancelledBy = (name: string) => `Cancelled by ${name}.`;

/** Stamps a running job's cancel request. False when it is not running, or was already asked to stop. */
export async function requestCancel(db: Kysely<Database>, jobId: number, userId: number, now: Date) {
  const updated = await db
    .updateTable('jobs')
    .set({ cancel_requested_at: iso(now), cancel_requested_by: userId, updated_at: iso(now) })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .where('cancel_requested_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Fails a job that no worker has claimed yet. False when a worker took it (or it ended) meanwhile. */
export async function cancelQueuedJob(db: Kysely<Database>, jobId: number, userId: number, name: string, now: Date) {
  const stamp = iso(now);
  const updated = await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      last_error: cancelledBy(name),
      cancel_requested_at: stamp,
      cancel_requested_by: userId,
      updated_at: stamp,
    })
    .where('id', '=', jobId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Who asked a job to stop, if anyone: what the worker polls while the job runs (one row by key). */
export async function findCancelRequest(db: Kysely<Database>, jobId: number): Promise<{ by: string } | undefined> {
  const row = await db
    .selectFrom('jobs')
    .leftJoin('users', 'users.id', 'jobs.cancel_requested_by')
    .select(['jobs.cancel_requested_at', 'users.first_name', 'users.last_name'])
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
  if (!row?.cancel_requested_at) return undefined;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { by: name || 'a user who has since been deleted' };
}
