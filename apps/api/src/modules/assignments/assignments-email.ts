import { PRODUCT_NAME } from '@heed/contract';

export interface NewAssignmentLine {
  course_name: string;
  due_at: string | null;
}

const dueText = (dueAt: string | null) => (dueAt ? `due ${dueAt.slice(0, 10)}` : 'no due date');

/**
 * The e-mail a learner gets when courses are assigned with "notify now": plain text, the courses with
 * their due dates, and the link to My Courses.
 */
export function composeAssignedEmail(
  learner: { first_name: string },
  lines: NewAssignmentLine[],
  companyName: string,
  publicUrl: string,
) {
  const base = publicUrl.replace(/\/+$/, '');
  const subject =
    lines.length === 1 ? `New training: ${lines[0]!.course_name}` : `New training: ${lines.length} courses`;
  const list = lines.map((line) => `- ${line.course_name} (${dueText(line.due_at)})`).join('\n');
  const body = `Hello ${learner.first_name},\n\n${companyName || 'Your company'} has assigned you ${
    lines.length === 1 ? 'this course' : 'these courses'
  }:\n\n${list}\n\nStart here: ${base}/\n\n${PRODUCT_NAME}`;
  return { subject: subject.slice(0, 250), body };
}
