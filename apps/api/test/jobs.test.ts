import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JobHandler, PermanentJobError } from '../src/jobs/types.ts';
import {
  STALE_LOCK_ERROR,
  claimJob,
  completeJob,
  enqueue,
  getJob,
  requeueStaleJobs,
} from '../src/jobs/queue.repository.ts';
import { type WorkerDeps, processNextJob } from '../src/jobs/worker.ts';
import { startWorkerThread } from '../src/jobs/worker-thread.ts';
import { jobStatusAfterWaiting, queueTestDelivery } from './support/deliveries.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const quiet = { info() {}, warn() {}, error() {} };

function worker(handlers: Record<string, JobHandler>, workerId = 'test-worker'): WorkerDeps {
  return { db: t.db, dialect: t.dialect, config: t.config, log: quiet, workerId, handlers };
}

const add = (type: string, extra: Partial<Parameters<typeof enqueue>[1]> = {}) =>
  enqueue(t.db, { type, payload: { n: 1 }, companyId: null, createdBy: null, now: t.clock.now, ...extra });

describe('the job queue', () => {
  it('claims due jobs oldest first, each exactly once, counting the attempt', async () => {
    const later = await add('x', { runAt: new Date(t.clock.now.getTime() + 60_000) });
    const jobs = [await add('x'), await add('x'), await add('x'), await add('x')];
    const claimed = await Promise.all(jobs.map((_, i) => claimJob(t.db, t.dialect, `w${i}`, t.clock.now)));
    expect(claimed.map((j) => j?.id).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(claimed.every((j) => j?.status === 'running' && j.attempts === 1)).toBe(true);
    expect(await claimJob(t.db, t.dialect, 'w9', t.clock.now)).toBeUndefined();
    t.clock.advanceMinutes(1);
    expect((await claimJob(t.db, t.dialect, 'w9', t.clock.now))?.id).toBe(later.id);
  });

  it('adds a job once per idempotency key', async () => {
    const first = await add('x', { idempotencyKey: 'nightly:2026-03-02' });
    const again = await add('x', { idempotencyKey: 'nightly:2026-03-02' });
    expect(again.id).toBe(first.id);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('runs a handler, stores its result and its progress', async () => {
    const job = await add('count');
    const done = await processNextJob(
      worker({
        count: async (ctx) => {
          await ctx.progress(5, 10);
          const row = await getJob(ctx.db, ctx.job.id);
          return { seen: ctx.payload, progress: row?.progress, total: row?.total };
        },
      }),
    );
    expect(done).toMatchObject({
      id: job.id,
      status: 'completed',
      attempts: 1,
      progress: 5,
      total: 10,
      locked_by: null,
    });
    expect(JSON.parse(done!.result!)).toEqual({ seen: { n: 1 }, progress: 5, total: 10 });
    expect(await processNextJob(worker({}))).toBeUndefined();
  });

  it('retries a failing job with exponential backoff until its attempts are spent', async () => {
    const job = await add('flaky', { maxAttempts: 3 });
    let calls = 0;
    const flaky = worker({
      flaky: async () => {
        calls += 1;
        throw new Error(`SMTP said no (${calls})`);
      },
    });

    const first = await processNextJob(flaky);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP said no (1)' });
    expect(first!.run_at).toBe(new Date(t.clock.now.getTime() + 30_000).toISOString());
    t.clock.advanceMinutes(0.4);
    expect(await processNextJob(flaky)).toBeUndefined();

    t.clock.advanceMinutes(0.1);
    const second = await processNextJob(flaky);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(second!.run_at).toBe(new Date(t.clock.now.getTime() + 60_000).toISOString());

    t.clock.advanceMinutes(1);
    const third = await processNextJob(flaky);
    expect(third).toMatchObject({ id: job.id, status: 'failed', attempts: 3, last_error: 'SMTP said no (3)' });
    t.clock.advanceMinutes(600);
    expect(await processNextJob(flaky)).toBeUndefined();
    expect(calls).toBe(3);
  });

  it('fails at once on a permanent error or an unknown job type', async () => {
    await add('broken');
    const broken = await processNextJob(
      worker({
        broken: async () => {
          throw new PermanentJobError('The record is gone.');
        },
      }),
    );
    expect(broken).toMatchObject({ status: 'failed', attempts: 1, last_error: 'The record is gone.' });
    await add('mystery');
    expect(await processNextJob(worker({}))).toMatchObject({
      status: 'failed',
      last_error: 'No handler for job type "mystery".',
    });
  });

  it("re-queues a job whose worker died, and ignores that worker's late answer", async () => {
    const job = await add('slow');
    await claimJob(t.db, t.dialect, 'dead-worker', t.clock.now);
    t.clock.advanceMinutes(4);
    expect(await requeueStaleJobs(t.db, t.clock.now, 5 * 60_000)).toEqual({ requeued: 0, failed: 0 });
    t.clock.advanceMinutes(2);
    expect(await requeueStaleJobs(t.db, t.clock.now, 5 * 60_000)).toEqual({ requeued: 1, failed: 0 });
    expect(await getJob(t.db, job.id)).toMatchObject({
      status: 'queued',
      locked_by: null,
      last_error: STALE_LOCK_ERROR,
    });

    const rescued = await processNextJob(worker({ slow: async () => 'done by the second worker' }, 'live-worker'));
    expect(rescued).toMatchObject({ status: 'completed', attempts: 2 });
    const stale = { ...job, attempts: 1 };
    expect(await completeJob(t.db, stale, 'dead-worker', 'late', t.clock.now)).toBe(false);
    expect(JSON.parse((await getJob(t.db, job.id))!.result!)).toBe('done by the second worker');
  });

  it('fails a stale job that has no attempts left', async () => {
    const job = await add('poison', { maxAttempts: 1 });
    await claimJob(t.db, t.dialect, 'crashed', t.clock.now);
    t.clock.advanceMinutes(10);
    expect(await requeueStaleJobs(t.db, t.clock.now, 5 * 60_000)).toEqual({ requeued: 0, failed: 1 });
    expect(await getJob(t.db, job.id)).toMatchObject({ status: 'failed', last_error: STALE_LOCK_ERROR });
  });
});

describe('the worker thread', () => {
  // A thread loads the app's modules itself (through tsx, uncached on a clean clone: 7–15 s here, more
  // beside the other CI lanes): its first job waits that long, with a 2-minute guard against a hang.
  const THREAD_START_POLLS = 2400;
  const THREAD_TEST_LIMIT_MS = 180_000;

  /** The thread opens its own connection: to this test's SQLite file, or to this test's PostgreSQL database. */
  function threadConfig() {
    return { ...t.config, databaseUrl: t.databaseUrl };
  }

  it(
    'runs queued jobs on its own thread and connection, and stops gracefully',
    async () => {
      const { deliveryId, jobId } = await queueTestDelivery(t.db);
      const running = startWorkerThread(threadConfig(), t.app.log as FastifyBaseLogger, { pollIntervalMs: 50 });
      const status = await jobStatusAfterWaiting(t.db, jobId, THREAD_START_POLLS);
      await running.stop();
      expect(status).toBe('completed');
      const row = await t.db
        .selectFrom('deliveries')
        .select('status')
        .where('id', '=', deliveryId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('outbox');
    },
    THREAD_TEST_LIMIT_MS,
  );

  it(
    'starts a job queued while it sleeps at once, without waiting out its poll interval',
    async () => {
      // A minute between polls: only the enqueue's wake-up can start the second job within the test.
      const running = startWorkerThread(threadConfig(), t.app.log as FastifyBaseLogger, {
        pollIntervalMs: 60_000,
      });
      try {
        const first = await queueTestDelivery(t.db);
        expect(await jobStatusAfterWaiting(t.db, first.jobId, THREAD_START_POLLS)).toBe('completed');
        // Past the quick polls that follow a wake-up: the thread is now in its minute-long wait.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const second = await queueTestDelivery(t.db);
        expect(await jobStatusAfterWaiting(t.db, second.jobId, 200)).toBe('completed');
      } finally {
        await running.stop();
      }
    },
    THREAD_TEST_LIMIT_MS,
  );
});
