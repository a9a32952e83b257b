import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker, parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { budgetSpent } from './job-watch.ts';
import { JOB_LANES, type JobLane, type WorkerLog } from './types.ts';
import { type RunningJob, type WorkerTiming, startWorker } from './worker.ts';

/** Time a stopping worker gets to finish the job in hand before the thread is terminated. */
const STOP_TIMEOUT_MS = 30_000;
const RESTART_DELAY_MS = 5_000;
/**
 * How long past a job's give-up time (budget + grace) the watchdog waits before it ends the thread.
 * The thread gives a job up itself when the handler yields; only a handler holding the thread's
 * event loop (synchronous work) reaches the watchdog.
 */
const WATCHDOG_SLACK_MS = 30_000;
/**
 * Each lane's V8 heap. Heavy jobs work in chunks (an import holds 1,000 rows, the file's duplicate
 * check in typed arrays and an XLSX file's shared strings in a buffer, both outside this heap), so
 * little of it is live: an import of 100,000 rows keeps ~30 MB. Without limits V8 lets each chunk's
 * garbage pile up to hundreds of MB before collecting it and the server passes its memory budget
 * (~300 MB for API and worker together); with them it collects sooner, for a few % more CPU. A job
 * that truly needs more ends the thread (ERR_WORKER_OUT_OF_MEMORY), not the server: the thread is
 * restarted and the job, its lease gone stale, is retried until its attempts run out. Short jobs
 * (e-mails) keep little live, but the notification run renders templates (LiquidJS, the HTML sanitizer)
 * and holds pooled SMTP connections: 32 MB ended the demo's first reminder run out of memory, 64 MB
 * gives it room (decisions 056, 068).
 */
const LANE_HEAP_LIMITS: Record<JobLane, ResourceLimits> = {
  heavy: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
  short: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 },
};

type Level = 'info' | 'warn' | 'error';
type ToParent = { kind: 'log'; level: Level; obj: object; msg?: string } | { kind: 'job'; running: RunningJob | null };
type ToThread = { kind: 'stop' };

interface ThreadData {
  config: Omit<Config, 'now'>;
  timing: Partial<WorkerTiming>;
  lane: JobLane;
  /** The job the previous thread of this lane was ended over, to fail first. */
  overdue?: { job: RunningJob; reason: string };
  entry: string;
  tsxApi: string | null;
}

/**
 * The module the thread loads: this file when running from source under tsx, or the bundle of
 * `src/worker-thread.ts` (`dist/worker-thread.js`, which re-exports runWorkerThread) beside the
 * server's when running the build (`npm start`, decision 001).
 */
function threadEntry(): string {
  return import.meta.url.endsWith('.ts') ? import.meta.url : new URL('./worker-thread.js', import.meta.url).href;
}

/** tsx's API, so the thread can load this TypeScript file (Node 20 does not pass `--import tsx` to workers). */
function tsxApiUrl(): string | null {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    try {
      return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
    } catch {
      return null;
    }
  }
}

// Runs inside the thread: load tsx when the entry is TypeScript, then this module's runWorkerThread.
const BOOTSTRAP = `
import('node:worker_threads').then(async ({ workerData }) => {
  if (workerData.tsxApi && workerData.entry.endsWith('.ts')) (await import(workerData.tsxApi)).register();
  const entry = await import(workerData.entry);
  await entry.runWorkerThread();
});
`;

/**
 * Starts the job worker: one thread per lane (decision 056), each with its own event loop and
 * database connection, so a heavy job, even one that holds its thread, never delays a password mail.
 */
export function startWorkerThread(
  config: Config,
  log: WorkerLog,
  timing: Partial<WorkerTiming> = {},
  lanes: readonly JobLane[] = JOB_LANES,
) {
  const threads = lanes.map((lane) => startLaneThread(config, log, timing, lane));
  return {
    async stop(): Promise<void> {
      await Promise.all(threads.map((thread) => thread.stop()));
    },
  };
}

/**
 * One lane's thread: restarted if it crashes (or ends itself over a job that ignored its stop), ended
 * by the watchdog when a job holds it past its budget, and stopped gracefully: the job in hand
 * finishes, or the thread is terminated after STOP_TIMEOUT_MS (the job's lease then expires and
 * another worker re-runs it).
 */
function startLaneThread(config: Config, log: WorkerLog, timing: Partial<WorkerTiming>, lane: JobLane) {
  const { now: _now, ...plainConfig } = config;
  const entry = threadEntry();
  const base: ThreadData = {
    config: plainConfig,
    timing,
    lane,
    entry,
    tsxApi: entry.endsWith('.ts') ? tsxApiUrl() : null,
  };
  let worker: Worker | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let overdue: ThreadData['overdue'];

  const watch = (thread: Worker, running: RunningJob | null) => {
    clearTimeout(watchdog);
    if (!running) return;
    watchdog = setTimeout(
      () => {
        overdue = { job: running, reason: budgetSpent(running.budgetMinutes) };
        log.error(
          { lane, jobId: running.jobId },
          'a job held its worker thread past its time budget; ending the thread',
        );
        void thread.terminate();
      },
      running.giveUpAt + WATCHDOG_SLACK_MS - Date.now(),
    );
    watchdog.unref();
  };

  const spawn = () => {
    const thread = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { ...base, overdue } satisfies ThreadData,
      name: `heed-worker-${lane}`,
      resourceLimits: LANE_HEAP_LIMITS[lane],
    });
    overdue = undefined;
    worker = thread;
    thread.on('message', (message: ToParent) => {
      if (message.kind === 'log') log[message.level]({ lane, ...message.obj }, message.msg);
      else watch(thread, message.running);
    });
    thread.on('error', (err) => log.error({ err, lane }, 'job worker thread crashed'));
    thread.on('exit', (code) => {
      worker = null;
      clearTimeout(watchdog);
      if (stopping) return;
      log.error({ code, lane }, 'job worker thread exited; restarting');
      restartTimer = setTimeout(spawn, RESTART_DELAY_MS);
      restartTimer.unref();
    });
  };
  spawn();

  return {
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
      clearTimeout(watchdog);
      const thread = worker;
      if (!thread) return;
      const exited = once(thread, 'exit');
      thread.postMessage({ kind: 'stop' } satisfies ToThread);
      const kill = setTimeout(() => void thread.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}

const plain = (obj: object): object =>
  Object.fromEntries(
    Object.entries(obj).map(([key, value]) => [
      key,
      value instanceof Error ? { message: value.message, stack: value.stack } : value,
    ]),
  );

/** The thread's side: run its lane's worker, forward its log lines and running job, stop when asked. */
export async function runWorkerThread(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('runWorkerThread must run inside a worker thread.');
  const { config, timing, lane, overdue } = workerData as ThreadData;
  const forward =
    (level: Level) =>
    (obj: object, msg?: string): void =>
      port.postMessage({ kind: 'log', level, obj: plain(obj), msg } satisfies ToParent);
  const log: WorkerLog = { info: forward('info'), warn: forward('warn'), error: forward('error') };
  const onJob = (running: RunningJob | null) => port.postMessage({ kind: 'job', running } satisfies ToParent);
  const worker = startWorker({ ...config, now: () => new Date() }, log, { timing, lane, onJob, overdue });
  // A handler that ignored its stop still runs on this thread: only ending the thread ends it.
  void worker.ended.then((end) => {
    if (end !== 'abandoned') return;
    log.error({ lane }, 'ending the worker thread: a stopped job is still running on it');
    process.exit(1);
  });
  port.on('message', (message: ToThread) => {
    if (message.kind !== 'stop') return;
    worker.stop().then(
      () => port.close(),
      (err) => {
        log.error({ err }, 'job worker did not stop cleanly');
        port.close();
      },
    );
  });
}
