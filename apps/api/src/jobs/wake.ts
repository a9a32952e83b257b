import { setTimeout as delay } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';

/**
 * A hint from `enqueue` to the workers of this process (the server's worker thread) that a job was
 * queued, so that it starts now instead of at the next poll. Only a hint: the job is usually
 * enqueued inside a transaction that has not committed yet, so a woken worker polls a few times in
 * quick succession; a worker in another process (`npm run worker`) still finds it by polling.
 */
const CHANNEL = 'heed-jobs-queued';

/** After a hint, the waits before the next polls (ms): long enough for the enqueuing transaction to commit. */
const QUICK_POLLS_MS = [10, 40, 100, 250] as const;

let announcer: BroadcastChannel | null = null;

export function announceQueuedJob(): void {
  if (!announcer) {
    announcer = new BroadcastChannel(CHANNEL);
    announcer.unref();
  }
  announcer.postMessage('queued');
}

/**
 * What a worker waits on between polls: `wait(ms)` resolves after `ms`, or on abort, or soon after
 * a job is announced (then the next few waits are the quick ones).
 */
export function jobWaiter(signal: AbortSignal) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  let wake: AbortController | null = null;
  let quick: number[] = [];
  channel.onmessage = () => {
    quick = [...QUICK_POLLS_MS];
    wake?.abort();
  };
  return {
    async wait(ms: number): Promise<void> {
      const next = quick.shift();
      wake = new AbortController();
      const both = AbortSignal.any([signal, wake.signal]);
      await delay(next ?? ms, undefined, { signal: both }).catch(() => undefined);
      wake = null;
    },
    close: () => channel.close(),
  };
}
