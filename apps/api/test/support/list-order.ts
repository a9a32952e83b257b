import { TEST_DIALECT } from './test-app.ts';

/** The derived statuses in the status order's rank (decision 096). */
export const STATUS_RANK = { not_started: 1, in_progress: 2, overdue: 3, completed: 4, expired: 5 } as const;

/** Each database's own place for nulls: first in ascending order on SQLite, last on PostgreSQL. */
export const NULL_LOW = TEST_DIALECT === 'sqlite';

/** Ascending order of two sort keys, nulls where the database in use puts them. */
export function compareKeys(x: string | number | null, y: string | number | null): number {
  if (x === y) return 0;
  if (x === null) return NULL_LOW ? -1 : 1;
  if (y === null) return NULL_LOW ? 1 : -1;
  return x < y ? -1 : 1;
}
