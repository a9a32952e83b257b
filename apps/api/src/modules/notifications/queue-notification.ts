import type { NotificationContext, NotificationType } from '@heed/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DeliveriesTable } from '../../db/types.ts';
import { dialectOf } from '../../db/seed/seed-db.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { iso } from '../../platform/clock.ts';
import {
  type EventInsert,
  type NewAssignments,
  findCompanyForNotifications,
  findEnabledNotifications,
  findNotificationUser,
  hasQueuedJob,
  insertAssignmentEvents,
  insertDeliveries,
  insertUserEvents,
} from './pipeline.repository.ts';
import { outsideQuietHours, safeTimeZone } from '../../platform/time-zone.ts';

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

/** Messages about a learner that go to their manager (the template greets `manager`, tells of `user`). */
const TO_MANAGER = new Set<string>(['course_accessed']);

/**
 * Who receives a message about `user`: null for the user themselves; for TO_MANAGER types their
 * active manager, or undefined when they have none (nobody is sent it).
 */
async function recipientOf(
  trx: Kysely<Database>,
  type: string,
  user: { manager_id: number | null; company_id: number },
) {
  if (!TO_MANAGER.has(type)) return null;
  const manager = user.manager_id === null ? undefined : await findNotificationUser(trx, user.manager_id);
  return manager && manager.suspended === 0 && manager.company_id === user.company_id ? manager : undefined;
}

export interface QueueNotificationInput {
  companyId: number;
  type: NotificationType;
  /** The person the event is about, who receives it (`course_accessed`: their manager does). */
  userId: number;
  assignmentId?: number | null;
  /** Values on top of those the pipeline looks up (e.g. `reset_url`); never stored secrets. */
  context?: Partial<NotificationContext>;
  /** Already rendered (the reset e-mail, whose link must not be stored before it is sent). */
  message?: { subject: string | null; text: string; html: string | null };
  /**
   * Sent now because someone asked ("Send reminder now"): through the type's schedule rows whatever
   * their timing (one per method), by e-mail with the default template when the schedule has none,
   * never held for quiet hours and never deduplicated (asking twice sends twice).
   */
  manual?: boolean;
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
    findEnabledNotifications(trx, input.companyId, { type: input.type, timed: input.manual ? undefined : false }),
  ]);
  // A suspended company sends nothing (decision 068): its people cannot sign in to act on it.
  if (!company || company.suspended === 1 || !user || user.suspended === 1 || user.company_id !== input.companyId)
    return [];
  const manager = await recipientOf(trx, input.type, user);
  if (manager === undefined) return [];
  const to = manager ?? user;
  const schedule: {
    id: number | null;
    method: string;
    template_id: number | null;
    sender_id: number | null;
    quiet_start: string | null;
    quiet_end: string | null;
  }[] = input.manual ? rows.filter((row, i) => rows.findIndex((r) => r.method === row.method) === i) : [...rows];
  const immediate = SYSTEM_TYPES.has(input.type) || input.manual === true;
  // Password e-mails always go out by e-mail: a company's schedule may add SMS or its template, not stop them.
  if (immediate && !schedule.some((row) => row.method === 'email'))
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
    const recipient = row.method === 'sms' ? to.phone : to.email;
    if (!recipient) continue;
    const sendAt = immediate ? now : outsideQuietHours(now, { start: row.quiet_start, end: row.quiet_end }, timeZone);
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
      dedupe_key: row.id === null || input.manual ? null : keyOf(input.type, row.id, user.id, assignmentId),
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

type EventRow = EventInsert['notification'] & { quiet_start: string | null; quiet_end: string | null };

/**
 * Queues an event type for a set of people in the caller's transaction, one set-based insert per
 * enabled event row of the type (each after its own quiet hours); none for a suspended company.
 * Returns how many messages were added.
 */
async function queueEventSet(
  trx: Kysely<Database>,
  input: { companyId: number; type: NotificationType; now?: Date },
  insert: (step: EventInsert) => Promise<number>,
): Promise<number> {
  const now = input.now ?? new Date();
  const company = await findCompanyForNotifications(trx, input.companyId);
  if (!company || company.suspended === 1) return 0;
  const rows: EventRow[] = await findEnabledNotifications(trx, input.companyId, { type: input.type, timed: false });
  const timeZone = safeTimeZone(company.time_zone);
  let added = 0;
  let first: Date | null = null;
  for (const row of rows) {
    const sendAt = outsideQuietHours(now, { start: row.quiet_start, end: row.quiet_end }, timeZone);
    const count = await insert({ companyId: input.companyId, notification: row, sendAt, now });
    added += count;
    if (count > 0 && (first === null || sendAt < first)) first = sendAt;
  }
  if (first) await ensureDeliverJob(trx, now, first);
  return added;
}

/**
 * `course_assignment` for assignments just written (a New assignment chunk, a rule run, a renewal
 * pass chunk), set-based
 * in the caller's transaction: one message per assignment and enabled schedule row, keyed as
 * `queueNotification` keys them, so a repeated call adds nothing. Returns the messages added.
 */
export function queueAssignmentNotifications(
  trx: Kysely<Database>,
  input: { companyId: number; assignments: NewAssignments; now?: Date },
): Promise<number> {
  if (input.assignments.ids?.length === 0) return Promise.resolve(0);
  return queueEventSet(trx, { ...input, type: 'course_assignment' }, (step) =>
    insertAssignmentEvents(trx, dialectOf(trx), { ...step, assignments: input.assignments }),
  );
}

/**
 * `user_registration` for users just created (an import chunk, SCIM, the console), set-based in the
 * caller's transaction; once per user and schedule row. Returns the messages added.
 */
export function queueRegistrationNotifications(
  trx: Kysely<Database>,
  input: { companyId: number; userIds: readonly number[]; now?: Date },
): Promise<number> {
  if (input.userIds.length === 0) return Promise.resolve(0);
  return queueEventSet(trx, { ...input, type: 'user_registration' }, (step) =>
    insertUserEvents(trx, dialectOf(trx), { ...step, userIds: input.userIds }),
  );
}
