import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { enqueue } from './queue.repository.ts';
import type { JobEntry, SchedulePeriod } from './types.ts';

/** The period a moment falls in: its UTC day (`2026-11-27`) or hour (`2026-11-27T13`). */
export function periodOf(now: Date, every: SchedulePeriod): string {
  const stamp = now.toISOString();
  return every === 'day' ? stamp.slice(0, 10) : stamp.slice(0, 13);
}

/** The idempotency key of a scheduled type's job for one period: the jobs table keeps it unique. */
export const scheduleKey = (type: string, period: string) => `schedule:${type}:${period}`;

/**
 * Queues this period's job of every scheduled type (`JobEntry.every`) that has none yet. Every
 * worker loop calls it as it sweeps; the jobs table's unique idempotency key makes a second call
 * (another lane, another process, a restart) return the job already queued, so each period runs once.
 */
export async function enqueueScheduledJobs(
  db: Kysely<Database>,
  registry: Readonly<Record<string, JobEntry>>,
  now: Date,
): Promise<void> {
  for (const [type, entry] of Object.entries(registry)) {
    if (!entry.every) continue;
    const period = periodOf(now, entry.every);
    const idempotencyKey = scheduleKey(type, period);
    await enqueue(db, {
      type,
      lane: entry.lane,
      payload: { period },
      companyId: null,
      createdBy: null,
      now,
      idempotencyKey,
    });
  }
}
