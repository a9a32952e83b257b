/** What an assignment row holds that its status at an instant is derived from. */
export interface StatusSource {
  status: string;
  due_at: string | null;
  started_at: string | null;
  progress: number;
  expires_at: string | null;
}

export type DerivedStatus = 'not_started' | 'in_progress' | 'overdue' | 'completed' | 'expired';

/** The status the list and the reports show at `now`: overdue once due, expired once past the expiry. */
export function derivedStatus(a: StatusSource, now: string): DerivedStatus {
  if (a.status === 'completed') return a.expires_at !== null && a.expires_at <= now ? 'expired' : 'completed';
  if (a.due_at !== null && a.due_at < now) return 'overdue';
  return a.started_at !== null || a.progress > 0 || a.status === 'in_progress' ? 'in_progress' : 'not_started';
}

export const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The status counts of the reports (status-counts and every summary's row) for these rows at `now`. */
export function statusCounts(rows: StatusSource[], now: string) {
  const c = { assigned: rows.length, not_started: 0, in_progress: 0, overdue: 0, completed: 0, expired: 0 };
  for (const r of rows) c[derivedStatus(r, now)]++;
  return { ...c, completion_rate: percent(c.completed, c.assigned) };
}
