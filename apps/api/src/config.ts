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
  COOKIE_SECURE: flag.default(false),
  WORKER: z.enum(['thread', 'off']).default('thread'),
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
  cookieSecure: boolean;
  worker: 'thread' | 'off';
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
    cookieSecure: e.COOKIE_SECURE,
    worker: e.WORKER,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    now: () => new Date(),
  };
}
