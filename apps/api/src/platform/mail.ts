import { type KeyObject, createHash, createPrivateKey } from 'node:crypto';
import { type Socket, connect as connectTcp } from 'node:net';
import type { Kysely, Selectable } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config.ts';
import type { Database, EmailSettingsTable } from '../db/types.ts';
import {
  type DeliveryOutcome,
  type DeliveryRow,
  type DeliveryStatus,
  claimDelivery,
  findDelivery,
  findEmailSettings,
  recordDelivery,
} from './mail.repository.ts';
import { secretKey, unseal } from './secret-box.ts';
import { PermanentSendError, smsAdapter } from './sms.ts';

// Sending the messages mail.repository.ts records as deliveries (decision 068): e-mail through the
// company's SMTP server, the server's (SMTP_URL), or none (the outbox); SMS through the provider
// adapter (sms.ts) or the outbox. Transports are pooled and kept per set of settings.

export interface MailRoute {
  /** Identifies the transport's settings: a change of settings makes a new pool. */
  key: string;
  /** Whose settings these are (`company:{id}`, or `server` for SMTP_URL): a change closes their old pool. */
  owner?: string;
  transport: SMTPTransport.Options | string;
  from: string | { name: string; address: string };
  replyTo?: string;
}

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/** Attempts of a pipeline delivery before it is `failed`; retries wait 30 s, doubling, at most an hour. */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const retryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
/** A `sending` claim older than this lost its worker: it is taken back and sent again. */
export const DELIVERY_LEASE_MS = 2 * 60_000;

/**
 * `security`: `tls` (or `ssl`) connects over TLS, `starttls` requires the upgrade, `none` never
 * upgrades; unset lets nodemailer upgrade when the server offers it. The password is unsealed here.
 */
export function companyTransport(settings: Selectable<EmailSettingsTable>, config: Pick<Config, 'dataDir'>) {
  const security = settings.security?.toLowerCase() ?? null;
  const secure = security === 'tls' || security === 'ssl';
  const password = settings.password ? unseal(secretKey(config.dataDir), settings.password) : '';
  return {
    host: settings.host ?? undefined,
    port: settings.port ?? (secure ? 465 : 587),
    secure,
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: password } } : {}),
    ...TIMEOUTS,
  } satisfies SMTPTransport.Options;
}

const routeKey = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The company's SMTP server when it has one, else the server's (SMTP_URL), else none (outbox). */
export async function mailRoute(
  db: Kysely<Database>,
  config: Config,
  companyId: number | null,
): Promise<MailRoute | null> {
  const settings = companyId === null ? undefined : await findEmailSettings(db, companyId);
  if (settings?.host) {
    const from = settings.sender_email
      ? { name: settings.sender_name ?? 'Heed', address: settings.sender_email }
      : config.mailFrom;
    const transport = companyTransport(settings, config);
    return {
      key: routeKey(transport),
      owner: `company:${companyId}`,
      transport,
      from,
      replyTo: settings.reply_to ?? undefined,
    };
  }
  if (config.smtpUrl)
    return { key: routeKey(config.smtpUrl), owner: 'server', transport: config.smtpUrl, from: config.mailFrom };
  return null;
}

type SocketCallback = (error: Error | null, socket: { connection: Socket }) => void;

/**
 * Opens an SMTP connection's TCP socket with Nagle's algorithm off (nodemailer's `getSocket` hook).
 * Nodemailer writes a message in pieces, and the last one (the closing dot) waited for the server's
 * delayed ACK: 40 ms per message on Linux, so a connection sent at most 25 messages a second whatever
 * the CPU (decision 087). The socket is handed over while it connects: nodemailer's own handlers see
 * its errors (a refused connection fails the send as before), its greeting timeout bounds the wait,
 * and TLS (on connect or by STARTTLS) is still nodemailer's.
 */
function openSocket(options: SMTPTransport.Options, callback: SocketCallback): void {
  const socket = connectTcp({
    host: options.host || 'localhost',
    port: Number(options.port) || (options.secure ? 465 : 587),
    noDelay: true,
    keepAlive: true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  callback(null, { connection: socket });
}

const dkimKeys = new Map<string, KeyObject>();

/**
 * The DKIM options with the private key parsed once: nodemailer signs each message with the key it is
 * given, and a PEM text was parsed again at every signature (0.9 ms of a 2048-bit key's 1.2 ms).
 */
function dkimOptions(dkim: NonNullable<Config['dkim']>) {
  let key = dkimKeys.get(dkim.privateKey);
  if (!key) {
    key = createPrivateKey(dkim.privateKey);
    dkimKeys.set(dkim.privateKey, key);
  }
  return { ...dkim, privateKey: key };
}

/** A route's nodemailer options: its settings, DKIM when configured, sockets without Nagle's delay. */
function transportOptions(route: MailRoute, config: Pick<Config, 'dkim'>) {
  const base = typeof route.transport === 'string' ? { url: route.transport } : route.transport;
  // A proxy (an SMTP_URL's `?proxy=`) stays nodemailer's to open.
  const proxied = typeof route.transport === 'string' && /[?&]proxy=/.test(route.transport);
  return {
    ...base,
    ...(config.dkim ? { dkim: dkimOptions(config.dkim) } : {}),
    ...(proxied ? {} : { getSocket: openSocket }),
  } as SMTPTransport.Options;
}

interface PooledTransport {
  transporter: Transporter;
  lastUsed: number;
}
const pools = new Map<string, PooledTransport>();
/** The route key each owner's messages used last. */
const ownerKeys = new Map<string, string>();
const IDLE_MS = 5 * 60_000;

/**
 * A pooled transport per route (a few SMTP connections reused across messages), closed after 5 idle
 * minutes, or at once when its owner's settings change (a new password, host…: its next message opens
 * a new pool) and no other owner uses it. Closing lets the messages in flight finish; those still
 * waiting for a connection fail as a transient error and are retried.
 */
function pooledTransport(route: MailRoute, config: Pick<Config, 'dkim'>): Transporter {
  const now = Date.now();
  for (const [key, pool] of pools) {
    if (now - pool.lastUsed > IDLE_MS) {
      pool.transporter.close();
      pools.delete(key);
    }
  }
  if (route.owner !== undefined) {
    const previous = ownerKeys.get(route.owner);
    ownerKeys.set(route.owner, route.key);
    if (previous !== undefined && previous !== route.key && ![...ownerKeys.values()].includes(previous)) {
      pools.get(previous)?.transporter.close();
      pools.delete(previous);
    }
  }
  const known = pools.get(route.key);
  if (known) {
    known.lastUsed = now;
    return known.transporter;
  }
  const transporter = nodemailer.createTransport({
    ...transportOptions(route, config),
    pool: true,
    maxConnections: 4,
    maxMessages: 200,
  } as SMTPTransport.Options);
  pools.set(route.key, { transporter, lastUsed: now });
  return transporter;
}

/** Closes every pooled SMTP connection (tests, shutdown). */
export function closeMailTransports(): void {
  for (const pool of pools.values()) pool.transporter.close();
  pools.clear();
  ownerKeys.clear();
}

/** A 5xx reply (or an address the server refuses outright) will fail again: it is not retried. */
export function isPermanentSendError(error: unknown): boolean {
  if (error instanceof PermanentSendError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Stable per delivery: a message sent again is recognisably the same one. */
  messageId: string;
}

/** A transport for one message, closed after it (a job sending one e-mail keeps no connection open). */
function singleTransport(route: MailRoute, config: Pick<Config, 'dkim'>): Transporter {
  return nodemailer.createTransport(transportOptions(route, config));
}

/** Sends one e-mail: over the route's pooled connections (batch runs), or a connection of its own. */
export async function sendEmail(
  route: MailRoute,
  config: Pick<Config, 'dkim'>,
  message: OutgoingEmail,
  options: { pooled: boolean } = { pooled: true },
) {
  const transporter = options.pooled ? pooledTransport(route, config) : singleTransport(route, config);
  try {
    return await send(transporter, route, message);
  } finally {
    if (!options.pooled) transporter.close();
  }
}

function send(transporter: Transporter, route: MailRoute, message: OutgoingEmail) {
  return transporter.sendMail({
    from: route.from,
    replyTo: route.replyTo,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: message.messageId,
  });
}

const messageIdOf = (delivery: Pick<DeliveryRow, 'id' | 'created_at'>) =>
  `<delivery-${delivery.id}.${Date.parse(delivery.created_at).toString(36)}@heed.invalid>`;

/** The reset link's token replaced in a stored e-mail once it has been sent: the delivery log never hands it out. */
export const redactResetLinks = (text: string) =>
  text.replace(/(\/password\/reset\/)[A-Za-z0-9_%-]+/g, '$1[removed after sending]');

/**
 * Sends one claimed delivery (its content already rendered) and says what became of it: `sent`;
 * `outbox` when nothing is configured for its method; `failed` for a permanent refusal (5xx) or on
 * the last attempt; else `queued` again after a backoff. The caller records the outcome.
 */
export async function transmit(
  db: Kysely<Database>,
  config: Config,
  delivery: DeliveryRow,
  options: { now: Date; isLastAttempt: boolean; pooled?: boolean },
): Promise<DeliveryOutcome> {
  const { now } = options;
  try {
    if (delivery.method === 'sms') {
      const adapter = smsAdapter(config);
      if (!adapter) return { status: 'outbox', error: null, now };
      await adapter.send({ to: delivery.recipient, text: delivery.body, reference: `heed-delivery-${delivery.id}` });
    } else {
      const route = await mailRoute(db, config, delivery.company_id);
      if (!route) return { status: 'outbox', error: null, now };
      await sendEmail(
        route,
        config,
        {
          to: delivery.recipient,
          subject: delivery.subject ?? '',
          text: delivery.body,
          html: delivery.html,
          messageId: messageIdOf(delivery),
        },
        { pooled: options.pooled ?? true },
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isPermanentSendError(error) || options.isLastAttempt) return { status: 'failed', error: message, now };
    return {
      status: 'queued',
      error: message,
      now,
      retryAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)),
    };
  }
  const redacted = redactResetLinks(delivery.body);
  const content =
    redacted === delivery.body
      ? undefined
      : { subject: delivery.subject, body: redacted, html: delivery.html ? redactResetLinks(delivery.html) : null };
  return { status: 'sent', error: null, now, ...(content ? { content } : {}) };
}

/**
 * Sends one delivery by id (the `deliver_email` job). Safe to repeat: it is claimed first, so a
 * delivery already sent, in the outbox, failed, or being sent by another worker is not sent again.
 * A transient failure is recorded and rethrown so the job is retried; on the last attempt, or for a
 * permanent refusal, the delivery becomes `failed` and a PermanentSendError is thrown.
 */
export async function deliverEmail(
  db: Kysely<Database>,
  config: Config,
  deliveryId: number,
  options: { now: Date; isLastAttempt: boolean; workerId?: string },
): Promise<DeliveryStatus | 'missing'> {
  const workerId = options.workerId ?? `job:${deliveryId}:${options.now.getTime()}`;
  const staleBefore = new Date(options.now.getTime() - DELIVERY_LEASE_MS);
  const delivery = await claimDelivery(db, deliveryId, workerId, options.now, staleBefore);
  if (!delivery) {
    const row = await findDelivery(db, deliveryId);
    return row ? (row.status as DeliveryStatus) : 'missing';
  }
  const outcome = await transmit(db, config, delivery, { ...options, pooled: false });
  await recordDelivery(db, deliveryId, workerId, outcome);
  if (outcome.status === 'queued') throw new Error(outcome.error ?? 'The message could not be sent.');
  if (outcome.status === 'failed') throw new PermanentSendError(outcome.error ?? 'The message could not be sent.');
  return outcome.status;
}
