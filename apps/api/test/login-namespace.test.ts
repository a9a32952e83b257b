import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginNamespaceViolation } from '../src/modules/users/users-validation.ts';
import { TestClient, signedIn } from './support/client.ts';
import { TEST_PASSWORD, createCompany, createUser } from './support/factories.ts';
import { type Smtp, startSmtp } from './support/smtp.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { detailsOf, drainJobs } from './users-bulk.fixture.ts';

// F6: a Company Manager made a user whose username was the site admin's e-mail; signing in or asking
// for a reset link as that address then reached the fake user (SQLite) or whichever row came first.

const NAMESPACE = "A username with @ must be the user's own e-mail address.";

let t: TestApp;
let smtp: Smtp;
let admin: { id: number };
let acme: number;
let lee: { id: number };
let cm: TestClient;

beforeEach(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, publicUrl: 'https://heed.test' });
  const heed = (await createCompany(t.db, { name: 'Heed' })).id;
  admin = await createUser(t.db, {
    companyId: heed,
    siteAdmin: true,
    role: 1,
    username: 'admin',
    email: 'admin@heed.test',
  });
  acme = (await createCompany(t.db, { name: 'Acme' })).id;
  await createUser(t.db, { companyId: acme, role: 1, username: 'cm', email: 'cm@acme.test' });
  lee = await createUser(t.db, { companyId: acme, username: 'lee', email: 'lee@acme.test' });
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

const attackerBody = {
  username: 'Admin@Heed.test',
  first_name: 'Fake',
  last_name: 'Admin',
  password: 'attacker-password',
};

async function signIn(login: string, password: string) {
  const client = new TestClient(t.app);
  await client.get('/api/csrf-cookie');
  return client.post('/api/v3/login', { login, password });
}

const rawUser = (username: string, email: string | null) => ({
  company_id: acme,
  username,
  email,
  first_name: 'Raw',
  last_name: 'Row',
  role: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** The error the promise rejects with (the test fails if it resolves). */
async function refusal(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('the database accepted the row');
}

describe('a username with @ through the users API', () => {
  it("refuses another account's e-mail as a username, on create and on update", async () => {
    const created = await cm.post('/api/v3/users', attackerBody);
    expect(created.statusCode, created.body).toBe(422);
    expect(detailsOf(created)).toEqual({ username: [NAMESPACE] });
    const updated = await cm.put(`/api/v3/users/${lee.id}`, { username: 'admin@heed.test' });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(detailsOf(updated)).toEqual({ username: [NAMESPACE] });

    expect((await signIn('admin@heed.test', attackerBody.password)).statusCode).toBe(422);
    const owner = await signIn('admin@heed.test', TEST_PASSWORD);
    expect(owner.json().data).toMatchObject({ id: admin.id, username: 'admin' });
  });

  it('refuses a username with @ that is not the same user’s e-mail, listed with the other field errors', async () => {
    const unknown = await cm.post('/api/v3/users', {
      ...attackerBody,
      username: 'x@nowhere.test',
      email: 'x@acme.test',
    });
    expect(detailsOf(unknown)).toEqual({ username: [NAMESPACE] });
    const noEmail = await cm.post('/api/v3/users', { ...attackerBody, department_id: 999_999 });
    expect(Object.keys(detailsOf(noEmail)).sort()).toEqual(['department_id', 'username']);
  });

  it('lets a user have their own e-mail as username, and sign in with it', async () => {
    const created = await cm.post('/api/v3/users', {
      ...attackerBody,
      username: 'Pat@Acme.test',
      email: 'pat@acme.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const pat = created.json().data as { id: number };
    expect((await signIn('pat@acme.test', attackerBody.password)).json().data).toMatchObject({ id: pat.id });

    // The e-mail alone cannot move away from such a username; both together can.
    const alone = await cm.put(`/api/v3/users/${pat.id}`, { email: 'pat@elsewhere.test' });
    expect(detailsOf(alone)).toEqual({ username: [NAMESPACE] });
    const both = await cm.put(`/api/v3/users/${pat.id}`, {
      email: 'pat@elsewhere.test',
      username: 'pat@elsewhere.test',
    });
    expect(both.statusCode, both.body).toBe(200);
    const renamed = await cm.put(`/api/v3/users/${lee.id}`, { username: 'lee@acme.test' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('the database itself', () => {
  it('refuses rows that break the namespace, whoever writes them', async () => {
    const refusals = [
      await refusal(t.db.insertInto('users').values(rawUser('admin@heed.test', 'fake@acme.test')).execute()),
      await refusal(t.db.insertInto('users').values(rawUser('someone@acme.test', null)).execute()),
      await refusal(t.db.insertInto('users').values(rawUser('someone', 'no-at-sign')).execute()),
      await refusal(t.db.updateTable('users').set({ username: 'admin@heed.test' }).where('id', '=', lee.id).execute()),
      await refusal(t.db.updateTable('users').set({ email: 'lee' }).where('id', '=', lee.id).execute()),
    ];
    expect(refusals.map(loginNamespaceViolation)).toEqual([true, true, true, true, true]);

    await t.db.updateTable('users').set({ username: 'lee@acme.test' }).where('id', '=', lee.id).execute();
    const moved = t.db.updateTable('users').set({ email: 'lee@moved.test' }).where('id', '=', lee.id).execute();
    expect(loginNamespaceViolation(await refusal(moved))).toBe(true);
    await t.db
      .updateTable('users')
      .set({ email: 'lee@moved.test', username: 'lee@moved.test' })
      .where('id', '=', lee.id)
      .execute();
    await t.db.insertInto('users').values(rawUser('ok@acme.test', 'ok@acme.test')).execute();
  });
});

describe('sign-in and forgot password by e-mail', () => {
  it('mails a reset link for an address only to the account that has it', async () => {
    expect((await cm.post('/api/v3/users', attackerBody)).statusCode).toBe(422);
    const browser = new TestClient(t.app);
    await browser.get('/api/csrf-cookie');
    expect((await browser.post('/api/v3/password/forgot', { login: 'Admin@Heed.test' })).statusCode).toBe(202);
    await drainJobs(t);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['admin@heed.test']]);
    const links = await t.db.selectFrom('password_resets').select('user_id').execute();
    expect(links).toEqual([{ user_id: admin.id }]);
  });

  it('signs in with an e-mail to exactly the account that has it', async () => {
    expect((await signIn('Lee@Acme.test', TEST_PASSWORD)).json().data).toMatchObject({ id: lee.id, username: 'lee' });
    expect((await signIn('lee', TEST_PASSWORD)).json().data).toMatchObject({ id: lee.id });
    expect((await signIn('lee@acme', TEST_PASSWORD)).statusCode).toBe(422);
  });
});

describe('rows written before the rule', () => {
  it('stay and keep working, but a name two accounts answer to signs in nobody and mails nobody', async () => {
    const migration = await import('../src/db/migrations/018-login-namespace.ts');
    await migration.down(t.db);
    const fake = await createUser(t.db, { companyId: acme, username: 'admin@heed.test', email: 'fake@acme.test' });
    await migration.up(t.db);

    expect((await signIn('admin@heed.test', TEST_PASSWORD)).statusCode).toBe(422);
    expect((await signIn('admin', TEST_PASSWORD)).json().data).toMatchObject({ id: admin.id });
    expect((await signIn('fake@acme.test', TEST_PASSWORD)).json().data).toMatchObject({ id: fake.id });
    const browser = new TestClient(t.app);
    await browser.get('/api/csrf-cookie');
    await browser.post('/api/v3/password/forgot', { login: 'admin@heed.test' });
    await drainJobs(t);
    expect(smtp.received).toEqual([]);
    // The user can still be edited (the console sends the names back unchanged), not renamed against the rule.
    const kept = await cm.put(`/api/v3/users/${fake.id}`, {
      username: 'admin@heed.test',
      email: 'fake@acme.test',
      phone: '+1 555 0100',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const moved = await cm.put(`/api/v3/users/${fake.id}`, { email: 'fake2@acme.test' });
    expect(detailsOf(moved)).toEqual({ username: [NAMESPACE] });
    const touched = t.db.updateTable('users').set({ email: 'fake2@acme.test' }).where('id', '=', fake.id).execute();
    expect(loginNamespaceViolation(await refusal(touched))).toBe(true);
  });
});
