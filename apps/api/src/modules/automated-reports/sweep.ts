import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import * as reports from './automated-reports.repository.ts';
import { companyTimeZone, parseReport } from './automated-reports.service.ts';
import { queueRun } from './runs.service.ts';
import { nextRunAfter } from './schedule.ts';

/** How far ahead a sweep queues runs: the next hourly sweep queues the ones after. */
const LOOKAHEAD_MS = 3_600_000;
const BATCH = 200;
/** Passes over the due reports per sweep (a missed run and the next one may both fall due). */
const PASSES = 3;

/**
 * The hourly sweep (`automated_reports_sweep`): every enabled report whose next run falls before the
 * next hour gets a run and a job, due at that instant (not before now), and its next run moves on.
 * Moving it on is a compare-and-set on the old value, and the run's dedupe key and the job's
 * idempotency key are both that instant: two sweeps, a crashed sweep retried, or two workers make
 * one run. A report whose runs were missed (the server was down) runs once, then keeps its schedule.
 */
export async function sweepDueReports(db: Kysely<Database>, now: Date) {
  const horizon = iso(new Date(now.getTime() + LOOKAHEAD_MS));
  const zones = new Map<number, string>();
  let queued = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const due = await reports.findDueReports(db, horizon, BATCH);
    if (due.length === 0) break;
    for (const row of due) {
      if (!zones.has(row.company_id)) zones.set(row.company_id, (await companyTimeZone(db, row.company_id)).timeZone);
      const scheduledFor = row.next_run_at!;
      const after = new Date(Math.max(now.getTime(), Date.parse(scheduledFor)));
      const next = nextRunAfter(parseReport(row).schedule, zones.get(row.company_id)!, after);
      const made = await db.transaction().execute(async (trx) => {
        if (!(await reports.advanceNextRun(trx, row.id, scheduledFor, next ? iso(next) : null))) return false;
        const { isNew } = await queueRun(trx, {
          companyId: row.company_id,
          reportId: row.id,
          trigger: 'schedule',
          scheduledFor,
          startedBy: null,
          now,
        });
        return isNew;
      });
      if (made) queued += 1;
    }
  }
  return { queued };
}
