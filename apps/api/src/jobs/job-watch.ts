import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { cancelledBy, findCancelRequest } from './cancel-request.repository.ts';
import { JobStoppedError, type WorkerLog } from './types.ts';

/** The job's error once its budget is spent. */
export const budgetSpent = (minutes: number) =>
  `Stopped: the job ran past its time budget of ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export interface WatchTiming {
  /** How often a running job's cancel request is looked for: how soon a cancel takes effect. */
  cancelPollMs: number;
  /** After the signal aborts, how long the handler gets to settle before the worker gives up on it. */
  stopGraceMs: number;
}

export interface JobWatch {
  /** The handler's `ctx.signal`. */
  signal: AbortSignal;
  /** Why the job was stopped; null while it was not. */
  readonly reason: string | null;
  /** Settles `stopGraceMs` after a stop: the handler ignored its signal. */
  abandoned: Promise<void>;
  dispose(): void;
}

/**
 * Watches one running job: aborts its signal when its budget is spent or someone cancels it (a cheap
 * poll by primary key while it runs; the worker's own connection, so a heavy chunk delays it to the
 * chunk's end at most). The timers are cleared by `dispose`, which the worker calls in every case.
 */
export function watchJob(
  db: Kysely<Database>,
  jobId: number,
  budgetMinutes: number,
  timing: WatchTiming,
  log: WorkerLog,
): JobWatch {
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let reason: string | null = null;
  let giveUp: () => void = () => undefined;
  const abandoned = new Promise<void>((resolve) => {
    giveUp = resolve;
  });
  const stop = (message: string) => {
    if (reason !== null) return;
    reason = message;
    controller.abort(new JobStoppedError(message));
    timers.push(setTimeout(giveUp, timing.stopGraceMs));
  };
  timers.push(setTimeout(() => stop(budgetSpent(budgetMinutes)), budgetMinutes * 60_000));
  let polling = false;
  const poll = setInterval(() => {
    if (polling || reason !== null) return;
    polling = true;
    findCancelRequest(db, jobId)
      .then((request) => request && stop(cancelledBy(request.by)))
      .catch((err) => log.warn({ err, jobId }, 'cancel request check failed'))
      .finally(() => {
        polling = false;
      });
  }, timing.cancelPollMs);
  timers.push(poll);
  return {
    signal: controller.signal,
    get reason() {
      return reason;
    },
    abandoned,
    dispose: () => {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
