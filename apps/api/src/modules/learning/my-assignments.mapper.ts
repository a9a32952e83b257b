import type { AttemptStatus, MyAssignment, MyAssignmentStatus, MyCompletion } from '@heed/contract';
import type { MyAssignmentRow, MyCompletionRow } from './my-assignments.repository.ts';

type StatusFields = Pick<
  MyAssignmentRow,
  'status' | 'due_at' | 'started_at' | 'completed_at' | 'progress' | 'expires_at'
>;

/**
 * The status the learner sees now. The stored status is written when something happens to the
 * assignment; "overdue" begins by itself when the due date passes (and ends if the date is moved),
 * and a completed recertification lapses by itself when its expires_at passes, so neither is read
 * from the stored flag. Timestamps are ISO-8601 UTC text, so text order is time order.
 */
export function currentStatus(row: StatusFields, now: string): MyAssignmentStatus {
  if (row.completed_at !== null || row.status === 'completed') {
    return row.expires_at !== null && row.expires_at <= now ? 'expired' : 'completed';
  }
  if (row.due_at !== null && row.due_at < now) return 'overdue';
  return row.started_at !== null || row.progress > 0 || row.status === 'in_progress' ? 'in_progress' : 'not_started';
}

const clampProgress = (progress: number) => Math.min(100, Math.max(0, Math.round(progress)));

export function toMyAssignment(row: MyAssignmentRow, now: string): MyAssignment {
  const status = currentStatus(row, now);
  return {
    id: row.id,
    course: {
      id: row.course_id,
      name: row.course_name,
      description: row.course_description,
      duration_minutes: row.duration_minutes,
      passing_score: row.passing_score,
    },
    status,
    assigned_at: row.assigned_at,
    due_at: row.due_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    progress: status === 'completed' || status === 'expired' ? 100 : clampProgress(row.progress),
    score: row.score,
    expires_at: row.expires_at,
    last_attempt:
      row.last_attempt === null
        ? null
        : { attempt: row.last_attempt, status: row.last_attempt_status as AttemptStatus },
  };
}

export function toMyCompletion(row: MyCompletionRow): MyCompletion {
  return {
    id: row.id,
    course: { id: row.course_id, name: row.course_name, passing_score: row.passing_score },
    completed_at: row.completed_at,
    score: row.score,
    expires_at: row.expires_at,
  };
}

/** The groups of My Courses, in order: what is late, what is open, what has lapsed, what is done. */
const GROUP: Record<MyAssignmentStatus, number> = {
  overdue: 0,
  in_progress: 1,
  not_started: 1,
  expired: 2,
  completed: 3,
};

const ascNullsLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
const desc = (a: string | null, b: string | null) => ascNullsLast(b, a);

/**
 * My Courses' order: overdue first (the longest overdue first), then open ones by due date (none
 * last), then lapsed recertifications (most recently lapsed first), then completed ones, the latest
 * completion first; ties by course name, then id, so the order is stable.
 */
export function compareMyAssignments(a: MyAssignment, b: MyAssignment): number {
  const group = GROUP[a.status] - GROUP[b.status];
  if (group !== 0) return group;
  const byDate =
    a.status === 'completed'
      ? desc(a.completed_at, b.completed_at)
      : a.status === 'expired'
        ? desc(a.expires_at, b.expires_at)
        : ascNullsLast(a.due_at, b.due_at);
  if (byDate !== 0) return byDate;
  return a.course.name.localeCompare(b.course.name) || a.id - b.id;
}
