import type { MyAssignment } from '@heed/contract';

export type CardAction =
  | { kind: 'start'; label: 'Start' }
  | { kind: 'continue'; label: 'Continue' }
  | { kind: 'retake'; label: 'Retake' }
  | { kind: 'recertify'; label: 'Start again' }
  | { kind: 'review'; label: 'Review' };

/**
 * Where My Courses sends the learner from a card: Start a course not yet begun, Continue one in progress,
 * Retake one whose last attempt failed (with attempts left), Start again a lapsed certificate, and
 * Review a completed one (its certificate is downloaded beside it).
 */
export function cardAction(assignment: MyAssignment): CardAction {
  const last = assignment.last_attempt;
  switch (assignment.status) {
    case 'not_started':
      return { kind: 'start', label: 'Start' };
    case 'completed':
      return { kind: 'review', label: 'Review' };
    case 'expired':
      return { kind: 'recertify', label: 'Start again' };
    default:
      return last?.status === 'failed' ? { kind: 'retake', label: 'Retake' } : { kind: 'continue', label: 'Continue' };
  }
}
