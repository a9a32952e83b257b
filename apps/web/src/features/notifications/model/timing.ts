import type { Notification } from '@heed/contract';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** "3 days before the due date, then every 7 days, up to 3 times" — how the schedule reads a row's timing. */
export function timingText(
  row: Pick<Notification, 'trigger' | 'offset_days' | 'repeat_every_days' | 'repeat_max'>,
): string {
  if (row.trigger === 'event') return 'On the event';
  if (row.trigger === 'periodic') return `Every ${days(row.repeat_every_days ?? 7)}`;
  const offset = row.offset_days ?? 0;
  const base =
    offset === 0
      ? 'On the due date'
      : `${days(offset)} ${row.trigger === 'before_due' ? 'before' : 'after'} the due date`;
  if (!row.repeat_every_days || !row.repeat_max || row.repeat_max <= 1) return base;
  return `${base}, repeated every ${days(row.repeat_every_days)}, ${times(row.repeat_max)} in all`;
}

export const quietText = (row: Pick<Notification, 'quiet_start' | 'quiet_end'>) =>
  row.quiet_start && row.quiet_end ? `${row.quiet_start}–${row.quiet_end}` : null;
