import { limitPageCache } from '../../db/dialect/index.ts';
import { z } from 'zod';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { iso } from '../../platform/clock.ts';
import { FileRefusedError } from '../../platform/files/file-limits.ts';
import { dryRunImport } from './import-dry-run.ts';
import { runImport } from './import-run.ts';
import { prepareRun } from './run-context.ts';
import { findImport, updateImport } from './users-import.repository.ts';

/** The job type of a users import's dry run or run. */
export const USERS_IMPORT_JOB = 'users_import';

export const importJobPayload = z.object({
  import_id: z.number().int().positive(),
  mode: z.enum(['dry_run', 'run']),
});

/** The status an import must have for its job to work on it; any other means the job is stale. */
const EXPECTED = { dry_run: ['validating'], run: ['queued', 'running'] } as const;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a dry run or an import. A failure is retried by the queue (the run resumes after its last
 * committed chunk); when no attempt is left, or it cannot succeed, the import is marked failed.
 */
export const usersImportJob: JobHandler = async (ctx) => {
  const parsed = importJobPayload.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload names no import.');
  const { import_id: importId, mode } = parsed.data;
  const current = await findImport(ctx.db, importId);
  if (!current) throw new PermanentJobError(`Import ${importId} no longer exists.`);
  if (!(EXPECTED[mode] as readonly string[]).includes(current.status) || current.job_id !== ctx.job.id)
    return { skipped: `The import is ${current.status}.` };
  const restoreCache = await limitPageCache(ctx.db, ctx.dialect, IMPORT_CACHE_KIB);
  try {
    const run = await prepareRun({ db: ctx.db, dialect: ctx.dialect, config: ctx.config }, importId);
    // Cancelled or out of time: the readers stop between chunks (a refused file stops them sooner).
    const signal = ctx.signal;
    if (mode === 'dry_run') {
      await dryRunImport(run, ctx.progress, signal);
    } else {
      if (current.status === 'queued') {
        await updateImport(ctx.db, importId, { status: 'running', started_at: current.started_at ?? iso(ctx.now()) });
      }
      await runImport(run, ctx.progress, signal);
    }
    const done = await findImport(ctx.db, importId);
    return { import_id: importId, mode, status: done?.status };
  } catch (error) {
    // A refused file fails the same way on every attempt: no retry, its message shown as the import's error.
    const refused = error instanceof FileRefusedError;
    if (refused || error instanceof PermanentJobError || ctx.isLastAttempt) {
      await updateImport(ctx.db, importId, { status: 'failed', last_error: message(error).slice(0, 2000) });
    } else {
      await updateImport(ctx.db, importId, { last_error: message(error).slice(0, 2000) });
    }
    throw refused ? new PermanentJobError(message(error)) : error;
  } finally {
    await restoreCache();
  }
};

/** The page cache an import's SQLite connection keeps (KiB): its writes touch each index page a few times, not over and over. */
const IMPORT_CACHE_KIB = 16 * 1024;
