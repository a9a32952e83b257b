import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { budgetSpent } from '../src/jobs/job-watch.ts';
import { jobRegistry } from '../src/jobs/registry.ts';
import type { JobContext, JobEntry } from '../src/jobs/types.ts';
import { PASSWORD_RESET_JOB } from '../src/modules/password-reset/index.ts';
import { USERS_IMPORT_JOB } from '../src/modules/users-import/index.ts';
import { runBulk } from '../src/modules/users/users-bulk.runner.ts';
import type { BulkPlan } from '../src/modules/users/users-bulk.rules.ts';
import { claimJob, enqueue, getJob, requeueStaleJobs } from '../src/jobs/queue.repository.ts';
import { type WorkerDeps, processNextJob, runWorkerLoop, stopOverdueJob } from '../src/jobs/worker.ts';
import { upload } from './fixtures/import-harness.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type BulkFixture, createBulkFixture } from './users-bulk.fixture.ts';

let t: TestApp;
let second: DbHandle | undefined;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await second?.close();
  second = undefined;
  await t.close();
});

const quiet = { info() {}, warn() {}, error() {} };
const fast = { cancelPollMs: 20, stopGraceMs: 200, pollIntervalMs: 20 };

function worker(handlers: WorkerDeps['handlers'], extra: Partial<WorkerDeps> = {}): WorkerDeps {
  return { db: t.db, dialect: t.dialect, config: t.config, log: quiet, workerId: 'lane-test', handlers, ...extra };
}

/** Checks `probe` every 20 ms until it holds, for up to `ms`. */
async function eventually(probe: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await probe()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const statusOf = async (id: number) => (await getJob(t.db, id))?.status;

/** A heavy job's body: works in small steps, yielding to the event loop, until told to stop. */
function spinUntil(release: () => boolean) {
  return async (ctx: JobContext) => {
    let steps = 0;
    while (!release() && !ctx.signal.aborted) {
      steps += 1;
      if (steps % 50 === 0) await ctx.progress(steps);
      await yieldToLoop();
    }
    ctx.signal.throwIfAborted();
    return { steps };
  };
}

describe('job lanes', () => {
  it('completes a password reset while a heavy job holds the heavy lane', async () => {
    const company = await createCompany(t.db, { name: 'Acme' });
    await createUser(t.db, { companyId: company.id, username: 'ada', email: 'ada@example.test' });
    let release = false;
    const handlers = { ...jobRegistry, spin: { run: spinUntil(() => release), lane: 'heavy', budgetMinutes: 30 } };
    const heavy = await enqueue(t.db, {
      type: 'spin',
      lane: 'heavy',
      payload: {},
      companyId: null,
      createdBy: null,
      now: t.clock.now,
    });
    // Each lane on its own connection, as each worker thread has.
    second = t.openSecondConnection();
    const stop = new AbortController();
    const loops = [
      runWorkerLoop(
        worker(handlers as WorkerDeps['handlers'], { lane: 'heavy', workerId: 'heavy' }),
        stop.signal,
        fast,
      ),
      runWorkerLoop(
        worker(handlers as WorkerDeps['handlers'], { lane: 'short', workerId: 'short', db: second.db }),
        stop.signal,
        fast,
      ),
    ];
    try {
      expect(await eventually(async () => (await statusOf(heavy.id)) === 'running')).toBe(true);
      const reset = await enqueue(t.db, {
        type: PASSWORD_RESET_JOB,
        payload: { login: 'ada', requested_by: 'self', ip: '203.0.113.9' },
        companyId: company.id,
        createdBy: null,
        now: t.clock.now,
      });
      expect(reset.lane).toBe('short');
      const mailed = async () =>
        (
          await t.db.selectFrom('deliveries').select('status').where('recipient', '=', 'ada@example.test').execute()
        ).some((row) => row.status === 'outbox');
      expect(await eventually(mailed)).toBe(true);
      expect(await statusOf(reset.id)).toBe('completed');
      expect(await statusOf(heavy.id)).toBe('running');
      release = true;
      expect(await eventually(async () => (await statusOf(heavy.id)) === 'completed')).toBe(true);
    } finally {
      release = true;
      stop.abort();
      await Promise.all(loops);
    }
  });

  it('queues each job type in its declared lane, and a lane worker claims only its own', async () => {
    const add = (type: string) =>
      enqueue(t.db, { type, payload: {}, companyId: null, createdBy: null, now: t.clock.now });
    expect((await add(USERS_IMPORT_JOB)).lane).toBe('heavy');
    expect((await add('users_bulk')).lane).toBe('heavy');
    expect((await add('deliver_email')).lane).toBe('short');
    expect((await add('deliver_password_reset')).lane).toBe('short');
    const claimed = await claimJob(t.db, t.dialect, 'short-only', t.clock.now, 'short');
    expect(claimed?.type).toBe('deliver_email');
    const heavy = await claimJob(t.db, t.dialect, 'heavy-only', t.clock.now, 'heavy');
    expect(heavy?.type).toBe(USERS_IMPORT_JOB);
  });

  it('queues every registered type in the lane its registry entry runs it in', async () => {
    for (const [type, entry] of Object.entries(jobRegistry)) {
      const job = await enqueue(t.db, { type, payload: {}, companyId: null, createdBy: null, now: t.clock.now });
      expect(job.lane, type).toBe(entry.lane);
    }
  });
});

describe('time budgets', () => {
  const budget = 0.002; // 120 ms
  const add = (type: string) =>
    enqueue(t.db, { type, payload: {}, companyId: null, createdBy: null, now: t.clock.now });

  it('stops a job past its budget through its signal, and fails it for good with the reason', async () => {
    const job = await add('slow');
    const done = await processNextJob(
      worker({ slow: { run: spinUntil(() => false), lane: 'heavy', budgetMinutes: budget } }),
      fast,
    );
    expect(done).toMatchObject({
      id: job.id,
      status: 'failed',
      attempts: 1,
      locked_by: null,
      last_error: `Stopped: the job ran past its time budget of ${budget} minutes.`,
    });
  });

  it('fails a job that ignores its signal once the grace is spent, and ends the lane loop to be restarted', async () => {
    const job = await add('stubborn');
    let stubborn = true;
    const ignoring: JobEntry = {
      run: async () => {
        while (stubborn) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      lane: 'heavy',
      budgetMinutes: budget,
    };
    const end = await runWorkerLoop(worker({ stubborn: ignoring }), new AbortController().signal, fast);
    stubborn = false;
    expect(end).toBe('abandoned');
    expect(await getJob(t.db, job.id)).toMatchObject({
      status: 'failed',
      last_error: `Stopped: the job ran past its time budget of ${budget} minutes.`,
    });
  });

  it('fails a job whose thread the watchdog ended, running or already re-queued by a stale sweep', async () => {
    const overdue = (jobId: number) => ({ jobId, workerId: 'stuck', attempt: 1, budgetMinutes: 30, giveUpAt: 0 });
    const running = await add('spin');
    await claimJob(t.db, t.dialect, 'stuck', t.clock.now);
    await stopOverdueJob(worker({}), overdue(running.id), budgetSpent(30));
    expect(await getJob(t.db, running.id)).toMatchObject({
      status: 'failed',
      locked_by: null,
      last_error: budgetSpent(30),
    });

    const swept = await add('spin');
    await claimJob(t.db, t.dialect, 'stuck', t.clock.now);
    t.clock.advanceMinutes(10);
    await requeueStaleJobs(t.db, t.clock.now, 5 * 60_000);
    await stopOverdueJob(worker({}), overdue(swept.id), budgetSpent(30));
    expect(await getJob(t.db, swept.id)).toMatchObject({ status: 'failed', attempts: 1, last_error: budgetSpent(30) });
    expect(budgetSpent(30)).toBe('Stopped: the job ran past its time budget of 30 minutes.');
  });

  it('lets a bulk change stop between chunks', async () => {
    const plan = { excludedIds: [] } as unknown as BulkPlan;
    const stopped = AbortSignal.abort(new Error('Cancelled by Carla Manager.'));
    await expect(
      runBulk({ db: t.db, dialect: t.dialect, now: t.config.now }, plan, [1, 2], { signal: stopped }),
    ).rejects.toThrow('Cancelled by Carla Manager.');
  });
});

describe('POST /jobs/{id}/cancel', () => {
  let f: BulkFixture;
  const clients: Record<string, TestClient> = {};

  beforeEach(async () => {
    f = await createBulkFixture(t);
    const vendor = await createCompany(t.db, { name: 'Heed' });
    await createUser(t.db, { companyId: vendor.id, username: 'root', role: 1, siteAdmin: true });
    for (const login of ['cm', 'sales.dm', 'dan', 'reviewer', 'other.cm', 'root', 'bob'])
      clients[login] = await signedIn(t.app, login);
  });

  /** A job of the fixture's company, started by `login`, that a (pretend) worker is running. */
  async function runningJob(createdBy: number) {
    const job = await enqueue(t.db, {
      type: 'users_bulk',
      payload: {},
      companyId: f.company,
      createdBy,
      now: t.clock.now,
    });
    expect((await claimJob(t.db, t.dialect, 'busy-worker', t.clock.now))?.id).toBe(job.id);
    return job.id;
  }
  const cancel = (login: string, id: number, options: { headers?: Record<string, string>; csrf?: boolean } = {}) =>
    clients[login]!.request('POST', `/api/v3/jobs/${id}/cancel`, options);

  it('lets the creator, a Company Manager or a site admin cancel; anyone else does not see the job', async () => {
    const dmJob = await runningJob(f.more.salesDm);
    expect((await cancel('dan', dmJob)).statusCode).toBe(404);
    expect((await cancel('reviewer', dmJob)).statusCode).toBe(404);
    expect((await cancel('other.cm', dmJob)).statusCode).toBe(404);
    expect((await cancel('bob', dmJob)).statusCode).toBe(403);
    expect((await cancel('root', dmJob)).statusCode).toBe(404);
    expect((await cancel('sales.dm', dmJob, { csrf: false })).statusCode).toBe(419);
    expect((await getJob(t.db, dmJob))?.cancel_requested_at).toBeNull();

    const mine = await cancel('sales.dm', dmJob);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ id: dmJob, status: 'running' });
    expect(await getJob(t.db, dmJob)).toMatchObject({ status: 'running', cancel_requested_by: f.more.salesDm });
    expect((await cancel('sales.dm', dmJob)).statusCode).toBe(200);

    const cmJob = await runningJob(f.more.salesDm);
    expect((await cancel('cm', cmJob)).statusCode).toBe(200);
    const adminJob = await runningJob(f.more.salesDm);
    expect((await cancel('root', adminJob, { headers: { 'x-company-id': String(f.company) } })).statusCode).toBe(200);

    const audited = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id'])
      .where('action', '=', 'job.cancel')
      .execute();
    expect(audited.map((row) => Number(row.entity_id)).sort()).toEqual([dmJob, cmJob, adminJob].sort());
  });

  it('fails a queued job at once, and refuses a finished one', async () => {
    const queued = await enqueue(t.db, {
      type: 'users_bulk',
      payload: {},
      companyId: f.company,
      createdBy: f.ids.cm!,
      now: t.clock.now,
    });
    const answer = await cancel('cm', queued.id);
    expect(answer.json().data).toMatchObject({ status: 'failed', error: 'Cancelled by Carla Manager.' });
    const refused = await cancel('cm', queued.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This job has already finished: there is nothing left to cancel.');
  });

  /** The import's status and error as stored. */
  const importRecord = (id: number) =>
    t.db.selectFrom('imports').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();

  it('stops a running import within its cancel poll, and marks the import failed', async () => {
    const created = await upload(
      clients.cm!,
      'Username,E-mail,First name,Last name\nada,ada@x.test,Ada,Lovelace\n',
      'users.csv',
    );
    const started = await clients.cm!.post(`/api/v3/users/imports/${created.id}/dry-run`);
    expect(started.statusCode).toBe(202);
    // The console learns the job to cancel from the import itself.
    const jobId: number = started.json().data.job_id;
    expect(jobId).toEqual(expect.any(Number));
    // The registry's import entry (its onStopped) with a body that runs until stopped.
    const entry = { ...jobRegistry[USERS_IMPORT_JOB]!, run: spinUntil(() => false) };
    const running = processNextJob(worker({ [USERS_IMPORT_JOB]: entry }), fast);
    expect(await eventually(async () => (await statusOf(jobId)) === 'running')).toBe(true);
    expect((await cancel('cm', jobId)).statusCode).toBe(200);
    expect(await running).toMatchObject({ status: 'failed', last_error: 'Cancelled by Carla Manager.', attempts: 1 });
    expect(await importRecord(created.id)).toEqual({ status: 'failed', last_error: 'Cancelled by Carla Manager.' });
    // A cancelled dry run can be done again.
    expect((await clients.cm!.post(`/api/v3/users/imports/${created.id}/dry-run`)).statusCode).toBe(202);
  });

  it('marks the import failed when its job is cancelled before a worker took it', async () => {
    const created = await upload(
      clients.cm!,
      'Username,E-mail,First name,Last name\nbea,bea@x.test,Bea,Lovelace\n',
      'users.csv',
    );
    expect((await clients.cm!.post(`/api/v3/users/imports/${created.id}/dry-run`)).statusCode).toBe(202);
    const { job_id: jobId } = await t.db
      .selectFrom('imports')
      .select('job_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect((await cancel('cm', jobId!)).json().data).toMatchObject({ status: 'failed' });
    const shown = (await clients.cm!.get(`/api/v3/users/imports/${created.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'failed' });
    expect(await importRecord(created.id)).toEqual({ status: 'failed', last_error: 'Cancelled by Carla Manager.' });
  });
});
