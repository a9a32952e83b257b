import {
  DELIVER_PASSWORD_RESET_JOB,
  PASSWORD_RESET_JOB,
  deliverPasswordResetJob,
  sendPasswordResetJob,
} from '../modules/password-reset/password-reset.jobs.ts';
import { USERS_IMPORT_JOB, usersImportJob } from '../modules/users-import/import-job.ts';
import { markStoppedImportFailed } from '../modules/users-import/import-stopped.repository.ts';
import { USERS_BULK_JOB, usersBulkJob } from '../modules/users/users-bulk.job.ts';
import { deliverEmailJob } from './deliver-email.ts';
import type { JobEntry } from './types.ts';

/** An e-mail is one SMTP conversation; two minutes covers a slow server, not a hung one. */
const MAIL = { lane: 'short', budgetMinutes: 2 } as const;
/** Long work, chunk by chunk; a stopped import or bulk change resumes after its last committed chunk. */
const HEAVY = { lane: 'heavy', budgetMinutes: 30 } as const;

/**
 * Every job type the worker knows: its handler, its lane and its time budget (decision 045).
 * A job of another type fails without retries.
 */
export const jobRegistry: Readonly<Record<string, JobEntry>> = {
  /** POST /companies/notifications: the test e-mail to the caller. */
  test_notification: { run: deliverEmailJob, ...MAIL },
  /** Any e-mail queued with `queueEmail` + this job type. */
  deliver_email: { run: deliverEmailJob, ...MAIL },
  /** One user's password reset link and e-mail (bulk action or forgot-password form). */
  [PASSWORD_RESET_JOB]: { run: sendPasswordResetJob, ...MAIL },
  /** The reset e-mail itself; the stored copy loses its link once sent. */
  [DELIVER_PASSWORD_RESET_JOB]: { run: deliverPasswordResetJob, ...MAIL },
  /** PUT /users over 1,000 users: the bulk action, chunk by chunk with progress. */
  [USERS_BULK_JOB]: { run: usersBulkJob, ...HEAVY },
  /** A users import's dry run or run, chunk by chunk with progress; resumes after its last committed chunk. */
  [USERS_IMPORT_JOB]: { run: usersImportJob, ...HEAVY, onStopped: markStoppedImportFailed },
};
