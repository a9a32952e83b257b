import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { type Dialect, createDb } from './db/create-db.ts';
import type { Database } from './db/types.ts';
import { jobHandlers } from './jobs/registry.ts';
import { type JobHandler, PermanentJobError, type WorkerLog } from './jobs/types.ts';
import {
  type JobRow,
  claimJob,
  completeJob,
  failJob,
  getJob,
  reportProgress,
  requeueStaleJobs,
} from './platform/jobs.ts';
import { jobWaiter } from './platform/job-wake.ts';

export interface WorkerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  log: WorkerLog;
  workerId: string;
  handlers?: Readonly<Record<string, JobHandler>>;
}

export interface WorkerTiming {
  /** Wait between polls of an empty queue. */
  pollIntervalMs: number;
  /** A running job whose lease is older than this is taken to have lost its worker. */
  staleAfterMs: number;
  /** How often a running job's lease is renewed. */
  heartbeatMs: number;
}

export const DEFAULT_TIMING: WorkerTiming = { pollIntervalMs: 1000, staleAfterMs: 5 * 60_000, heartbeatMs: 30_000 };

/** Host, process and thread, plus a random tail: unique among workers, and readable in the jobs table. */
export function newWorkerId(): string {
  return `${hostname().slice(0, 32)}:${process.pid}:${threadId}:${randomBytes(3).toString('hex')}`;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function runJob(deps: WorkerDeps, job: JobRow, heartbeatMs: number): Promise<void> {
  const { db, config, log, workerId } = deps;
  const handler = (deps.handlers ?? jobHandlers)[job.type];
  if (!handler) {
    await failJob(db, job, workerId, `No handler for job type "${job.type}".`, config.now(), true);
    return;
  }
  const heartbeat = setInterval(() => {
    reportProgress(db, job, workerId, config.now()).catch((err) =>
      log.warn({ err, jobId: job.id }, 'job lease renewal failed'),
    );
  }, heartbeatMs);
  heartbeat.unref();
  try {
    const result = await handler({
      db,
      dialect: deps.dialect,
      config,
      job,
      payload: JSON.parse(job.payload),
      isLastAttempt: job.attempts >= job.max_attempts,
      log,
      now: config.now,
      progress: (done, total) => reportProgress(db, job, workerId, config.now(), { done, total }),
    });
    await completeJob(db, job, workerId, result ?? null, config.now());
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: error }, 'job failed');
    await failJob(db, job, workerId, errorMessage(error), config.now(), permanent);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Claims and runs the next due job, if any. Returns the job as it stands afterwards (completed,
 * re-queued or failed), or undefined when nothing was due. Tests call this directly.
 */
export async function processNextJob(
  deps: WorkerDeps,
  heartbeatMs = DEFAULT_TIMING.heartbeatMs,
): Promise<JobRow | undefined> {
  const job = await claimJob(deps.db, deps.dialect, deps.workerId, deps.config.now());
  if (!job) return undefined;
  await runJob(deps, job, heartbeatMs);
  return getJob(deps.db, job.id);
}

/**
 * Polls until `signal` aborts; the job in hand is finished first. A job queued in this process
 * wakes it at once (platform/job-wake.ts) instead of waiting out the poll interval.
 */
export async function runWorkerLoop(deps: WorkerDeps, signal: AbortSignal, timing = DEFAULT_TIMING): Promise<void> {
  const waiter = jobWaiter(signal);
  try {
    await pollUntilAborted(deps, signal, timing, waiter.wait);
  } finally {
    waiter.close();
  }
}

async function pollUntilAborted(
  deps: WorkerDeps,
  signal: AbortSignal,
  timing: WorkerTiming,
  wait: (ms: number) => Promise<void>,
): Promise<void> {
  let lastSweep = Number.NEGATIVE_INFINITY;
  while (!signal.aborted) {
    let ranJob = false;
    try {
      if (performance.now() - lastSweep >= timing.staleAfterMs / 5) {
        const swept = await requeueStaleJobs(deps.db, deps.config.now(), timing.staleAfterMs);
        if (swept.requeued + swept.failed > 0) deps.log.warn(swept, 'jobs with a stale lock re-queued');
        lastSweep = performance.now();
      }
      ranJob = (await processNextJob(deps, timing.heartbeatMs)) !== undefined;
    } catch (err) {
      deps.log.error({ err }, 'job worker poll failed');
    }
    if (!ranJob) await wait(timing.pollIntervalMs);
  }
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * Starts a worker on its own database connection, so its queries never wait on (or block) the
 * API's connection. Used by the worker thread and by `npm run worker`.
 */
export function startWorker(config: Config, log: WorkerLog, timing: Partial<WorkerTiming> = {}): RunningWorker {
  const handle = createDb({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 2 });
  const deps: WorkerDeps = { db: handle.db, dialect: handle.dialect, config, log, workerId: newWorkerId() };
  const controller = new AbortController();
  const loop = runWorkerLoop(deps, controller.signal, { ...DEFAULT_TIMING, ...timing });
  log.info({ workerId: deps.workerId }, 'job worker started');
  return {
    async stop() {
      controller.abort();
      await loop;
      await handle.close();
    },
  };
}
