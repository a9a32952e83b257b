import {
  DELIVER_PASSWORD_RESET_JOB,
  PASSWORD_RESET_JOB,
  deliverPasswordResetJob,
  sendPasswordResetJob,
} from '../modules/password-reset/password-reset.jobs.ts';
import { USERS_IMPORT_JOB, usersImportJob } from '../modules/users-import/import-job.ts';
import { USERS_BULK_JOB, usersBulkJob } from '../modules/users/users-bulk.job.ts';
import { deliverEmailJob } from './deliver-email.ts';
import type { JobHandler } from './types.ts';

/** Every job type the worker knows, and its handler. A job of another type fails without retries. */
export const jobHandlers: Readonly<Record<string, JobHandler>> = {
  /** POST /companies/notifications: the test e-mail to the caller. */
  test_notification: deliverEmailJob,
  /** Any e-mail queued with `queueEmail` + this job type. */
  deliver_email: deliverEmailJob,
  /** PUT /users over 1,000 users: the bulk action, chunk by chunk with progress. */
  [USERS_BULK_JOB]: usersBulkJob,
  /** A users import's dry run or run, chunk by chunk with progress; resumes after its last committed chunk. */
  [USERS_IMPORT_JOB]: usersImportJob,
  /** One user's password reset link and e-mail (bulk action or forgot-password form). */
  [PASSWORD_RESET_JOB]: sendPasswordResetJob,
  /** The reset e-mail itself; the stored copy loses its link once sent. */
  [DELIVER_PASSWORD_RESET_JOB]: deliverPasswordResetJob,
};
