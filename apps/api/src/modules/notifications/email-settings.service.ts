import {
  EMAIL_SETTINGS_MESSAGES,
  type EmailSettings,
  type EmailTestResult,
  type SmtpSecurity,
  type emailSettingsBody,
} from '@heed/contract';
import type { Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, EmailSettingsTable } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import { queueEmail, recordDelivery } from '../../platform/mail.repository.ts';
import { mailRoute } from '../../platform/mail.ts';
import { isSealed, seal, secretKey } from '../../platform/secret-box.ts';
import { checkSenderDomain } from './email-dns.ts';
import { findCompanyForNotifications } from './pipeline.repository.ts';
import { findPlainPasswords, findSettings, saveSettings, setSealedPassword } from './email-settings.repository.ts';

type Row = Selectable<EmailSettingsTable>;
type Body = z.output<typeof emailSettingsBody>;

const routeOf = (row: Row | undefined, config: Config) =>
  row?.host ? 'company' : config.smtpUrl ? 'server' : 'outbox';

function toSettings(row: Row | undefined, config: Config): EmailSettings {
  const security = (row?.security ?? 'auto') as SmtpSecurity;
  return {
    sender_name: row?.sender_name ?? null,
    sender_email: row?.sender_email ?? null,
    reply_to: row?.reply_to ?? null,
    host: row?.host ?? null,
    port: row?.port ?? null,
    security: ['auto', 'tls', 'starttls', 'none'].includes(security) ? security : 'auto',
    username: row?.username ?? null,
    password_set: Boolean(row?.password),
    route: routeOf(row, config),
    updated_at: row?.updated_at ?? null,
  };
}

export async function getEmailSettings(db: Kysely<Database>, config: Config, ctx: AuthedContext) {
  return toSettings(await findSettings(db, ctx.companyId), config);
}

/**
 * PUT /email-settings: the password is write-only (omitted or null keeps it, '' removes it) and is
 * stored sealed (AES-256-GCM, decision 069). Audited without the password, only whether it changed.
 */
export async function updateEmailSettings(db: Kysely<Database>, config: Config, ctx: AuthedContext, body: Body) {
  const before = await findSettings(db, ctx.companyId);
  const errors: FieldErrors = {};
  if (body.host && !body.sender_email) errors.sender_email = [EMAIL_SETTINGS_MESSAGES.senderNeeded];
  if (body.password && !body.username) errors.username = [EMAIL_SETTINGS_MESSAGES.passwordWithoutUser];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const password =
    body.password === undefined || body.password === null
      ? (before?.password ?? null)
      : body.password === ''
        ? null
        : seal(secretKey(config.dataDir), body.password);
  const row: Row = {
    company_id: ctx.companyId,
    sender_name: body.sender_name,
    sender_email: body.sender_email,
    reply_to: body.reply_to,
    host: body.host,
    port: body.port,
    security: body.security === 'auto' ? null : body.security,
    username: body.username,
    password,
    updated_at: iso(ctx.now()),
  };
  await db.transaction().execute(async (trx) => {
    await saveSettings(trx, row);
    const { password: _b, ...shownBefore } = before ?? ({} as Partial<Row>);
    const { password: _a, ...shownAfter } = row;
    await audit(trx, ctx, {
      action: 'email_settings.updated',
      entityType: 'company',
      entityId: ctx.companyId,
      before: before ? { ...shownBefore, password_set: Boolean(before.password) } : null,
      after: {
        ...shownAfter,
        password_set: Boolean(password),
        password_changed: password !== (before?.password ?? null),
      },
    });
  });
  return toSettings(row, config);
}

/** Lines of nodemailer's SMTP log, without credentials. */
function transcriptLogger(lines: string[], secrets: string[]) {
  const push = (_meta: unknown, message: string, ...args: unknown[]) => {
    let text = String(message);
    for (const arg of args) text = text.replace(/%[sdj]/, String(arg));
    for (const line of text.split(/\r?\n/)) {
      let clean = line;
      for (const secret of secrets) if (secret) clean = clean.split(secret).join('[hidden]');
      if (/^\s*(C:\s*)?AUTH\s/i.test(clean)) clean = clean.replace(/(AUTH\s+\S+).*/i, '$1 [hidden]');
      if (clean.trim() !== '') lines.push(clean.slice(0, 500));
    }
  };
  return { level: () => {}, trace: push, debug: push, info: push, warn: push, error: push, fatal: push };
}

const TEST_SUBJECT = 'Heed test notification';

/**
 * POST /email-settings/test: one SMTP conversation now with the company's settings (or the server's),
 * answered with its transcript and the server's last reply, and logged as a delivery. With nothing
 * configured the message is kept in the outbox.
 */
export async function testEmailSettings(
  db: Kysely<Database>,
  config: Config,
  ctx: AuthedContext,
  to: string | null,
): Promise<EmailTestResult> {
  const recipient = to ?? ctx.user.email;
  if (!recipient) throw invalid({ to: ['Enter an address to send the test notification to.'] });
  const settings = await findSettings(db, ctx.companyId);
  const company = await findCompanyForNotifications(db, ctx.companyId);
  if (!company) throw notFound();
  const now = ctx.now();
  const text = `This is a test notification from Heed, sent to ${recipient} at ${now.toISOString()} to check the e-mail settings of ${company.name}.\nIf you can read this, e-mail delivery works. No action is needed.`;
  const deliveryId = await db.transaction().execute(async (trx) => {
    const id = await queueEmail(trx, {
      companyId: ctx.companyId,
      userId: ctx.user.id,
      type: 'test_notification',
      recipient,
      subject: TEST_SUBJECT,
      body: text,
      now,
    });
    await audit(trx, ctx, {
      action: 'email_settings.tested',
      entityType: 'company',
      entityId: ctx.companyId,
      after: { recipient, delivery_id: id },
    });
    return id;
  });
  const route = await mailRoute(db, config, ctx.companyId);
  const routeName = routeOf(settings, config);
  if (!route) {
    await recordDelivery(db, deliveryId, null, { status: 'outbox', error: null, now });
    return {
      ok: false,
      route: 'outbox',
      recipient,
      response: null,
      transcript: ['No SMTP server is configured (neither here nor SMTP_URL): the message was kept in the outbox.'],
      delivery_id: deliveryId,
    };
  }
  const transcript: string[] = [];
  const secrets =
    typeof route.transport === 'string'
      ? []
      : [String((route.transport.auth as { pass?: string } | undefined)?.pass ?? '')];
  const base = typeof route.transport === 'string' ? { url: route.transport } : route.transport;
  const transporter = nodemailer.createTransport({
    ...base,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: transcriptLogger(transcript, secrets),
    debug: true,
    ...(config.dkim ? { dkim: config.dkim } : {}),
  } as never);
  try {
    const info = await transporter.sendMail({
      from: route.from,
      replyTo: route.replyTo,
      to: recipient,
      subject: TEST_SUBJECT,
      text,
    });
    await recordDelivery(db, deliveryId, null, { status: 'sent', error: null, now: ctx.now() });
    return {
      ok: true,
      route: routeName,
      recipient,
      response: info.response ?? null,
      transcript,
      delivery_id: deliveryId,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordDelivery(db, deliveryId, null, { status: 'failed', error: message, now: ctx.now() });
    return { ok: false, route: routeName, recipient, response: message, transcript, delivery_id: deliveryId };
  } finally {
    transporter.close();
  }
}

export async function checkEmailDns(db: Kysely<Database>, config: Config, ctx: AuthedContext) {
  const settings = await findSettings(db, ctx.companyId);
  const address = settings?.sender_email ?? /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  const domain = address.includes('@') ? address.split('@')[1]!.toLowerCase() : null;
  return checkSenderDomain(domain, {
    selector: config.dkim?.keySelector ?? 'default',
    ...(process.env.HEED_DNS_SERVERS ? { servers: process.env.HEED_DNS_SERVERS.split(',') } : {}),
  });
}

/** Seals SMTP passwords stored before sealing (run at start-up; a no-op once done). */
export async function sealPlainPasswords(db: Kysely<Database>, config: Config): Promise<number> {
  const rows = await findPlainPasswords(db);
  const key = secretKey(config.dataDir);
  for (const row of rows) {
    if (row.password && !isSealed(row.password))
      await setSealedPassword(db, row.company_id, row.password, seal(key, row.password));
  }
  return rows.length;
}
