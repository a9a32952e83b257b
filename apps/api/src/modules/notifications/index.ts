import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { deliverNotificationsJob } from './deliver.job.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NOTIFICATIONS_DELIVER_JOB } from './queue-notification.ts';
import { NOTIFICATIONS_PASS_JOB, reminderPassJob } from './reminder-pass.ts';

/** The notification schedule, the delivery log, Email Settings, and the pipeline that sends (decision 068). */
export const notificationsModule: HeedModule = {
  name: 'notifications',
  routes: [notificationsRoutes],
  jobs: [
    /** Sends due deliveries in batches (claimed first, so none is sent twice). */
    { type: NOTIFICATIONS_DELIVER_JOB, run: deliverNotificationsJob, ...JOB_KINDS.email },
    /** The hourly reminder pass (each company's day once, in its time zone). */
    { type: NOTIFICATIONS_PASS_JOB, run: reminderPassJob, ...JOB_KINDS.heavy },
  ],
};

// For other modules: queue an event's notification in the event's transaction.
export {
  type QueueNotificationInput,
  queueAssignmentNotifications,
  queueNotification,
  queueRegistrationNotifications,
} from './queue-notification.ts';
// For the password e-mails and tests: send what is due now, run the reminder pass.
export { runDeliveries } from './deliver.job.ts';
export { runReminderPass } from './reminder-pass.ts';
export { renderEventMessage } from './render-message.ts';
// For automated reports: a deliver job for e-mails queued as deliveries (platform/mail.repository's queueEmail).
export { ensureDeliverJob } from './queue-notification.ts';
