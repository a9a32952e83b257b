import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { WorkerLog } from './jobs/types.ts';
import { type WorkerTiming, startWorker } from './worker.ts';

/** Time a stopping worker gets to finish the job in hand before the thread is terminated. */
const STOP_TIMEOUT_MS = 30_000;
const RESTART_DELAY_MS = 5_000;
/**
 * The thread's V8 heap. Its jobs work in chunks (an import holds 1,000 rows, the file's duplicate
 * check in typed arrays and an XLSX file's shared strings in a buffer, both outside this heap), so
 * little of it is live: an import of 100,000 rows keeps ~30 MB. Without limits V8 lets each chunk's
 * garbage pile up to hundreds of MB before collecting it and the server passes its memory budget
 * (~300 MB for API and worker together); with them it collects sooner, for a few % more CPU. A job
 * that truly needs more ends the thread (ERR_WORKER_OUT_OF_MEMORY), not the server: the thread is
 * restarted and the job, its lease gone stale, is retried until its attempts run out.
 */
const WORKER_HEAP_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

type Level = 'info' | 'warn' | 'error';
type ToParent = { kind: 'log'; level: Level; obj: object; msg?: string };
type ToThread = { kind: 'stop' };

interface ThreadData {
  config: Omit<Config, 'now'>;
  timing: Partial<WorkerTiming>;
  entry: string;
  tsxApi: string | null;
}

/**
 * The module the thread loads: this file when running from source under tsx, or its bundle
 * (`dist/worker-thread.js`) beside the server's when running the build (`npm start`, decision 040).
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
 * Starts the job worker on its own thread (its own event loop and database connection), restarts
 * it if it crashes, and stops it gracefully: the job in hand finishes, or the thread is terminated
 * after STOP_TIMEOUT_MS (the job's lease then expires and another worker re-runs it).
 */
export function startWorkerThread(config: Config, log: FastifyBaseLogger, timing: Partial<WorkerTiming> = {}) {
  const { now: _now, ...plainConfig } = config;
  const entry = threadEntry();
  const data: ThreadData = { config: plainConfig, timing, entry, tsxApi: entry.endsWith('.ts') ? tsxApiUrl() : null };
  let worker: Worker | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const spawn = () => {
    const thread = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: data,
      name: 'heed-worker',
      resourceLimits: WORKER_HEAP_LIMITS,
    });
    worker = thread;
    thread.on('message', (message: ToParent) => {
      if (message.kind === 'log') log[message.level](message.obj, message.msg);
    });
    thread.on('error', (err) => log.error({ err }, 'job worker thread crashed'));
    thread.on('exit', (code) => {
      worker = null;
      if (stopping) return;
      log.error({ code }, 'job worker thread exited; restarting');
      restartTimer = setTimeout(spawn, RESTART_DELAY_MS);
      restartTimer.unref();
    });
  };
  spawn();

  return {
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
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

/** The thread's side: run the worker, forward its log lines, stop when asked. */
export async function runWorkerThread(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('runWorkerThread must run inside a worker thread.');
  const { config, timing } = workerData as ThreadData;
  const forward =
    (level: Level) =>
    (obj: object, msg?: string): void =>
      port.postMessage({ kind: 'log', level, obj: plain(obj), msg } satisfies ToParent);
  const log: WorkerLog = { info: forward('info'), warn: forward('warn'), error: forward('error') };
  const worker = startWorker({ ...config, now: () => new Date() }, log, timing);
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
