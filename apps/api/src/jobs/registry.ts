import { deliverEmailJob } from './deliver-email.ts';
import type { JobHandler } from './types.ts';

/** Every job type the worker knows, and its handler. A job of another type fails without retries. */
export const jobHandlers: Readonly<Record<string, JobHandler>> = {
  /** POST /companies/notifications: the test e-mail to the caller. */
  test_notification: deliverEmailJob,
  /** Any e-mail queued with `queueEmail` + this job type. */
  deliver_email: deliverEmailJob,
};
