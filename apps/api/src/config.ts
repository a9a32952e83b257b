import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  HEED_ADMIN_EMAIL: z.string().default('admin@heed.test'),
  HEED_ADMIN_PASSWORD: z.string().min(12).default('heed-admin-demo'),
  HEED_DEMO: flag.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Heed <no-reply@heed.test>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  SMS_FROM: z.string().default('Heed'),
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().default('heed'),
  DKIM_PRIVATE_KEY: z.string().optional(),
  ASSISTANT_WIDGET_URL: z.url({ protocol: /^https?$/ }).optional(),
  ASSISTANT_WIDGET_ID: z.string().trim().min(1).max(200).optional(),
  COOKIE_SECURE: flag.default(false),
  WORKER: z.enum(['thread', 'off']).default('thread'),
  SCHEDULED_JOBS: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL schema, for tests. */
  databaseSchema?: string;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string;
  demo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** SMS provider's HTTP API (decision 068); without it SMS stay in the outbox. */
  sms?: { url: string; token?: string; from: string };
  /** DKIM signing of every e-mail when a private key (PEM) is given. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** The console's assistant chat widget (spec §4): loaded only when both variables are set. */
  assistantWidget?: { url: string; id: string };
  cookieSecure: boolean;
  worker: 'thread' | 'off';
  /** Whether worker loops queue the scheduled jobs (jobs/schedules.ts); tests that count jobs turn it off. */
  scheduledJobs: boolean;
  /**
   * Tests only (never read from the environment): IdP metadata may be fetched from loopback addresses
   * (a local test server, over plain http). Private and link-local ranges stay refused (decision 080).
   */
  samlMetadataAllowLoopback?: boolean;
  logLevel: string;
  webDist: string;
  /** The clock every time-dependent rule reads; tests replace it. */
  now: () => Date;
}

/** Reads the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? resolve(dataDir, 'heed.sqlite'),
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`,
    adminEmail: e.HEED_ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.HEED_ADMIN_PASSWORD,
    demo: e.HEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_PROVIDER_URL ? { url: e.SMS_PROVIDER_URL, token: e.SMS_PROVIDER_TOKEN, from: e.SMS_FROM } : undefined,
    dkim:
      e.DKIM_PRIVATE_KEY && e.DKIM_DOMAIN
        ? {
            domainName: e.DKIM_DOMAIN,
            keySelector: e.DKIM_SELECTOR,
            privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : undefined,
    assistantWidget:
      e.ASSISTANT_WIDGET_URL && e.ASSISTANT_WIDGET_ID
        ? { url: e.ASSISTANT_WIDGET_URL, id: e.ASSISTANT_WIDGET_ID }
        : undefined,
    cookieSecure: e.COOKIE_SECURE,
    worker: e.WORKER,
    scheduledJobs: e.SCHEDULED_JOBS,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    now: () => new Date(),
  };
}
