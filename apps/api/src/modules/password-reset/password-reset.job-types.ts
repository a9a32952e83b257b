/** Makes one user's reset link and queues its e-mail (from a bulk action, or the forgot-password form). */
export const PASSWORD_RESET_JOB = 'send_password_reset';
/** Sends a reset e-mail, then removes the link from the stored copy. */
export const DELIVER_PASSWORD_RESET_JOB = 'deliver_password_reset';
