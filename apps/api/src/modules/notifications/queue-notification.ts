import type { NotificationContext, NotificationType } from '@heed/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DeliveriesTable } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { iso } from '../../platform/clock.ts';
import {
  findCompanyForNotifications,
  findEnabledNotifications,
  findNotificationUser,
  hasQueuedJob,
  insertDeliveries,
} from './pipeline.repository.ts';
import { outsideQuietHours, safeTimeZone } from './time-zone.ts';

/** The job that sends due deliveries in batches (deliver.job.ts). */
export const NOTIFICATIONS_DELIVER_JOB = 'notifications_deliver';

/** Password e-mails: sent whatever the schedule says, at once (a reset link lasts an hour: no quiet hours). */
const SYSTEM_TYPES = new Set<string>(['reset_password', 'reset_password_completed', 'update_password']);
/** Sent once per assignment (course e-mails) or per user (welcome); the password ones once per event. */
const keyOf = (type: string, notificationId: number, userId: number, assignmentId: number | null) => {
  if (type === 'course_assignment' || type === 'course_accessed')
    return assignmentId === null ? null : `e:${notificationId}:a${assignmentId}`;
  if (type === 'user_registration') return `e:${notificationId}:u${userId}`;
  return null;
};

export interface QueueNotificationInput {
  companyId: number;
  type: NotificationType;
  /** The person the event is about, who receives it. */
  userId: number;
  assignmentId?: number | null;
  /** Values on top of those the pipeline looks up (e.g. `reset_url`); never stored secrets. */
  context?: Partial<NotificationContext>;
  /** Already rendered (the reset e-mail, whose link must not be stored before it is sent). */
  message?: { subject: string | null; text: string; html: string | null };
  now?: Date;
}

/** Makes sure a deliver job will run by `runAt` (one waiting job is enough: it drains everything due). */
export async function ensureDeliverJob(db: Kysely<Database>, now: Date, runAt: Date = now): Promise<void> {
  if (await hasQueuedJob(db, NOTIFICATIONS_DELIVER_JOB, runAt)) return;
  await enqueue(db, { type: NOTIFICATIONS_DELIVER_JOB, payload: {}, companyId: null, createdBy: null, now, runAt });
}

/**
 * Queues the event notification of `type` for a user, in the caller's transaction (so the message
 * exists exactly when the event does): one delivery per enabled schedule row of the type with the
 * event trigger, held until the row's quiet hours end. Returns the deliveries' ids (none when the
 * company sends nothing of the type, the user is deactivated, or has no address for the method).
 */
export async function queueNotification(trx: Kysely<Database>, input: QueueNotificationInput): Promise<number[]> {
  const now = input.now ?? new Date();
  const [company, user, rows] = await Promise.all([
    findCompanyForNotifications(trx, input.companyId),
    findNotificationUser(trx, input.userId),
    findEnabledNotifications(trx, input.companyId, { type: input.type, timed: false }),
  ]);
  if (!company || !user || user.suspended === 1 || user.company_id !== input.companyId) return [];
  const schedule: {
    id: number | null;
    method: string;
    template_id: number | null;
    sender_id: number | null;
    quiet_start: string | null;
    quiet_end: string | null;
  }[] = [...rows];
  // Password e-mails always go out by e-mail: a company's schedule may add SMS or its template, not stop them.
  if (SYSTEM_TYPES.has(input.type) && !schedule.some((row) => row.method === 'email'))
    schedule.push({
      id: null,
      method: 'email',
      template_id: null,
      sender_id: null,
      quiet_start: null,
      quiet_end: null,
    });
  const timeZone = safeTimeZone(company.time_zone);
  const assignmentId = input.assignmentId ?? null;
  const values: Insertable<DeliveriesTable>[] = [];
  // A message rendered beforehand is an e-mail.
  for (const row of input.message ? schedule.filter((r) => r.method === 'email') : schedule) {
    const recipient = row.method === 'sms' ? user.phone : user.email;
    if (!recipient) continue;
    const sendAt = SYSTEM_TYPES.has(input.type)
      ? now
      : outsideQuietHours(now, { start: row.quiet_start, end: row.quiet_end }, timeZone);
    values.push({
      company_id: input.companyId,
      notification_id: row.id,
      assignment_id: assignmentId,
      user_id: user.id,
      type: input.type,
      method: row.method,
      recipient,
      subject: input.message?.subject ?? null,
      body: input.message?.text ?? '',
      html: input.message?.html ?? null,
      status: 'queued',
      created_at: iso(now),
      next_attempt_at: iso(sendAt),
      dedupe_key: row.id === null ? null : keyOf(input.type, row.id, user.id, assignmentId),
      sender_id: row.sender_id,
      template_id: row.template_id,
      context: JSON.stringify(input.context ?? {}),
    });
  }
  const ids = await insertDeliveries(trx, values);
  if (ids.length > 0) {
    const first = values.map((v) => v.next_attempt_at as string).sort()[0]!;
    await ensureDeliverJob(trx, now, new Date(first));
  }
  return ids;
}
