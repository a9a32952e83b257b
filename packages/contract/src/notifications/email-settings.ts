import { z } from 'zod';
import { EMAIL_PATTERN } from '../common.ts';
import { FIELD_MESSAGES } from '../messages.ts';

// Email Settings (/settings/email, site admins): the company's sender and SMTP server (decision 069).

export const SMTP_SECURITY = ['auto', 'tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  auto: 'Automatic (STARTTLS when offered)',
  tls: 'TLS (usually port 465)',
  starttls: 'STARTTLS required (usually port 587)',
  none: 'None (never encrypt)',
};

/** What the console shows: the password itself never leaves the server. */
export const emailSettings = z.object({
  sender_name: z.string().nullable(),
  sender_email: z.string().nullable(),
  reply_to: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(SMTP_SECURITY),
  username: z.string().nullable(),
  password_set: z.boolean(),
  /** Where mail goes today: the company's server, the server's SMTP_URL, or the outbox. */
  route: z.enum(['company', 'server', 'outbox']),
  updated_at: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettings>;

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), FIELD_MESSAGES.email)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

/**
 * PUT /email-settings. `password`: omitted (or null) keeps the stored one, '' removes it, any other
 * value replaces it. A host needs a sender address.
 */
export const emailSettingsBody = z.object({
  sender_name: optionalText(120),
  sender_email: optionalEmail,
  reply_to: optionalEmail,
  host: z
    .string()
    .trim()
    .max(255)
    .regex(/^$|^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, 'Enter a host name or an IP address.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  port: z
    .number()
    .int()
    .min(1, FIELD_MESSAGES.integerMin(1))
    .max(65535, FIELD_MESSAGES.integerMax(65535))
    .nullable()
    .default(null),
  security: z.enum(SMTP_SECURITY).default('auto'),
  username: optionalText(255),
  password: z.string().max(512).nullable().optional(),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBody>;

export const EMAIL_SETTINGS_MESSAGES = {
  senderNeeded: 'Enter the sender address the SMTP server sends from.',
  passwordWithoutUser: 'Enter the user name that goes with the password.',
} as const;

/** POST /email-settings/test: one SMTP conversation with the saved settings (or the server's), to `to` or the caller. */
export const emailTestBody = z.object({ to: optionalEmail });
export const emailTestResult = z.object({
  ok: z.boolean(),
  route: z.enum(['company', 'server', 'outbox']),
  recipient: z.string(),
  /** The server's last reply (e.g. `250 2.0.0 Ok: queued`) or the error. */
  response: z.string().nullable(),
  /** The SMTP conversation, client and server lines, secrets removed. */
  transcript: z.array(z.string()),
  delivery_id: z.number().int().nullable(),
});
export type EmailTestResult = z.infer<typeof emailTestResult>;

export const DNS_RECORD_KINDS = ['spf', 'dkim', 'dmarc'] as const;
export const dnsCheck = z.object({
  domain: z.string().nullable(),
  /** false: DNS could not be asked at all (no network, no resolver): the records are unknown, not missing. */
  reachable: z.boolean(),
  explanation: z.string(),
  records: z.array(
    z.object({
      kind: z.enum(DNS_RECORD_KINDS),
      name: z.string(),
      status: z.enum(['ok', 'missing', 'warning', 'unknown']),
      value: z.string().nullable(),
      advice: z.string(),
    }),
  ),
});
export type DnsCheck = z.infer<typeof dnsCheck>;
