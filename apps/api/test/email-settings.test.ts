import { EMAIL_SETTINGS_MESSAGES } from '@heed/contract';
import { SMTPServer } from 'smtp-server';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sealPlainPasswords } from '../src/modules/notifications/email-settings.service.ts';
import { closeMailTransports, mailRoute, sendEmail } from '../src/platform/mail.ts';
import { secretKey, unseal } from '../src/platform/secret-box.ts';
import {
  type NotificationsWorld,
  addSchedule,
  assignDue,
  closeWorld,
  createNotificationsWorld,
  deliver,
  pass,
} from './notifications.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';

let w: NotificationsWorld | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await closeWorld(w);
  for (const close of closers.splice(0)) await close();
  w = undefined;
});

/** An SMTP server that wants AUTH (over plain text, on loopback) and keeps what arrived. */
async function authSmtp(user: string, pass: string) {
  const received: { to: string[]; raw: string }[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error('5.7.8 Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  closers.push(close);
  return { port, received, logins };
}

async function admin(world: NotificationsWorld): Promise<TestClient> {
  const client = await signedIn(world.t.app, 'root');
  client.companyId = String(world.acme);
  return client;
}

const settings = (port: number, extra: Record<string, unknown> = {}) => ({
  sender_name: 'Acme Training',
  sender_email: 'training@acme.test',
  reply_to: 'hr@acme.test',
  host: '127.0.0.1',
  port,
  security: 'none',
  username: 'mailer',
  password: 'smtp-secret-123',
  ...extra,
});

describe('Email Settings (/settings/email)', () => {
  it('keeps the password write-only and sealed, and sends through the server with it', async () => {
    w = await createNotificationsWorld();
    const smtp = await authSmtp('mailer', 'smtp-secret-123');
    const root = await admin(w);
    const saved = await root.put('/api/v3/email-settings', settings(smtp.port));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      host: '127.0.0.1',
      password_set: true,
      route: 'company',
      security: 'none',
    });
    expect(saved.body).not.toContain('smtp-secret-123');
    const stored = await w.t.db
      .selectFrom('email_settings')
      .selectAll()
      .where('company_id', '=', w.acme)
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^enc:v1:/);
    expect(stored.password).not.toContain('smtp-secret');
    expect(unseal(secretKey(w.t.config.dataDir), stored.password!)).toBe('smtp-secret-123');
    const audit = await w.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'email_settings.updated')
      .executeTakeFirstOrThrow();
    expect(audit.after).not.toContain('smtp-secret');
    expect(audit.after).not.toContain('enc:v1');
    expect(JSON.parse(audit.after!)).toMatchObject({ password_set: true, password_changed: true });

    const read = (await root.get('/api/v3/email-settings')).json().data;
    expect(read).toMatchObject({ sender_email: 'training@acme.test', username: 'mailer', password_set: true });
    expect(read).not.toHaveProperty('password');

    // Omitting the password keeps it; the test send authenticates with it and shows the conversation.
    expect(
      (await root.put('/api/v3/email-settings', settings(smtp.port, { password: undefined, sender_name: 'Acme HR' })))
        .statusCode,
    ).toBe(200);
    const test = await root.post('/api/v3/email-settings/test', { to: 'check@example.test' });
    expect(test.statusCode, test.body).toBe(200);
    const result = test.json().data;
    expect(result).toMatchObject({ ok: true, route: 'company', recipient: 'check@example.test' });
    expect(result.response).toMatch(/^250/);
    expect(result.transcript.join('\n')).toMatch(/EHLO|MAIL FROM/);
    expect(result.transcript.join('\n')).not.toContain('smtp-secret-123');
    expect(smtp.logins).toEqual(['mailer:smtp-secret-123']);
    expect(smtp.received.map((m) => m.to)).toEqual([['check@example.test']]);
    expect(smtp.received[0]!.raw).toContain('Acme HR');
    const log = await w.t.db.selectFrom('deliveries').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 'test_notification', status: 'sent', recipient: 'check@example.test' });

    // Notifications go through the same server with the sealed password.
    closeMailTransports();
    await addSchedule(w, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    expect(smtp.received.at(-1)!.to).toEqual(['ann@example.test']);

    // A wrong password: the test says what the server answered; '' removes the password.
    await root.put('/api/v3/email-settings', settings(smtp.port, { password: 'wrong' }));
    const refused = (await root.post('/api/v3/email-settings/test', {})).json().data;
    expect(refused).toMatchObject({ ok: false, recipient: 'root@example.test' });
    expect(refused.response).toMatch(/535|Authentication/);
    const cleared = await root.put('/api/v3/email-settings', settings(smtp.port, { password: '', username: null }));
    expect(cleared.json().data.password_set).toBe(false);
  });

  it('validates (422), keeps mail in the outbox without a server, and is for site admins only', async () => {
    w = await createNotificationsWorld();
    const root = await admin(w);
    const bad = await root.put(
      '/api/v3/email-settings',
      settings(25, { sender_email: '', password: 'x', username: '' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toEqual({
      sender_email: [EMAIL_SETTINGS_MESSAGES.senderNeeded],
      username: [EMAIL_SETTINGS_MESSAGES.passwordWithoutUser],
    });
    expect(Object.keys((await root.put('/api/v3/email-settings', settings(70_000))).json().error.details)).toEqual([
      'port',
    ]);
    expect(
      Object.keys((await root.put('/api/v3/email-settings', settings(25, { reply_to: 'nope' }))).json().error.details),
    ).toEqual(['reply_to']);
    expect(
      Object.keys((await root.put('/api/v3/email-settings', settings(25, { host: 'bad host!' }))).json().error.details),
    ).toEqual(['host']);

    const outbox = (await root.post('/api/v3/email-settings/test', {})).json().data;
    expect(outbox).toMatchObject({ ok: false, route: 'outbox' });
    expect((await w.t.db.selectFrom('deliveries').select('status').executeTakeFirstOrThrow()).status).toBe('outbox');

    for (const login of ['cm', 'dm']) {
      const staff = await signedIn(w.t.app, login);
      expect((await staff.get('/api/v3/email-settings')).statusCode).toBe(403);
      expect((await staff.put('/api/v3/email-settings', settings(25))).statusCode).toBe(403);
      expect((await staff.post('/api/v3/email-settings/test', {})).statusCode).toBe(403);
      expect((await staff.get('/api/v3/email-settings/dns')).statusCode).toBe(403);
    }
    // A site admin's change lands on the company chosen, not another.
    expect(
      await w.t.db.selectFrom('email_settings').select('company_id').where('company_id', '=', w.other).execute(),
    ).toEqual([]);
  });

  it('uses a changed SMTP password for the next message at once, and closes the connections of the old one', async () => {
    w = await createNotificationsWorld();
    const root = await admin(w);
    // A server that takes either password and says when a connection ends.
    const logins: string[] = [];
    const received: string[] = [];
    let closed = 0;
    const server = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
      onClose() {
        closed += 1;
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as AddressInfo).port;
    const send = async (to: string) => {
      const route = await mailRoute(w!.t.db, w!.t.config, w!.acme);
      await sendEmail(route!, w!.t.config, { to, subject: 'Reminder', text: 'Hello', messageId: `<${to}>` });
    };

    // Messages of a run share the pooled connection, logged in once.
    await root.put('/api/v3/email-settings', settings(port, { password: 'old-secret-1' }));
    await send('one@example.test');
    await send('two@example.test');
    expect(logins).toEqual(['mailer:old-secret-1']);
    // The password is changed in Settings › Email Settings while the connection is open: the next
    // message logs in with the new one, and the old connection is closed, not kept until it idles.
    await root.put('/api/v3/email-settings', settings(port, { password: 'new-secret-2' }));
    await send('three@example.test');
    expect(logins).toEqual(['mailer:old-secret-1', 'mailer:new-secret-2']);
    for (let i = 0; i < 100 && closed === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(1);
    expect(received).toEqual(['one@example.test', 'two@example.test', 'three@example.test']);

    // The pipeline's next run uses it too.
    await addSchedule(w, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    expect(received.at(-1)).toBe('ann@example.test');
    expect(logins.at(-1)).toBe('mailer:new-secret-2');
  });

  it('signs every notification with DKIM when a key is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    w = await createNotificationsWorld({ dkim: { domainName: 'acme.test', keySelector: 'heed', privateKey: pem } });
    const smtp = await authSmtp('mailer', 'smtp-secret-123');
    await (await admin(w)).put('/api/v3/email-settings', settings(smtp.port));
    await addSchedule(w, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
    for (const learner of [w.ids.ann, w.ids.ben]) await assignDue(w, learner, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ sent: 2 });
    const signatures = smtp.received.map((m) => /^DKIM-Signature: ([\s\S]*?)\r\n(?! )/m.exec(m.raw)?.[1] ?? '');
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) {
      expect(signature).toMatch(/a=rsa-sha256/);
      expect(signature).toMatch(/d=acme\.test/);
      expect(signature).toMatch(/s=heed/);
      // A 2048-bit RSA signature: 256 bytes, 344 characters of base64.
      expect(signature.replace(/\s/g, '').match(/b=([A-Za-z0-9+/=]+)$/)?.[1]).toHaveLength(344);
    }
    expect(signatures[0]).not.toBe(signatures[1]);
  });

  it('seals passwords stored in plain text before, and keeps using them', async () => {
    w = await createNotificationsWorld();
    await w.t.db
      .insertInto('email_settings')
      .values({
        company_id: w.acme,
        sender_name: null,
        sender_email: 'old@acme.test',
        reply_to: null,
        host: 'smtp.acme.test',
        port: 587,
        security: null,
        username: 'old',
        password: 'legacy-plain',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    expect(await sealPlainPasswords(w.t.db, w.t.config)).toBe(1);
    expect(await sealPlainPasswords(w.t.db, w.t.config)).toBe(0);
    const row = await w.t.db.selectFrom('email_settings').select('password').executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^enc:v1:/);
    expect(unseal(secretKey(w.t.config.dataDir), row.password!)).toBe('legacy-plain');
  });

  it('checks the sender domain’s SPF, DKIM and DMARC, and says so when DNS cannot be reached', async () => {
    w = await createNotificationsWorld();
    const root = await admin(w);
    await root.put('/api/v3/email-settings', settings(25, { password: undefined, username: null }));
    const before = process.env.HEED_DNS_SERVERS;
    process.env.HEED_DNS_SERVERS = '127.0.0.1:9';
    try {
      const response = await root.get('/api/v3/email-settings/dns');
      expect(response.statusCode).toBe(200);
      const check = response.json().data;
      expect(check).toMatchObject({ domain: 'acme.test', reachable: false });
      expect(check.explanation).toMatch(/could not be reached/);
      expect(
        check.records.map((r: { kind: string; status: string; name: string }) => [r.kind, r.status, r.name]),
      ).toEqual([
        ['spf', 'unknown', 'acme.test'],
        ['dkim', 'unknown', 'default._domainkey.acme.test'],
        ['dmarc', 'unknown', '_dmarc.acme.test'],
      ]);
    } finally {
      if (before === undefined) delete process.env.HEED_DNS_SERVERS;
      else process.env.HEED_DNS_SERVERS = before;
    }
  });
});
