import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueScheduledJobs, periodOf } from '../src/jobs/schedules.ts';
import type { JobEntry } from '../src/jobs/types.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const run = async () => null;
const registry: Record<string, JobEntry> = {
  'nightly.pass': { run, lane: 'heavy', budgetMinutes: 30, every: 'day' },
  'hourly.pass': { run, lane: 'short', budgetMinutes: 2, every: 'hour' },
  'on.demand': { run, lane: 'short', budgetMinutes: 2 },
};

const queued = () =>
  t.db.selectFrom('jobs').select(['type', 'payload', 'lane', 'idempotency_key']).orderBy('id').execute();

describe('scheduled jobs', () => {
  it('names the UTC day or hour a moment falls in', () => {
    const at = new Date('2026-11-27T23:59:30.000Z');
    expect(periodOf(at, 'day')).toBe('2026-11-27');
    expect(periodOf(at, 'hour')).toBe('2026-11-27T23');
  });

  it('queues one job per period and type, however many workers sweep, and none for unscheduled types', async () => {
    await Promise.all([1, 2, 3].map(() => enqueueScheduledJobs(t.db, registry, t.clock.now)));
    await enqueueScheduledJobs(t.db, registry, t.clock.now);
    const day = periodOf(t.clock.now, 'day');
    const hour = periodOf(t.clock.now, 'hour');
    expect(await queued()).toEqual(
      expect.arrayContaining([
        {
          type: 'nightly.pass',
          payload: JSON.stringify({ period: day }),
          lane: 'heavy',
          idempotency_key: `schedule:nightly.pass:${day}`,
        },
        {
          type: 'hourly.pass',
          payload: JSON.stringify({ period: hour }),
          lane: 'short',
          idempotency_key: `schedule:hourly.pass:${hour}`,
        },
      ]),
    );
    expect(await queued()).toHaveLength(2);
  });

  it('queues the next period once it begins', async () => {
    await enqueueScheduledJobs(t.db, registry, t.clock.now);
    t.clock.advanceMinutes(60);
    await enqueueScheduledJobs(t.db, registry, t.clock.now);
    t.clock.advanceMinutes(24 * 60);
    await enqueueScheduledJobs(t.db, registry, t.clock.now);
    const jobs = await queued();
    expect(jobs.filter((j) => j.type === 'hourly.pass')).toHaveLength(3);
    expect(jobs.filter((j) => j.type === 'nightly.pass').length).toBeGreaterThanOrEqual(2);
  });
});
