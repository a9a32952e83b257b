import { PRODUCT_NAME } from '@heed/contract';

/**
 * The plain "send reminder now" e-mail of the assignments bulk action: the course, its due date (or
 * that it is overdue), and the learner's link to Assignment Details.
 */
export function composeReminderEmail(
  input: { first_name: string; course_name: string; due_at: string | null; now: string },
  companyName: string,
  detailsUrl: string,
) {
  const due = input.due_at
    ? input.due_at < input.now
      ? `It was due on ${input.due_at.slice(0, 10)} and is now overdue.`
      : `It is due on ${input.due_at.slice(0, 10)}.`
    : 'It has no due date.';
  const body = `Hello ${input.first_name},\n\nA reminder from ${companyName || 'your company'}: please complete "${
    input.course_name
  }". ${due}\n\nSee the assignment and start it here: ${detailsUrl}\n\n${PRODUCT_NAME}`;
  return { subject: `Reminder: ${input.course_name}`.slice(0, 250), body };
}
