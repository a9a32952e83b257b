// No zod here: the learner's first page imports these without the schemas.

/**
 * An assignment's status as the learner sees it, derived when the request is answered (never a
 * stored flag): overdue once the due date passes unfinished, expired once a completed
 * recertification's expires_at passes.
 */
export const MY_ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'completed', 'overdue', 'expired'] as const;
export type MyAssignmentStatus = (typeof MY_ASSIGNMENT_STATUSES)[number];

export const MY_ASSIGNMENT_STATUS_LABELS: Record<MyAssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  overdue: 'Overdue',
  expired: 'Expired',
};
