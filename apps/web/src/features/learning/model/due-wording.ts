import type { MyAssignment } from '@heed/contract';
import dayjs from 'dayjs';

/** "12 Mar 2026", in the learner's time zone. */
export const formatDay = (value: string | Date) => dayjs(value).format('D MMM YYYY');

/** Beyond this many days ahead, a due date reads as a date rather than a count. */
const COUNT_DAYS_UP_TO = 30;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Whole calendar days from `from` to `to` in the learner's time zone (today → tomorrow is 1, whatever the hours). */
const calendarDays = (from: Date | string, to: Date | string) =>
  dayjs(to).startOf('day').diff(dayjs(from).startOf('day'), 'day');

/**
 * An assignment's date as the learner would say it: "Due in 3 days", "Due today", "Overdue by 2 days",
 * "Completed 12 Mar 2026", "Expired 1 Feb 2026". The server's status decides which (it is derived
 * when the list is read); the dates are counted in the learner's own calendar days.
 */
export function dueWording(
  assignment: Pick<MyAssignment, 'status' | 'due_at' | 'completed_at' | 'expires_at'>,
  now: Date,
): string {
  const { status, due_at, completed_at, expires_at } = assignment;
  switch (status) {
    case 'completed':
      return completed_at ? `Completed ${formatDay(completed_at)}` : 'Completed';
    case 'expired':
      return expires_at ? `Expired ${formatDay(expires_at)}` : 'Expired';
    case 'overdue': {
      if (!due_at) return 'Overdue';
      const late = calendarDays(due_at, now);
      return late <= 0 ? 'Was due today' : `Overdue by ${days(late)}`;
    }
    default: {
      if (!due_at) return 'No due date';
      const left = calendarDays(now, due_at);
      if (left <= 0) return 'Due today';
      if (left === 1) return 'Due tomorrow';
      if (left <= COUNT_DAYS_UP_TO) return `Due in ${days(left)}`;
      return `Due ${formatDay(due_at)}`;
    }
  }
}

/** "25 min", "1 h", "1 h 30 min": a course's expected duration. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
