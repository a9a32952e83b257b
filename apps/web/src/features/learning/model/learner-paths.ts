/** The course player's address for one of the learner's assignments (the portal's `/courses/:assignmentId`). */
export const coursePlayerPath = (assignmentId: number) => `/courses/${assignmentId}`;

/** The public verification page of a certificate (the portal's `/verify/:number`). */
export const verifyPath = (number: string) => `/verify/${encodeURIComponent(number)}`;
