import type { StoppedJobContext } from '../../jobs/types.ts';
import { importJobPayload } from './users-import.job.ts';

const parsePayload = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
};

/** The statuses of an import whose job is at work on it (users-import.job.ts's EXPECTED). */
const AT_WORK = ['validating', 'queued', 'running'];

/**
 * The `onStopped` of users-import jobs (index.ts): a cancelled import, or one past its time budget,
 * must not stay "validating"/"running" forever. It fails like an import whose job gave up (so a dry
 * run can be done again, and a run resumes after its last committed chunk), with the reason shown.
 * Only while the import is still this job's: a newer job may have taken it over meanwhile.
 */
export async function markStoppedImportFailed(ctx: StoppedJobContext, reason: string): Promise<void> {
  const parsed = importJobPayload.safeParse(parsePayload(ctx.job.payload));
  if (!parsed.success) return;
  await ctx.db
    .updateTable('imports')
    .set({ status: 'failed', last_error: reason.slice(0, 2000) })
    .where('id', '=', parsed.data.import_id)
    .where('job_id', '=', ctx.job.id)
    .where('status', 'in', AT_WORK)
    .execute();
}
