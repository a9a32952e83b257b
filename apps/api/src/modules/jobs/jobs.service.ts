import { type Job, ROLE, hasRoleAccess, isJobFinished } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { cancelledBy } from '../../jobs/cancel-request.repository.ts';
import { jobRegistry } from '../../jobs/registry.ts';
import type { WorkerLog } from '../../jobs/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type JobRow, cancelQueuedJob, getJob as findJob, requestCancel } from '../../jobs/queue.repository.ts';
import { toJob } from './jobs.mapper.ts';

/**
 * A job of the company the request acts on, to the person who started it or to a Company Manager
 * or site admin. Anyone else is answered as if it did not exist.
 */
async function visibleJob(db: Kysely<Database>, ctx: AuthedContext, id: number): Promise<JobRow> {
  const row = await findJob(db, id);
  if (!row || row.company_id !== ctx.companyId) throw notFound();
  const isOwner = row.created_by !== null && row.created_by === ctx.actorId;
  const isManager = ctx.user.site_admin === 1 || hasRoleAccess(ctx.user.role, ROLE.CompanyManager);
  if (!isOwner && !isManager) throw notFound();
  return row;
}

/** GET /jobs/{id}. */
export async function getJob(db: Kysely<Database>, ctx: AuthedContext, id: number): Promise<Job> {
  return toJob(await visibleJob(db, ctx, id));
}

const finished = () => new AppError(409, 'This job has already finished: there is nothing left to cancel.');

/**
 * POST /jobs/{id}/cancel, for whoever may see the job. A queued job fails at once (its type tidies
 * up, e.g. the import it was for); a running one is stamped, and its worker stops it within its
 * cancel poll (about a second), failing it "Cancelled by …". Asking twice changes nothing more.
 */
export async function cancelJob(deps: { db: Kysely<Database>; log: WorkerLog }, ctx: AuthedContext, id: number) {
  const row = await visibleJob(deps.db, ctx, id);
  if (row.status === 'completed' || row.status === 'failed') throw finished();
  const name = `${ctx.user.first_name} ${ctx.user.last_name}`;
  const now = ctx.now();
  await deps.db.transaction().execute(async (trx) => {
    const dropped = row.status === 'queued' && (await cancelQueuedJob(trx, id, ctx.user.id, name, now));
    const requested = !dropped && (await requestCancel(trx, id, ctx.user.id, now));
    if (dropped)
      await jobRegistry[row.type]?.onStopped?.({ db: trx, job: row, log: deps.log, now: ctx.now }, cancelledBy(name));
    if (!dropped && !requested) {
      const current = await findJob(trx, id);
      if (current && isJobFinished(current.status as Job['status'])) throw finished();
      return; // already asked to stop: nothing new to record
    }
    await audit(trx, ctx, {
      action: 'job.cancel',
      entityType: 'job',
      entityId: id,
      before: { type: row.type, status: row.status },
      after: { status: dropped ? 'failed' : 'running', cancel_requested: true },
    });
  });
  return toJob((await findJob(deps.db, id)) ?? row);
}
