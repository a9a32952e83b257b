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
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_SESSION_TOKEN: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'slash-separated folder names')
    .optional(),
});

/** With STORAGE=s3 the bucket and credentials are required, and an endpoint or a region (AWS's endpoint is made from it). */
const requiredForS3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      sessionToken?: string;
      forcePathStyle: boolean;
      /** Folder in the bucket above every storage area (`heed/` → `heed/assets/…`). */
      prefix?: string;
    };

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
  /** Where uploaded files live (decision 086): under DATA_DIR, or in an S3-compatible bucket. */
  storage: StorageConfig;
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
  if (e.STORAGE === 's3') {
    const missing: string[] = requiredForS3.filter((name) => !e[name]);
    if (!e.S3_ENDPOINT && !e.S3_REGION) missing.push('S3_ENDPOINT or S3_REGION');
    if (missing.length > 0) throw new Error(`Invalid environment: STORAGE=s3 needs ${missing.join(', ')}`);
  }
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
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            sessionToken: e.S3_SESSION_TOKEN,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { kind: 'local' },
    now: () => new Date(),
  };
}
