import type { Kysely, Selectable } from 'kysely';
import type { DeliveriesTable, Database } from '../db/types.ts';
import { iso } from './clock.ts';

/**
 * Every message (e-mail or SMS) is a row of `deliveries`, the delivery log (decision 068): `queued`
 * until a worker claims it (`sending`, with `claimed_by`/`claimed_at` as its lease), then `sent`,
 * `failed` (with the error) or `outbox` when nothing is configured to send it; a transient failure
 * puts it back to `queued` with a later `next_attempt_at`.
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'outbox';
export type DeliveryRow = Selectable<DeliveriesTable>;

export interface NewEmail {
  companyId: number | null;
  userId: number | null;
  /** Notification type (spec §3), or `test_notification`. */
  type: string;
  recipient: string;
  subject: string;
  body: string;
  html?: string | null;
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
      html: email.html ?? null,
      status: 'queued',
      created_at: iso(email.now),
      next_attempt_at: iso(email.now),
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

/**
 * Claims one delivery for sending: `queued` (or `sending` under a lease older than `staleBefore`,
 * its worker gone) becomes `sending` under `workerId`, with one more attempt. Undefined when it is
 * not claimable: sent, failed, in the outbox, or being sent by a live worker.
 */
export async function claimDelivery(
  db: Kysely<Database>,
  deliveryId: number,
  workerId: string,
  now: Date,
  staleBefore: Date,
): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('deliveries')
    .set((eb) => ({ status: 'sending', claimed_by: workerId, claimed_at: iso(now), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', deliveryId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', iso(staleBefore))]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims up to `limit` due deliveries of the notification pipeline (those with a `context`) in one
 * statement, so that two workers never take the same one. Returns them.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  const stamp = iso(now);
  return db
    .updateTable('deliveries')
    .set((eb) => ({ status: 'sending', claimed_by: workerId, claimed_at: stamp, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('deliveries')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', stamp)
        .where('context', 'is not', null)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit),
    )
    .where('status', '=', 'queued')
    .returningAll()
    .execute();
}

/** Claims whose worker died (older than `staleBefore`) go back to the queue; the attempt they used stays counted. */
export async function releaseStaleClaims(db: Kysely<Database>, staleBefore: Date): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'queued', claimed_by: null, claimed_at: null })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', iso(staleBefore))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The earliest time a queued pipeline delivery is due, if any. */
export async function nextDueAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'queued')
    .where('context', 'is not', null)
    .executeTakeFirst();
  return (row?.next as string | null | undefined) ?? null;
}

export interface DeliveryOutcome {
  status: Exclude<DeliveryStatus, 'sending'>;
  error: string | null;
  now: Date;
  /** A retry: not before this time. */
  retryAt?: Date;
  /** The stored text, rendered at send time (or redacted after it). */
  content?: { subject: string | null; body: string; html: string | null };
}

/**
 * A send attempt's outcome, written only while this worker still holds the claim (a worker that lost
 * its lease does not overwrite the one that took over). False when the claim was lost.
 */
export async function recordDelivery(
  db: Kysely<Database>,
  id: number,
  workerId: string | null,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({
      status: outcome.status,
      error: outcome.error?.slice(0, 2000) ?? null,
      sent_at: outcome.status === 'sent' ? iso(outcome.now) : null,
      claimed_by: null,
      claimed_at: null,
      ...(outcome.retryAt ? { next_attempt_at: iso(outcome.retryAt) } : {}),
      ...(outcome.content ?? {}),
    })
    .where('id', '=', id)
    .$if(workerId !== null, (qb) => qb.where('claimed_by', '=', workerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
