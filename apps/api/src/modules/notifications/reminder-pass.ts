import { NOTIFICATION_MORNING_HOUR } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import type { JobHandler } from '../../jobs/types.ts';
import {
  findCompaniesWithTimedNotifications,
  findEnabledNotifications,
  insertLearnerStep,
  insertManagerStep,
} from './pipeline.repository.ts';
import { ensureDeliverJob } from './queue-notification.ts';
import { addDays, dayNumber, localDate, outsideQuietHours, safeTimeZone, zonedTime } from '../../platform/time-zone.ts';

/** The reminder pass; it runs every hour, and each company's day is done by the first run of its day. */
export const NOTIFICATIONS_PASS_JOB = 'notifications_pass';

type ScheduleRow = Awaited<ReturnType<typeof findEnabledNotifications>>[number];

export interface PassResult {
  companies: number;
  steps: number;
  queued: number;
}

/** The due dates whose step k falls on `today`: before_due N (+ k·R) days, after_due N + k·R days. */
function stepDueDays(row: ScheduleRow, today: string): { k: number; dueDay: string }[] {
  const offset = row.offset_days ?? 0;
  const every = row.repeat_every_days ?? 0;
  const steps = every > 0 ? Math.max(1, row.repeat_max ?? 1) : 1;
  const days: { k: number; dueDay: string }[] = [];
  for (let k = 0; k < steps; k += 1) {
    const shift = k * every;
    days.push({
      k,
      dueDay: row.trigger === 'before_due' ? addDays(today, offset - shift) : addDays(today, -offset - shift),
    });
  }
  // Before the due date, a repeat that would land after it is not a reminder "before" any more.
  return row.trigger === 'before_due' ? days.filter((d) => d.dueDay >= today) : days;
}

/**
 * The daily reminder pass for one company (decision 068), set-based: for each enabled timed row and
 * each of its steps that falls on the company's today, one INSERT … SELECT adds a delivery per
 * learner (User Reminder) or per manager (Manager Reminder: one message for all their overdue
 * reports; the team report), each with its unique key, so running the pass again — the same hour,
 * after a crash, on two workers — adds nothing twice. Deliveries wait for the morning
 * (NOTIFICATION_MORNING_HOUR local) and the row's quiet hours.
 */
export async function runCompanyPass(
  db: Kysely<Database>,
  company: { id: number; time_zone: string | null },
  now: Date,
): Promise<{ steps: number; queued: number }> {
  const timeZone = safeTimeZone(company.time_zone);
  const today = localDate(now, timeZone);
  const morning = zonedTime(today, NOTIFICATION_MORNING_HOUR * 60, timeZone);
  const rows = await findEnabledNotifications(db, company.id, { timed: true });
  let steps = 0;
  let queued = 0;
  for (const row of rows) {
    const start = morning > now ? morning : now;
    const sendAt = outsideQuietHours(start, { start: row.quiet_start, end: row.quiet_end }, timeZone);
    const base = { companyId: company.id, notification: row, sendAt, now };
    if (row.trigger === 'periodic') {
      const every = Math.max(1, row.repeat_every_days ?? 7);
      if (dayNumber(today) % every !== 0) continue;
      steps += 1;
      queued += await insertManagerStep(db, {
        ...base,
        dueFrom: now,
        dueTo: now,
        anyDue: true,
        keyPrefix: `p:${row.id}:${today}:`,
      });
      continue;
    }
    for (const { k, dueDay } of stepDueDays(row, today)) {
      const window = { dueFrom: zonedTime(dueDay, 0, timeZone), dueTo: zonedTime(addDays(dueDay, 1), 0, timeZone) };
      steps += 1;
      queued +=
        row.type === 'reminder_supervisor'
          ? await insertManagerStep(db, { ...base, ...window, keyPrefix: `m:${row.id}:${today}:` })
          : await insertLearnerStep(db, { ...base, ...window, keyPrefix: `r:${row.id}:${k}:` });
    }
  }
  return { steps, queued };
}

/** Every company's pass, then a deliver job for the earliest send. */
export async function runReminderPass(db: Kysely<Database>, now: Date, companyId?: number): Promise<PassResult> {
  const companies = await findCompaniesWithTimedNotifications(db, companyId);
  const result: PassResult = { companies: companies.length, steps: 0, queued: 0 };
  for (const company of companies) {
    const { steps, queued } = await runCompanyPass(db, company, now);
    result.steps += steps;
    result.queued += queued;
  }
  if (result.queued > 0) await ensureDeliverJob(db, now);
  return result;
}

const nextHour = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);

/** Queues the pass of the hour starting at `at` (a second request for the same hour is the same job). */
export async function schedulePass(db: Kysely<Database>, now: Date, at: Date) {
  await enqueue(db, {
    type: NOTIFICATIONS_PASS_JOB,
    payload: {},
    companyId: null,
    createdBy: null,
    now,
    runAt: at,
    idempotencyKey: `${NOTIFICATIONS_PASS_JOB}:${at.toISOString()}`,
  });
}

/** The hourly pass: the next hour's is queued first, so one failed run does not stop the chain. */
export const reminderPassJob: JobHandler = async (ctx) => {
  const now = ctx.now();
  await schedulePass(ctx.db, now, nextHour(now));
  return runReminderPass(ctx.db, now);
};

/** The first pass of this hour, queued at start-up (the worker keeps the chain going). */
export const startPassChain = (db: Kysely<Database>, now: Date) =>
  schedulePass(db, now, new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000));
