import { z } from 'zod';
import { timestamp } from '../common.ts';
import { ROUTER_BASE } from '../constants.ts';
import { ASSIGNMENT_STATUSES } from './assignments.ts';

/** How long a link to Assignment Details stays valid after it is made. */
export const ASSIGNMENT_LINK_DAYS = 30;
/** GET /public/assignments answers this many requests per IP in the window, then 429. */
export const ASSIGNMENT_DETAILS_THROTTLE = { perIp: 60, windowMinutes: 5 } as const;

export const ASSIGNMENT_DETAILS_MESSAGES = {
  /** The one answer to a wrong, expired or revoked link: it says nothing about which. */
  invalid: 'This link is not valid. It may have expired or been withdrawn; ask your administrator for a new one.',
  throttled: 'Too many requests. Try again in a few minutes.',
} as const;

/** The learner side's player of one assignment (signing in first when needed). */
export const learnerCoursePath = (assignmentId: number) => `/courses/${assignmentId}`;

/** The learner side's sign-in, sending the learner on to the player. */
export const assignmentStartPath = (assignmentId: number) =>
  `/login?redirect=${encodeURIComponent(learnerCoursePath(assignmentId))}`;

/** The console's Assignment Details page for a token (the route `public/assignments`). */
export const assignmentDetailsPath = (token: string) =>
  `${ROUTER_BASE}/public/assignments?token=${encodeURIComponent(token)}`;

export const assignmentDetailsQuery = z.object({ token: z.string().max(200).default('') });

/** What a link shows: no ids but the one the Start link needs, nothing else of the learner. */
export const assignmentDetails = z.object({
  first_name: z.string(),
  course_name: z.string(),
  due_at: timestamp.nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
  /** Relative to the site: the learner side's sign-in, then the player. */
  start_path: z.string(),
  /** When this link stops working. */
  link_expires_at: timestamp,
});
export type AssignmentDetails = z.infer<typeof assignmentDetails>;

/** POST /assignments/{id}/link: a new link to the assignment's details (for staff to send on). */
export const assignmentLink = z.object({ url: z.string(), expires_at: timestamp });
export type AssignmentLink = z.infer<typeof assignmentLink>;

/** DELETE /assignments/{id}/links: every link of the assignment stops working. */
export const revokedLinks = z.object({ revoked: z.number().int() });
