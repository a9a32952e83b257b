import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';

/** An assignment's status as the console shows it (PRODUCT.md "Assignments"). */
export const USER_ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'completed', 'overdue'] as const;
export type UserAssignmentStatus = (typeof USER_ASSIGNMENT_STATUSES)[number];

export const USER_ASSIGNMENT_STATUS_LABELS: Record<UserAssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  overdue: 'Overdue',
};

const named = z.object({ id: z.number().int(), name: z.string() });

/** One course assignment of a user, as the user drawer lists it (read-only). */
export const userAssignment = z.object({
  id: z.number().int(),
  course: named,
  status: z
    .enum(USER_ASSIGNMENT_STATUSES)
    .describe('overdue when not completed and past its due date, whatever the stored status says'),
  progress: z.number().int().describe('0–100'),
  source: z.string().describe('manual, or rule (then `rule` names it)'),
  rule: named.nullable(),
  assigned_at: timestamp,
  due_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  score: z.number().int().nullable(),
  expires_at: timestamp.nullable().describe('when a recertification falls due'),
});
export type UserAssignment = z.infer<typeof userAssignment>;

/** GET /users/{id}/assignments: newest first, paged. */
export const listUserAssignmentsQuery = z.object({ ...pageQuery });
