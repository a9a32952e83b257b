import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { iso } from './clock.ts';

/**
 * E-mail delivery. Every message is a row of `deliveries` (the delivery log): `queued` until a
 * worker sends it, then `sent`, `failed` (with the error) or `outbox` when no SMTP server is
 * configured (the console shows the outbox instead).
 */
export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'outbox';

export interface NewEmail {
  companyId: number | null;
  userId: number | null;
  /** Notification type (spec §3), or `test_notification`. */
  type: string;
  recipient: string;
  subject: string;
  body: string;
  notificationId?: number | null;
  assignmentId?: number | null;
  now: Date;
}

/** Records an e-mail as `queued`; a `deliver_email` job (or similar) sends it. Returns the delivery id. */
export async function queueEmail(db: Kysely<Database>, email: NewEmail): Promise<number> {
  const row = await db
    .insertInto('deliveries')
    .values({
      company_id: email.companyId,
      notification_id: email.notificationId ?? null,
      assignment_id: email.assignmentId ?? null,
      user_id: email.userId,
      type: email.type,
      method: 'email',
      recipient: email.recipient,
      subject: email.subject,
      body: email.body,
      status: 'queued',
      created_at: iso(email.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findDelivery(db: Kysely<Database>, deliveryId: number) {
  return db.selectFrom('deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
}

/** The company's own SMTP settings, if it has a row. */
export async function findEmailSettings(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('email_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** A send attempt's outcome: the delivery's status and error, one more attempt, and when it was sent. */
export async function recordDelivery(
  db: Kysely<Database>,
  id: number,
  status: DeliveryStatus,
  error: string | null,
  now: Date,
) {
  await db
    .updateTable('deliveries')
    .set((eb) => ({
      status,
      error,
      attempts: eb('attempts', '+', 1),
      sent_at: status === 'sent' ? iso(now) : null,
    }))
    .where('id', '=', id)
    .execute();
}
