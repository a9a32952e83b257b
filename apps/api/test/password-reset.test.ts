import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_THROTTLE } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from './support/client.ts';
import { type Smtp, startSmtp } from './support/smtp.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import {
  type BulkFixture,
  auditRows,
  bulk,
  createBulkFixture,
  dataOf,
  detailsOf,
  drainJobs,
} from './users-bulk.fixture.ts';

let t: TestApp;
let f: BulkFixture;
let smtp: Smtp;

beforeEach(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, publicUrl: 'https://heed.test' });
  f = await createBulkFixture(t);
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

/** The reset link's token in an e-mail (quoted-printable soft breaks undone). */
function tokenIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const match = /https:\/\/heed\.test\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${raw}`);
  return match[1];
}

const anonymous = async () => {
  const client = new TestClient(t.app);
  await client.get('/api/csrf-cookie');
  return client;
};
const reset = (client: TestClient, token: string, password = 'a-brand-new-password') =>
  client.post('/api/v3/password/reset', { token, password, password_confirmation: password });

describe('a password reset sent from the console', () => {
  it('e-mails each user a link through SMTP; the link sets a new password once, ends sessions, signs in afresh', async () => {
    const cm = await signedIn(t.app, 'cm');
    const danBefore = await signedIn(t.app, 'dan');
    const sent = await bulk(cm, `field[user_id]=${f.ids.dan},${f.ids.bob}`, { action: 'send_password_reset' });
    expect(dataOf(sent)).toMatchObject({ changed: 2 });

    expect(await drainJobs(t)).toBe(3); // two tokens, then one run of the notification pipeline sends both e-mails
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([['bob@example.test'], ['dan@example.test']]);
    const mail = smtp.received.find((m) => m.to[0] === 'dan@example.test')!;
    expect(mail.raw).toContain('Subject: Reset your password');
    const token = tokenIn(mail.raw);
    // The delivery log keeps the e-mail, but not the secret link.
    const deliveries = await t.db.selectFrom('deliveries').selectAll().where('type', '=', 'reset_password').execute();
    expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(deliveries.every((d) => !d.body.includes(token) && d.body.includes('/password/reset/[removed'))).toBe(true);
    const stored = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(stored).toHaveLength(2);
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    const browser = await anonymous();
    const response = await reset(browser, token);
    expect(response.statusCode, response.body).toBe(200);
    // Dan is a Department Manager: back to the console, which shows spec §4's message.
    expect(response.json()).toMatchObject({ data: { username: 'dan' }, redirect: '/admin?password_reset=1' });
    expect((await browser.get('/api/v3/me')).json().data.username).toBe('dan');
    expect((await danBefore.get('/api/v3/me')).statusCode).toBe(403);
    await signedIn(t.app, 'dan', 'a-brand-new-password');
    await expect(signedIn(t.app, 'dan')).rejects.toThrow(/422/);

    const again = await reset(await anonymous(), token, 'yet-another-password');
    expect(again.statusCode).toBe(422);
    expect(detailsOf(again)).toEqual({ token: [PASSWORD_RESET_MESSAGES.invalidToken] });
    const [audit] = await auditRows(t, 'auth.password_reset');
    expect(audit).toMatchObject({ actor_id: f.ids.dan, entity_id: String(f.ids.dan) });
    expect(audit!.after).not.toContain('a-brand-new-password');

    // The notice that the password changed goes out too.
    await drainJobs(t);
    expect(smtp.received.at(-1)).toMatchObject({ to: ['dan@example.test'] });
    expect(smtp.received.at(-1)!.raw).toContain('Subject: Your password has been reset');
  });

  it('sends learners to My Courses, and refuses the link of a user deactivated since', async () => {
    const cm = await signedIn(t.app, 'cm');
    await bulk(cm, `field[user_id]=${f.ids.bob},${f.ids.anna}`, { action: 'send_password_reset' });
    await drainJobs(t);
    const tokenOf = (to: string) => tokenIn(smtp.received.find((m) => m.to[0] === to)!.raw);

    const learner = await reset(await anonymous(), tokenOf('bob@example.test'));
    expect(learner.json().redirect).toBe('/');

    await bulk(cm, `field[user_id]=${f.ids.anna}`, { action: 'deactivate' });
    expect((await reset(await anonymous(), tokenOf('anna@example.test'))).statusCode).toBe(422);
  });

  it('lets a link expire after 60 minutes', async () => {
    const cm = await signedIn(t.app, 'cm');
    await bulk(cm, `field[user_id]=${f.ids.bob}`, { action: 'send_password_reset' });
    await drainJobs(t);
    t.clock.advanceMinutes(61);
    const response = await reset(await anonymous(), tokenIn(smtp.received[0]!.raw));
    expect(response.statusCode).toBe(422);
    await signedIn(t.app, 'bob');
  });
});

describe('POST /password/forgot', () => {
  it('answers the same for known and unknown accounts, and e-mails only the known one', async () => {
    const browser = await anonymous();
    const known = await browser.post('/api/v3/password/forgot', { login: 'Bob@Example.test' });
    const unknown = await browser.post('/api/v3/password/forgot', { login: 'nobody@example.test' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });

    await drainJobs(t);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['bob@example.test']]);
    expect(await auditRows(t, 'auth.password_reset_requested')).toMatchObject([{ entity_id: String(f.ids.bob) }]);
    const response = await reset(browser, tokenIn(smtp.received[0]!.raw), 'bobs-new-password');
    expect(response.json().redirect).toBe('/');
    await signedIn(t.app, 'bob', 'bobs-new-password');
  });

  it('sends nothing to a deactivated account, and a newer link replaces an older one', async () => {
    const browser = await anonymous();
    await browser.post('/api/v3/password/forgot', { login: 'cleo' });
    await browser.post('/api/v3/password/forgot', { login: 'anna' });
    await browser.post('/api/v3/password/forgot', { login: 'anna' });
    await drainJobs(t);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['anna@example.test'], ['anna@example.test']]);
    // Sent together, they may arrive in either order: the Message-ID names the delivery, the later one is newer.
    const deliveryOf = (raw: string) => Number(/^Message-ID: <delivery-(\d+)\./im.exec(raw)?.[1]);
    const [older, newer] = [...smtp.received]
      .sort((a, b) => deliveryOf(a.raw) - deliveryOf(b.raw))
      .map((mail) => tokenIn(mail.raw));
    expect((await reset(browser, older!)).statusCode).toBe(422);
    expect((await reset(browser, newer!)).statusCode).toBe(200);
  });

  it('throttles requests per account', async () => {
    const browser = await anonymous();
    for (let i = 0; i < PASSWORD_RESET_THROTTLE.perAccount; i++) {
      expect((await browser.post('/api/v3/password/forgot', { login: 'someone' })).statusCode).toBe(202);
    }
    const throttled = await browser.post('/api/v3/password/forgot', { login: 'someone' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toBe(PASSWORD_RESET_MESSAGES.throttled);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await browser.post('/api/v3/password/forgot', { login: 'someone.else' })).statusCode).toBe(202);
  });

  it('checks the new password and its confirmation', async () => {
    const browser = await anonymous();
    const short = await browser.post('/api/v3/password/reset', {
      token: 'x',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(detailsOf(short)).toEqual({ password: ['Use at least 12 characters.'] });
    const mismatch = await browser.post('/api/v3/password/reset', {
      token: 'x',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-passw0rd',
    });
    expect(detailsOf(mismatch)).toEqual({ password_confirmation: [PASSWORD_RESET_MESSAGES.mismatch] });
  });
});
