import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import {
  DELIVER_PASSWORD_RESET_JOB,
  PASSWORD_RESET_JOB,
  deliverPasswordResetJob,
  sendPasswordResetJob,
} from './password-reset.job.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';

/** The forgot-password form, reset links by e-mail, and setting a new password with one. */
export const passwordResetModule: HeedModule = {
  name: 'password-reset',
  routes: [passwordResetRoutes],
  jobs: [
    /** One user's password reset link and e-mail (bulk action or forgot-password form). */
    { type: PASSWORD_RESET_JOB, run: sendPasswordResetJob, ...JOB_KINDS.email },
    /** The reset e-mail itself; the stored copy loses its link once sent. */
    { type: DELIVER_PASSWORD_RESET_JOB, run: deliverPasswordResetJob, ...JOB_KINDS.email },
  ],
};

// For users: the bulk action "send password reset" queues this job for each user.
export { PASSWORD_RESET_JOB } from './password-reset.job.ts';
