import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { getJob } from '../src/jobs/queue.repository.ts';
import { processNextJob } from '../src/jobs/worker.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { startSmtp } from './support/smtp.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

/** A loopback port with nothing listening. */
async function closedPort() {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  await t.close();
});

async function setUp(config: Partial<Config> = {}) {
  t = await createTestApp(config);
  const heed = await createCompany(t.db, { name: 'Heed' });
  const acme = await createCompany(t.db, { name: 'Acme' });
  await createUser(t.db, { companyId: heed.id, siteAdmin: true, role: 1, username: 'root', email: 'root@heed.test' });
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
  const admin = await signedIn(t.app, 'root');
  admin.companyId = String(acme.id);
  return { acme, admin };
}

const emailSettings = (companyId: number, port: number) =>
  t.db
    .insertInto('email_settings')
    .values({
      company_id: companyId,
      sender_name: 'Acme Training',
      sender_email: 'training@acme.test',
      reply_to: 'hr@acme.test',
      host: '127.0.0.1',
      port,
      security: 'none',
      username: null,
      password: null,
      updated_at: t.clock.now.toISOString(),
    })
    .execute();

const runWorker = () =>
  processNextJob({
    db: t.db,
    dialect: t.dialect,
    config: t.config,
    log: { info() {}, warn() {}, error() {} },
    workerId: 'mail-test',
  });

async function requestTest(admin: TestClient) {
  const response = await admin.post('/api/v3/companies/notifications');
  expect(response.statusCode).toBe(202);
  return response.json().data.job_id as number;
}

const delivery = () => t.db.selectFrom('deliveries').selectAll().executeTakeFirstOrThrow();

describe('POST /companies/notifications', () => {
  it("e-mails the caller through the company's SMTP server and logs the delivery", async () => {
    const { acme, admin } = await setUp();
    smtp = await startSmtp();
    await emailSettings(acme.id, smtp.port);

    const jobId = await requestTest(admin);
    expect(await delivery()).toMatchObject({ status: 'queued', recipient: 'root@heed.test', company_id: acme.id });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'company.test_notification')
      .executeTakeFirstOrThrow();
    expect(audit.company_id).toBe(acme.id);

    const job = await runWorker();
    expect(job).toMatchObject({ id: jobId, type: 'test_notification', status: 'completed' });
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(['root@heed.test']);
    expect(message!.from).toBe('training@acme.test');
    expect(message!.raw).toMatch(/^Subject: Heed test notification\r?$/m);
    expect(message!.raw).toMatch(/^Reply-To: hr@acme\.test\r?$/m);
    expect(message!.raw).toContain('check the e-mail settings of Acme');
    expect(await delivery()).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: null,
      sent_at: t.clock.now.toISOString(),
    });
  });

  it('keeps the message in the outbox when no SMTP server is configured', async () => {
    const { admin } = await setUp();
    await requestTest(admin);
    expect(await runWorker()).toMatchObject({ status: 'completed' });
    expect(await delivery()).toMatchObject({ status: 'outbox', subject: 'Heed test notification', sent_at: null });
    expect(await runWorker()).toBeUndefined();
  });

  it("falls back to the server's SMTP_URL when the company has no SMTP host", async () => {
    smtp = await startSmtp();
    const { admin } = await setUp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Heed <no-reply@heed.test>' });
    await requestTest(admin);
    await runWorker();
    expect(smtp.received.map((m) => [m.from, m.to])).toEqual([['no-reply@heed.test', ['root@heed.test']]]);
    expect((await delivery()).status).toBe('sent');
  });

  it('retries a failed send with backoff and marks the delivery failed when attempts run out', async () => {
    const { acme, admin } = await setUp();
    await emailSettings(acme.id, await closedPort());
    const jobId = await requestTest(admin);

    const first = await runWorker();
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.last_error).toMatch(/ECONNREFUSED/);
    expect(await delivery()).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await delivery()).error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtp();
    await t.db.updateTable('email_settings').set({ port: smtp.port }).where('company_id', '=', acme.id).execute();
    expect(await runWorker()).toBeUndefined();
    t.clock.advanceMinutes(0.5);
    expect(await runWorker()).toMatchObject({ id: jobId, status: 'completed', attempts: 2 });
    expect(await delivery()).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(smtp.received).toHaveLength(1);

    await t.db
      .updateTable('email_settings')
      .set({ port: await closedPort() })
      .where('company_id', '=', acme.id)
      .execute();
    const second = await requestTest(admin);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await runWorker();
      t.clock.advanceMinutes(60);
    }
    expect(await getJob(t.db, second)).toMatchObject({ status: 'failed', attempts: 5 });
    const failed = await t.db.selectFrom('deliveries').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('is for site admins, and needs an e-mail address to send to', async () => {
    const { admin } = await setUp();
    const cm = await signedIn(t.app, 'acme.cm');
    expect((await cm.post('/api/v3/companies/notifications')).statusCode).toBe(403);
    await t.db.updateTable('users').set({ email: null }).where('username', '=', 'root').execute();
    const response = await admin.post('/api/v3/companies/notifications');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.details)).toEqual(['email']);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('deliveries').select('id').execute()).toEqual([]);
  });
});
