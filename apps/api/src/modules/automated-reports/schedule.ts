import { AUTOMATED_REPORT_MESSAGES, type AutomatedReportSchedule } from '@heed/contract';
import { Cron } from 'croner';
import { invalidField } from '../../platform/errors.ts';
import { addDays, localDate, parseHhmm, zonedTime } from '../../platform/time-zone.ts';

// When a schedule next runs, in the company's time zone (platform/time-zone.ts; cron through
// croner with the zone). Every kind returns the first instant strictly after `after`.

const HOUR_MS = 3_600_000;

function cronOf(expression: string, timeZone: string): Cron | null {
  try {
    return new Cron(expression, { timezone: timeZone, paused: true, mode: '5-part' });
  } catch {
    return null;
  }
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The next run strictly after `after`, or null when a cron expression never fires again. */
export function nextRunAfter(schedule: AutomatedReportSchedule, timeZone: string, after: Date): Date | null {
  if (schedule.kind === 'cron') return cronOf(schedule.cron ?? '', timeZone)?.nextRun(after) ?? null;
  const minutes = parseHhmm(schedule.time);
  const today = localDate(after, timeZone);
  // At most two months of days cover every kind (monthly on the 31st included).
  for (let n = 0; n <= 62; n++) {
    const day = addDays(today, n);
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const due =
      schedule.kind === 'daily' ||
      (schedule.kind === 'weekly' && weekdayOf(day) === schedule.weekday) ||
      (schedule.kind === 'monthly' && date === Math.min(schedule.month_day ?? 1, daysIn(year, month)));
    if (!due) continue;
    const at = zonedTime(day, minutes, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/**
 * A cron schedule checked when it is saved (422 on `schedule.cron`): five fields croner reads, that
 * fires at all, and never twice within an hour (the sweep queues runs an hour ahead).
 */
export function checkCron(expression: string, timeZone: string, now: Date): void {
  const field = 'schedule.cron';
  if (expression.trim().split(/\s+/).length !== 5) throw invalidField(field, AUTOMATED_REPORT_MESSAGES.cronInvalid);
  const cron = cronOf(expression, timeZone);
  if (!cron) throw invalidField(field, AUTOMATED_REPORT_MESSAGES.cronInvalid);
  const runs = cron.nextRuns(6, now);
  if (runs.length === 0) throw invalidField(field, AUTOMATED_REPORT_MESSAGES.cronNever);
  for (let i = 1; i < runs.length; i++)
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < HOUR_MS)
      throw invalidField(field, AUTOMATED_REPORT_MESSAGES.cronTooOften);
}
