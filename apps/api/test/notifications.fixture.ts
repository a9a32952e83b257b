import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Insertable } from 'kysely';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../src/config.ts';
import type { NotificationsTable } from '../src/db/types.ts';
import { closeMailTransports } from '../src/platform/mail.ts';
import { runDeliveries, runReminderPass } from '../src/modules/notifications/index.ts';
import { insertAssignment } from './support/assignments-fixture.ts';
import { createCourseRow } from './support/courses-fixture.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

/** A message the SMTP peer accepted, parsed. */
export interface Arrived {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface MailPeerOptions {
  /** Recipients refused with a permanent 550 at RCPT TO. */
  refuse?: string[];
  /** Called with each message before it is accepted; a promise holds the reply (the crash test). */
  beforeAccept?: (count: number) => Promise<void> | void;
}

/** A real SMTP server on loopback (smtp-server) whose accepted messages are parsed with mailparser. */
export async function startMailPeer(options: MailPeerOptions = {}, port = 0) {
  const arrived: Arrived[] = [];
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        const error = Object.assign(new Error('5.1.1 Recipient address rejected: User unknown'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        seen += 1;
        try {
          await options.beforeAccept?.(seen);
        } catch (error) {
          callback(error as Error);
          return;
        }
        const parsed = await simpleParser(Buffer.concat(chunks));
        arrived.push({
          to: (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          messageId: parsed.messageId ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    arrived,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailPeer = Awaited<ReturnType<typeof startMailPeer>>;

/** The SMS provider stand-in: an HTTP server that keeps each POSTed message; `failFirst` answers 503 first. */
export async function startSmsProvider(options: { failFirst?: number; status?: number } = {}) {
  const received: { to: string; text: string; reference: string; authorization: string | undefined }[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      calls += 1;
      if (options.failFirst && calls <= options.failFirst) {
        res.writeHead(503).end('busy');
        return;
      }
      if (options.status && options.status >= 400) {
        res.writeHead(options.status).end('{"error":"invalid number"}');
        return;
      }
      const message = JSON.parse(body) as { to: string; text: string; reference: string };
      received.push({ ...message, authorization: req.headers.authorization });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `sms-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/messages`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface NotificationsWorld {
  t: TestApp;
  acme: number;
  other: number;
  courseId: number;
  ids: Record<'root' | 'cm' | 'dm' | 'reviewer' | 'manager' | 'ann' | 'ben' | 'cal' | 'gone' | 'otherCm', number>;
}

/**
 * Acme (UTC) with a Company Manager, a Department Manager, a Reviewer, and a manager `manager` whose
 * reports are ann, ben and cal (learners with e-mail and phone); `gone` is deactivated; another company
 * with its own Company Manager; a site admin in the vendor company. The clock reads 2026-03-02 09:00 UTC.
 */
export async function createNotificationsWorld(config: Partial<Config> = {}): Promise<NotificationsWorld> {
  const t = await createTestApp(config);
  const vendor = await createCompany(t.db, { name: 'Heed' });
  const acme = await createCompany(t.db, { name: 'Acme' });
  const other = await createCompany(t.db, { name: 'Other Co' });
  const dept = await createDepartment(t.db, acme.id, 'Operations');
  const user = async (username: string, companyId: number, role: number, extra: Record<string, unknown> = {}) => {
    const row = await createUser(t.db, {
      companyId,
      role,
      username,
      departmentId: companyId === acme.id ? dept.id : null,
      firstName: username[0]!.toUpperCase() + username.slice(1),
      lastName: 'Test',
      ...extra,
    });
    return row.id;
  };
  const ids = {
    root: await user('root', vendor.id, 1, { siteAdmin: true }),
    cm: await user('cm', acme.id, 1),
    dm: await user('dm', acme.id, 2),
    reviewer: await user('reviewer', acme.id, 3),
    manager: await user('manager', acme.id, 2),
    ann: await user('ann', acme.id, 0),
    ben: await user('ben', acme.id, 0),
    cal: await user('cal', acme.id, 0),
    gone: await user('gone', acme.id, 0, { suspended: true }),
    otherCm: await user('othercm', other.id, 1),
  };
  await t.db
    .insertInto('department_managers')
    .values({ user_id: ids.dm, department_id: dept.id, company_id: acme.id })
    .execute();
  for (const name of ['ann', 'ben', 'cal', 'gone'] as const) {
    await t.db
      .updateTable('users')
      .set({ manager_id: ids.manager, phone: `+1555000${ids[name]}` })
      .where('id', '=', ids[name])
      .execute();
  }
  const courseId = await createCourseRow(t.db, { name: 'Fire Safety', companyIds: [acme.id] });
  return { t, acme: acme.id, other: other.id, courseId, ids };
}

/** An open assignment of a learner due `days` from the test clock's day (at noon UTC). */
export async function assignDue(w: NotificationsWorld, userId: number, days: number, status = 'not_started') {
  const due = new Date(Date.parse('2026-03-02T12:00:00.000Z') + days * 86_400_000).toISOString();
  return insertAssignment(w.t.db, { companyId: w.acme, userId, courseId: w.courseId, dueAt: due, status });
}

export async function addSchedule(
  w: NotificationsWorld,
  row: Partial<Insertable<NotificationsTable>> & { type: string; trigger: string },
) {
  const stamp = '2026-01-01T00:00:00.000Z';
  const inserted = await w.t.db
    .insertInto('notifications')
    .values({
      company_id: w.acme,
      method: 'email',
      template_id: null,
      sender_id: null,
      offset_days: null,
      repeat_every_days: null,
      repeat_max: null,
      enabled: 1,
      created_at: stamp,
      updated_at: stamp,
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The company's SMTP server: the peer on loopback, no TLS. */
export async function useMailPeer(w: NotificationsWorld, port: number, companyId = w.acme) {
  await w.t.db
    .insertInto('email_settings')
    .values({
      company_id: companyId,
      sender_name: 'Acme Training',
      sender_email: 'training@acme.test',
      reply_to: null,
      host: '127.0.0.1',
      port,
      security: 'none',
      username: null,
      password: null,
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ port }))
    .execute();
}

export const pass = (w: NotificationsWorld) => runReminderPass(w.t.db, w.t.clock.now);
export const deliver = (w: NotificationsWorld, workerId = 'test-worker') =>
  runDeliveries(w.t.db, w.t.config, { workerId, now: () => w.t.clock.now });

export const deliveries = (w: NotificationsWorld) =>
  w.t.db.selectFrom('deliveries').selectAll().orderBy('id').execute();

export async function closeWorld(w: NotificationsWorld | undefined) {
  closeMailTransports();
  await w?.t.close();
}
