import type { Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config.ts';
import type { Database, EmailSettingsTable } from '../db/types.ts';
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

interface MailRoute {
  transport: SMTPTransport.Options | string;
  from: string | { name: string; address: string };
  replyTo?: string;
}

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * `security`: `tls` (or `ssl`) connects over TLS, `starttls` requires the upgrade, `none` never
 * upgrades; unset lets nodemailer upgrade when the server offers it.
 */
function companyTransport(settings: Selectable<EmailSettingsTable>): SMTPTransport.Options {
  const security = settings.security?.toLowerCase() ?? null;
  const secure = security === 'tls' || security === 'ssl';
  return {
    host: settings.host ?? undefined,
    port: settings.port ?? (secure ? 465 : 587),
    secure,
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    ...TIMEOUTS,
  };
}

/** The company's SMTP server when it has one, else the server's (SMTP_URL), else none (outbox). */
async function mailRoute(db: Kysely<Database>, config: Config, companyId: number | null): Promise<MailRoute | null> {
  const settings =
    companyId === null
      ? undefined
      : await db.selectFrom('email_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (settings?.host) {
    const from = settings.sender_email
      ? { name: settings.sender_name ?? 'Heed', address: settings.sender_email }
      : config.mailFrom;
    return { transport: companyTransport(settings), from, replyTo: settings.reply_to ?? undefined };
  }
  if (config.smtpUrl) return { transport: config.smtpUrl, from: config.mailFrom };
  return null;
}

async function record(db: Kysely<Database>, id: number, status: DeliveryStatus, error: string | null, now: Date) {
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

/**
 * Sends one delivery. Safe to repeat: a delivery already sent (or kept in the outbox) is not sent
 * again. A failed send is recorded and rethrown so the job is retried; on the last attempt the
 * delivery becomes `failed`.
 */
export async function deliverEmail(
  db: Kysely<Database>,
  config: Config,
  deliveryId: number,
  options: { now: Date; isLastAttempt: boolean },
): Promise<DeliveryStatus | 'missing'> {
  const delivery = await db.selectFrom('deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!delivery) return 'missing';
  if (delivery.status === 'sent' || delivery.status === 'outbox') return delivery.status;

  const route = await mailRoute(db, config, delivery.company_id);
  if (!route) {
    await record(db, deliveryId, 'outbox', null, options.now);
    return 'outbox';
  }
  const transporter = nodemailer.createTransport(route.transport);
  try {
    await transporter.sendMail({
      from: route.from,
      replyTo: route.replyTo,
      to: delivery.recipient,
      subject: delivery.subject ?? '',
      text: delivery.body,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record(db, deliveryId, options.isLastAttempt ? 'failed' : 'queued', message, options.now);
    throw error;
  } finally {
    transporter.close();
  }
  await record(db, deliveryId, 'sent', null, options.now);
  return 'sent';
}
