/** User-facing strings of the specification, quoted exactly (§4, §5, §8). */
export const MESSAGES = {
  sessionLogoutTitle: 'Session Logout',
  sessionLogoutBody: 'Your session has been logged out from another window. Click OK to log in again.',
  sessionTimeoutTitle: 'Session Timeout',
  sessionTimeoutBody: 'Your session has timed out due to inactivity. Click OK to log in again.',
  autoChangedCompany: (name: string) => `Automatically changed to last company selected: ${name}`,
  impersonatingUser: 'Impersonating User',
  returnTo: (username: string) => `Return to ${username}`,
  passwordChanged: 'Password has been changed successfully.',
  searchForUsers: 'Search for users.',
  noUsersFound: 'No users found.',
  noCompaniesFound: 'No companies found.',
  noSearchResults: 'No search results found.',
  selectedCount: (n: number, label: string) => `${n} ${label} Selected`,
  serverError: (message: string) => `Server error: ${message}`,
  unexpectedServerError: 'An unexpected server error has occurred.',
  serverApiErrorPrefix: 'Server API Error',
  unknownError: 'Unknown error',
  unexpectedAppError:
    'An unexpected error occurred while processing your request. Please try again or contact Support if the problem continues.',
  failedRevert: 'Failed to revert impersonation',
  goToMyCourses: 'Go To My Courses',
} as const;

/** Field check messages (spec §5 checks; the wording is ours), shared by the API's schemas and the console's forms. */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  email: 'Enter a valid e-mail address.',
  httpUrl: 'Enter an http or https address.',
  integer: 'Enter a whole number.',
  integerMin: (min: number) => `Enter a number of at least ${min}.`,
  integerMax: (max: number) => `Enter a number of at most ${max}.`,
} as const;

/** Server error messages (PRODUCT.md "Server behaviour"). */
export const API_ERRORS = {
  unauthenticated: 'unauthenticated',
  csrfMismatch: 'CSRF token mismatch.',
  crossSite: 'Cross-site request refused.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  invalidCredentials: 'These credentials do not match our records.',
  throttled: 'Too many sign-in attempts. Please try again later.',
  validation: 'The given data was invalid.',
  serverError: 'Server error.',
} as const;
