import type { Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config.ts';
import type { Database, EmailSettingsTable } from '../db/types.ts';
import { type DeliveryStatus, findDelivery, findEmailSettings, recordDelivery } from './mail.repository.ts';

// Sending the e-mails mail.repository.ts records as deliveries: through the company's SMTP server, the
// server's, or none (the outbox).

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
  const settings = companyId === null ? undefined : await findEmailSettings(db, companyId);
  if (settings?.host) {
    const from = settings.sender_email
      ? { name: settings.sender_name ?? 'Heed', address: settings.sender_email }
      : config.mailFrom;
    return { transport: companyTransport(settings), from, replyTo: settings.reply_to ?? undefined };
  }
  if (config.smtpUrl) return { transport: config.smtpUrl, from: config.mailFrom };
  return null;
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
  const delivery = await findDelivery(db, deliveryId);
  if (!delivery) return 'missing';
  if (delivery.status === 'sent' || delivery.status === 'outbox') return delivery.status;

  const route = await mailRoute(db, config, delivery.company_id);
  if (!route) {
    await recordDelivery(db, deliveryId, 'outbox', null, options.now);
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
    await recordDelivery(db, deliveryId, options.isLastAttempt ? 'failed' : 'queued', message, options.now);
    throw error;
  } finally {
    transporter.close();
  }
  await recordDelivery(db, deliveryId, 'sent', null, options.now);
  return 'sent';
}
