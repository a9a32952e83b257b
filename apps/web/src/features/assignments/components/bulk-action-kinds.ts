import type { AssignmentBulkAction } from '@heed/contract';

export interface AssignmentBulkKind {
  action: AssignmentBulkAction;
  /** Menu item. */
  label: string;
  /** Dialog title. */
  title: string;
  /** The confirm button: "Apply to 12 assignments", "Remove 12 assignments". */
  verb: string;
  /** What happens, in the confirmation. */
  consequence: string;
  /** The summary's word for a changed assignment: "12 assignments removed". */
  done: string;
  /** The progress bar's label while it runs as a job. */
  progress: string;
  danger?: boolean;
}

/** The bulk actions on assignments (PRODUCT.md "Assignments"), in menu order. */
export const ASSIGNMENT_BULK_KINDS: readonly AssignmentBulkKind[] = [
  {
    action: 'change_due_date',
    label: 'Change due date…',
    title: 'Change due date',
    verb: 'Apply to',
    consequence: 'Completed assignments keep their dates; learners see the new due date at once.',
    done: 'given the new due date',
    progress: 'Changing due dates',
  },
  {
    action: 'send_reminder',
    label: 'Send reminder now',
    title: 'Send reminder now',
    verb: 'Remind',
    consequence:
      'Each learner gets an e-mail about the course with a link to the assignment. Completed assignments and deactivated learners are left out.',
    done: 'reminded',
    progress: 'Queueing reminders',
  },
  {
    action: 'reset',
    label: 'Reset (re-assign)…',
    title: 'Reset assignments',
    verb: 'Reset',
    consequence:
      'The course starts over with a new attempt. A completion stays on record with its certificate; an attempt in progress ends.',
    done: 'reset',
    progress: 'Resetting assignments',
    danger: true,
  },
  {
    action: 'remove',
    label: 'Remove…',
    title: 'Remove assignments',
    verb: 'Remove',
    consequence:
      'Open assignments are deleted; completed ones stay on record. A learner removed from a rule’s course is not assigned it again by that rule.',
    done: 'removed',
    progress: 'Removing assignments',
    danger: true,
  },
];

export const assignmentBulkKind = (action: AssignmentBulkAction): AssignmentBulkKind =>
  ASSIGNMENT_BULK_KINDS.find((kind) => kind.action === action)!;
