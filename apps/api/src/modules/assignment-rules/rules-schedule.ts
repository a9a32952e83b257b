import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { iso } from '../../platform/clock.ts';

/** The job type of a company's nightly pass over its active rules. */
export const RULES_NIGHTLY_JOB = 'assignment_rules_nightly';

/** The nightly pass starts at this hour (UTC). */
export const NIGHTLY_HOUR_UTC = 2;

/** The next NIGHTLY_HOUR_UTC strictly after `now`. */
export function nextNight(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + 86_400_000);
}

/**
 * The daily scheduler (decision 066): the queue has no clock of its own, so each company's nightly
 * pass is a job queued for the next night, under a key naming that night, so however often this is
 * called (every rule saved, every pass finished, the demo seed) one job exists per company and night.
 * The pass queues the next one; it survives restarts because it lives in the jobs table.
 */
export async function ensureNightlyRun(db: Kysely<Database>, companyId: number, now: Date) {
  const runAt = nextNight(now);
  await enqueue(db, {
    type: RULES_NIGHTLY_JOB,
    payload: { companyId },
    companyId,
    createdBy: null,
    now,
    runAt,
    idempotencyKey: `${RULES_NIGHTLY_JOB}:${companyId}:${iso(runAt).slice(0, 10)}`,
  });
}
