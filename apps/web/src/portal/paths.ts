/** The learner side's pages (served at the host root; the console lives under /admin). */
export const portalPaths = {
  myCourses: '/',
  login: '/login',
  forgotPassword: '/password/forgot',
  resetPassword: '/password/reset/:token',
  coursePlayer: '/courses/:assignmentId',
  verifyCertificate: '/verify/:number',
} as const;

/** True for a path this single-page app renders itself; anything else needs a full page load. */
export const isPortalPath = (path: string): boolean => !/^\/(admin|api)(\/|\?|#|$)/.test(path);
