import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';

/**
 * Recertification (issue 16 item 4; decision 075). A completion of a course with a recertification
 * period is valid until `expires_at`. Its course's renewal window (`renewal_days`) says how long
 * before that a renewal assignment is made; its grace period (`grace_days`) how long after it the
 * learner is still given to renew before counting as lapsed.
 */
export const RECERTIFICATION_LIMITS = {
  renewalDays: { min: 0, max: 365, default: 30 },
  graceDays: { min: 0, max: 365, default: 0 },
} as const;

/**
 * - `permanent`: the course asks for no recertification;
 * - `valid`: expires after the renewal window;
 * - `renewal_due`: inside the renewal window, not yet expired;
 * - `grace`: expired, inside the grace period;
 * - `lapsed`: expired, grace period over.
 */
export const COMPLETION_STATES = ['permanent', 'valid', 'renewal_due', 'grace', 'lapsed'] as const;
export type CompletionState = (typeof COMPLETION_STATES)[number];

export const COMPLETION_STATE_LABELS: Record<CompletionState, string> = {
  permanent: 'Does not expire',
  valid: 'Valid',
  renewal_due: 'Renewal due',
  grace: 'In grace period',
  lapsed: 'Lapsed',
};

const DAY_MS = 86_400_000;

/** Where a completion stands at `now` (ISO timestamps compare as strings). */
export function completionState(
  completion: { expires_at: string | null },
  course: { renewal_days: number; grace_days: number },
  now: Date,
): CompletionState {
  if (completion.expires_at === null) return 'permanent';
  const expires = Date.parse(completion.expires_at);
  const at = now.getTime();
  if (at < expires - course.renewal_days * DAY_MS) return 'valid';
  if (at < expires) return 'renewal_due';
  return at < expires + course.grace_days * DAY_MS ? 'grace' : 'lapsed';
}

/** One completion of a learner, kept for good: what was completed, when, with which score, valid until when. */
export const completion = z.object({
  id: z.number().int(),
  assignment_id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string().nullable().describe('null once the course is deleted') }),
  course_version_id: z.number().int().nullable(),
  completed_at: timestamp,
  score: z.number().int().nullable(),
  expires_at: timestamp.nullable(),
  state: z.enum(COMPLETION_STATES),
});
export type Completion = z.infer<typeof completion>;

/** GET /users/{id}/completions: newest first, paged; `course_id` narrows to one course. */
export const listUserCompletionsQuery = z.object({
  ...pageQuery,
  course_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
