import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type JobHandler, PermanentJobError, type StoppedJobContext } from '../../jobs/types.ts';
import { storageArea } from '../../platform/storage-area.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { executeRun, failRun } from './run-execution.ts';
import { sweepDueReports } from './sweep.ts';

/** The hourly sweep's job type (JobEntry.every: 'hour'). */
export const AUTOMATED_REPORTS_SWEEP_JOB = 'automated_reports_sweep';

/** Run files live under DATA_DIR/automated-reports, keyed company/report/run/recipient. */
export const reportStorage = (config: Pick<Config, 'dataDir' | 'storage'>): FileStorage =>
  storageArea(config, 'automated-reports');

const payloadSchema = z.object({ runId: z.number().int() });

/** One run: its files, e-mails and outcome (run-execution.ts); on its last failed attempt the run is marked failed. */
export const automatedReportRunJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload is not an automated report run.');
  const deps = { db: ctx.db, storage: reportStorage(ctx.config), publicUrl: ctx.config.publicUrl };
  try {
    return await executeRun(deps, parsed.data.runId, {
      now: ctx.now,
      progress: (done, total) => ctx.progress(done, total),
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.isLastAttempt || error instanceof PermanentJobError)
      await failRun(ctx.db, parsed.data.runId, error instanceof Error ? error.message : String(error), ctx.now());
    throw error;
  }
};

/** A cancelled or timed-out run is marked failed. */
export async function onRunStopped(ctx: StoppedJobContext, reason: string) {
  const parsed = payloadSchema.safeParse(JSON.parse(ctx.job.payload));
  if (parsed.success) await failRun(ctx.db, parsed.data.runId, reason, ctx.now());
}

/** The hourly sweep: queues the runs due before the next one (sweep.ts). */
export const automatedReportsSweepJob: JobHandler = async (ctx) => sweepDueReports(ctx.db, ctx.now());
