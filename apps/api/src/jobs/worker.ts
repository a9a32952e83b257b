import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { type Dialect, createDb } from '../db/create-db.ts';
import type { Database } from '../db/types.ts';
import { jobRegistry } from '../modules/index.ts';
import { type WatchTiming, watchJob } from './job-watch.ts';
import {
  type JobRow,
  claimJob,
  completeJob,
  failJob,
  failRequeuedJob,
  getJob,
  reportProgress,
  requeueStaleJobs,
} from './queue.repository.ts';
import {
  type JobContext,
  type JobEntry,
  type JobHandler,
  type JobLane,
  PermanentJobError,
  type WorkerLog,
} from './types.ts';
import { enqueueScheduledJobs } from './schedules.ts';
import { jobWaiter } from './wake.ts';

/** The job a worker is running, for a watchdog outside its event loop (worker-thread.ts). */
export interface RunningJob {
  jobId: number;
  workerId: string;
  /** The attempt it is on: a re-queued job still on it was not run again since. */
  attempt: number;
  budgetMinutes: number;
  /** Epoch ms after which the worker should have given the job up, even if its handler ignored its signal. */
  giveUpAt: number;
}

export interface WorkerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  log: WorkerLog;
  workerId: string;
  /** Job types: the registry's (every module's) by default. Tests pass their own; a bare handler gets BARE_HANDLER. */
  handlers?: Readonly<Record<string, JobHandler | JobEntry>>;
  /** The lane this worker claims from; any lane when absent (tests, one-off runs). */
  lane?: JobLane;
  /** Told when a job starts (and `null` when it ends). */
  onJob?: (running: RunningJob | null) => void;
}

export interface WorkerTiming extends WatchTiming {
  /** Wait between polls of an empty queue. */
  pollIntervalMs: number;
  /** A running job whose lease is older than this is taken to have lost its worker. */
  staleAfterMs: number;
  /** How often a running job's lease is renewed. */
  heartbeatMs: number;
}

const DEFAULT_TIMING: WorkerTiming = {
  pollIntervalMs: 1000,
  staleAfterMs: 5 * 60_000,
  heartbeatMs: 30_000,
  cancelPollMs: 1000,
  stopGraceMs: 30_000,
};

/** A handler given without lane or budget (tests): any lane may run it, for as long as a heavy job. */
const BARE_HANDLER = { lane: 'short', budgetMinutes: 30 } as const;

/** Host, process and thread, plus a random tail: unique among workers, and readable in the jobs table. */
function newWorkerId(): string {
  return `${hostname().slice(0, 32)}:${process.pid}:${threadId}:${randomBytes(3).toString('hex')}`;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

function entryFor(deps: WorkerDeps, type: string): JobEntry | undefined {
  const found = (deps.handlers ?? jobRegistry)[type];
  return typeof found === 'function' ? { run: found, ...BARE_HANDLER } : found;
}

function jobContext(deps: WorkerDeps, job: JobRow, signal: AbortSignal): JobContext {
  const { db, config, workerId } = deps;
  return {
    db,
    dialect: deps.dialect,
    config,
    job,
    payload: JSON.parse(job.payload),
    isLastAttempt: job.attempts >= job.max_attempts,
    log: deps.log,
    now: config.now,
    progress: (done, total) => reportProgress(db, job, workerId, config.now(), { done, total }),
    signal,
  };
}

type Outcome = { kind: 'ok'; result: unknown } | { kind: 'error'; error: unknown } | { kind: 'abandoned' };

/** What a run tells its loop: `abandoned` when the handler ignored its signal and is still going. */
export type RunEnd = 'done' | 'abandoned';

async function runJob(deps: WorkerDeps, job: JobRow, timing: WorkerTiming): Promise<RunEnd> {
  const { db, config, log, workerId } = deps;
  const entry = entryFor(deps, job.type);
  if (!entry) {
    await failJob(db, job, workerId, `No handler for job type "${job.type}".`, config.now(), true);
    return 'done';
  }
  const heartbeat = setInterval(() => {
    reportProgress(db, job, workerId, config.now()).catch((err) =>
      log.warn({ err, jobId: job.id }, 'job lease renewal failed'),
    );
  }, timing.heartbeatMs);
  heartbeat.unref();
  const watch = watchJob(db, job.id, entry.budgetMinutes, timing, log);
  const giveUpAt = Date.now() + entry.budgetMinutes * 60_000 + timing.stopGraceMs;
  deps.onJob?.({ jobId: job.id, workerId, attempt: job.attempts, budgetMinutes: entry.budgetMinutes, giveUpAt });
  try {
    const running = (async () => entry.run(jobContext(deps, job, watch.signal)))();
    const outcome = await Promise.race<Outcome>([
      running.then(
        (result) => ({ kind: 'ok', result }),
        (error) => ({ kind: 'error', error }),
      ),
      watch.abandoned.then(() => ({ kind: 'abandoned' })),
    ]);
    await recordOutcome(deps, job, entry, outcome, watch.reason);
    return outcome.kind === 'abandoned' ? 'abandoned' : 'done';
  } finally {
    clearInterval(heartbeat);
    watch.dispose();
    deps.onJob?.(null);
  }
}

/**
 * A handler that finished is done, even if it was asked to stop meanwhile. One that failed after
 * its signal aborted (or never settled) was stopped: failed for good, with the stop's reason.
 */
async function recordOutcome(deps: WorkerDeps, job: JobRow, entry: JobEntry, outcome: Outcome, stop: string | null) {
  const { db, config, log, workerId } = deps;
  if (outcome.kind === 'ok') {
    await completeJob(db, job, workerId, outcome.result ?? null, config.now());
  } else if (stop !== null) {
    if (outcome.kind === 'abandoned') log.error({ jobId: job.id, type: job.type }, 'job ignored its stop signal');
    else log.warn({ jobId: job.id, type: job.type, reason: stop }, 'job stopped');
    await stopJob(deps, job, entry, stop);
  } else {
    const error = outcome.kind === 'error' ? outcome.error : new Error('The job was abandoned.');
    log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: error }, 'job failed');
    await failJob(db, job, workerId, errorMessage(error), config.now(), error instanceof PermanentJobError);
  }
}

/** Fails a stopped job for good and lets its type tidy up (an import's record), if this worker still held it. */
async function stopJob(deps: WorkerDeps, job: JobRow, entry: JobEntry | undefined, reason: string) {
  const { db, config, log, workerId } = deps;
  if (!(await failJob(db, job, workerId, reason, config.now(), true))) return;
  await entry?.onStopped?.({ db, job, log, now: config.now }, reason).catch((err) => {
    log.error({ err, jobId: job.id }, 'tidying up after a stopped job failed');
  });
}

/**
 * A job whose worker was ended from outside (its handler held the thread past `giveUpAt`): fail it
 * with `reason`. Its lease may have gone stale meanwhile and another lane's sweep re-queued it: still
 * on the same attempt, nobody ran it again, and running it again would hold the lane again.
 * Left alone when another worker has taken it over. Run by the restarted thread.
 */
export async function stopOverdueJob(deps: WorkerDeps, overdue: RunningJob, reason: string): Promise<void> {
  const job = await getJob(deps.db, overdue.jobId);
  if (!job || job.attempts !== overdue.attempt) return;
  if (job.status === 'running' && job.locked_by === overdue.workerId) {
    await stopJob({ ...deps, workerId: overdue.workerId }, job, entryFor(deps, job.type), reason);
  } else if (job.status === 'queued' && (await failRequeuedJob(deps.db, job, reason, deps.config.now()))) {
    await entryFor(deps, job.type)?.onStopped?.({ db: deps.db, job, log: deps.log, now: deps.config.now }, reason);
  }
}

async function claimAndRun(deps: WorkerDeps, timing: WorkerTiming) {
  const job = await claimJob(deps.db, deps.dialect, deps.workerId, deps.config.now(), deps.lane);
  if (!job) return undefined;
  return { job, end: await runJob(deps, job, timing) };
}

/**
 * Claims and runs the next due job (of the worker's lane), if any. Returns the job as it stands
 * afterwards (completed, re-queued or failed), or undefined when nothing was due. Tests call this directly.
 */
export async function processNextJob(
  deps: WorkerDeps,
  timing: Partial<WorkerTiming> = {},
): Promise<JobRow | undefined> {
  const ran = await claimAndRun(deps, { ...DEFAULT_TIMING, ...timing });
  return ran && getJob(deps.db, ran.job.id);
}

/** Why a worker loop returned: asked to stop, or a handler it cannot stop still holds its lane. */
export type LoopEnd = 'stopped' | 'abandoned';

/**
 * Polls until `signal` aborts; the job in hand is finished first. A job queued in this process
 * wakes it at once (wake.ts) instead of waiting out the poll interval. Returns early,
 * `abandoned`, when a handler ignored its stop: its host should end the thread the handler runs on.
 */
export async function runWorkerLoop(
  deps: WorkerDeps,
  signal: AbortSignal,
  timing: Partial<WorkerTiming> = {},
): Promise<LoopEnd> {
  const waiter = jobWaiter(signal);
  try {
    return await pollUntilAborted(deps, signal, { ...DEFAULT_TIMING, ...timing }, waiter.wait);
  } finally {
    waiter.close();
  }
}

async function pollUntilAborted(
  deps: WorkerDeps,
  signal: AbortSignal,
  timing: WorkerTiming,
  wait: (ms: number) => Promise<void>,
): Promise<LoopEnd> {
  let lastSweep = Number.NEGATIVE_INFINITY;
  while (!signal.aborted) {
    let ranJob = false;
    try {
      if (performance.now() - lastSweep >= timing.staleAfterMs / 5) {
        const swept = await requeueStaleJobs(deps.db, deps.config.now(), timing.staleAfterMs);
        if (swept.requeued + swept.failed > 0) deps.log.warn(swept, 'jobs with a stale lock re-queued');
        // Periodic jobs come from the registry only: a test's own handlers never queue any.
        if (!deps.handlers && deps.config.scheduledJobs)
          await enqueueScheduledJobs(deps.db, jobRegistry, deps.config.now());
        lastSweep = performance.now();
      }
      const ran = await claimAndRun(deps, timing);
      if (ran?.end === 'abandoned') return 'abandoned';
      ranJob = ran !== undefined;
    } catch (err) {
      deps.log.error({ err }, 'job worker poll failed');
    }
    if (!ranJob) await wait(timing.pollIntervalMs);
  }
  return 'stopped';
}

export interface RunningWorker {
  /** Settles when the loop returns: asked to stop, or `abandoned` (see runWorkerLoop). */
  ended: Promise<LoopEnd>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  timing?: Partial<WorkerTiming>;
  /** The lane to claim from; any lane when absent. */
  lane?: JobLane;
  onJob?: WorkerDeps['onJob'];
  /** A job the previous worker of this thread had to be ended over: failed first, with this reason. */
  overdue?: { job: RunningJob; reason: string };
}

/**
 * Starts a worker on its own database connection, so its queries never wait on (or block) the
 * API's connection, nor another lane's. Used by each worker thread (one per lane).
 */
export function startWorker(config: Config, log: WorkerLog, options: WorkerOptions = {}): RunningWorker {
  const handle = createDb({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 2 });
  const { lane, onJob, overdue } = options;
  const deps: WorkerDeps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    log,
    workerId: newWorkerId(),
    lane,
    onJob,
  };
  const controller = new AbortController();
  const ended = (async () => {
    if (overdue)
      await stopOverdueJob(deps, overdue.job, overdue.reason).catch((err) =>
        log.error({ err }, 'could not fail the overdue job'),
      );
    return runWorkerLoop(deps, controller.signal, options.timing);
  })();
  log.info({ workerId: deps.workerId, lane: lane ?? 'all' }, 'job worker started');
  return {
    ended,
    async stop() {
      controller.abort();
      await ended;
      await handle.close();
    },
  };
}
