import { join } from 'node:path';
import { USER_BULK_REASONS } from '@heed/contract';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.ts';
import { ROW_MESSAGES } from '../src/modules/users-import/import-messages.ts';
import { TAKEN_ANSWER_LIMIT, TAKEN_MESSAGES } from '../src/modules/users/taken-answers.ts';
import { importFile } from './fixtures/import-harness.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

// Decision 047: F3 (reach of a Reviewer), F4 (rank for sensitive fields), F5 (impersonation
// re-checked), F7 (a new password ends sessions), F9 (where a name is held stays unsaid).

let t: TestApp;
let f: UsersFixture;
/** salesDm and peerDm: Department Managers in Sales (so EMEA too); cm2 a second Company Manager; root a site admin. */
let more: { salesDm: number; peerDm: number; cm2: number; root: number };

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  const add = async (username: string, role: number, departmentId: number | null = null) =>
    (await createUser(t.db, { companyId: f.company, username, role, departmentId })).id;
  const vendor = await createCompany(t.db, { name: 'Heed' });
  more = {
    salesDm: await add('sales.dm', 2, f.ids.sales),
    peerDm: await add('peer.dm', 2, f.ids.sales),
    cm2: await add('cm2', 1),
    root: (await createUser(t.db, { companyId: vendor.id, username: 'root', role: 1, siteAdmin: true })).id,
  };
});
afterEach(async () => t.close());

const PASSWORD = 'a-long-enough-password';
const me = (client: TestClient) => client.get('/api/v3/me');
const details = (response: LightMyRequestResponse) => response.json().error.details as Record<string, string[]>;
const readUser = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A site admin names the company they act on. */
const adminHeaders = () => ({ headers: { 'x-company-id': String(f.company) } });

async function usernames(client: TestClient, url: string): Promise<string[]> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { username: string }[]).map((user) => user.username).sort();
}

async function exported(client: TestClient): Promise<string[]> {
  const response = await client.get('/api/v3/users/export');
  expect(response.statusCode, response.body).toBe(200);
  const [, ...rows] = parse(response.body, { bom: true }) as string[][];
  return rows.map((row) => row[3]!).sort();
}

async function departmentNames(client: TestClient): Promise<string[]> {
  const response = await client.get('/api/v3/departments');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { name: string }[]).map((department) => department.name).sort();
}

/** Creates a Reviewer through the API and signs in as them. */
async function reviewerMadeBy(maker: TestClient, username: string, departmentId?: number): Promise<TestClient> {
  const body = {
    username,
    first_name: 'Rev',
    last_name: 'Iewer',
    role: 3,
    password: PASSWORD,
    department_id: departmentId,
  };
  const created = await maker.post('/api/v3/users', body);
  expect(created.statusCode, created.body).toBe(201);
  return signedIn(t.app, username, PASSWORD);
}

describe('F3: a Reviewer reads no further than the one who made them', () => {
  it("a Department Manager's Reviewer sees exactly the manager's subtree: list, by id, export, search, departments", async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const reviewer = await reviewerMadeBy(dm, 'dm.reviewer', f.ids.sales);
    const subtree = ['bob', 'cleo', 'dm.reviewer', 'peer.dm', 'sales.dm'];
    expect(await usernames(dm, '/api/v3/users?per_page=100')).toEqual(subtree);
    expect(await usernames(reviewer, '/api/v3/users?per_page=100')).toEqual(subtree);
    expect(await exported(reviewer)).toEqual(subtree);
    expect(await usernames(reviewer, '/api/v3/users/all?per_page=100')).toEqual(subtree);
    expect(await usernames(reviewer, '/api/v3/users/all?text=anna')).toEqual([]);
    expect(await usernames(reviewer, '/api/v3/users/all?text=bob')).toEqual(['bob']);
    expect(await departmentNames(reviewer)).toEqual(await departmentNames(dm));
    expect(await departmentNames(reviewer)).toEqual(['EMEA', 'Sales']);

    expect((await reviewer.get(`/api/v3/users/${f.ids.bob}`)).statusCode).toBe(200);
    for (const outside of [f.ids.anna, f.ids.cm, f.ids.dan, f.ids.foreigner]) {
      expect((await reviewer.get(`/api/v3/users/${outside}`)).statusCode).toBe(404);
      expect((await reviewer.get(`/api/v3/users/${outside}/assignments`)).statusCode).toBe(404);
    }
    // Still a reader: it changes nobody, not even inside the subtree.
    expect((await reviewer.put(`/api/v3/users/${f.ids.bob}`, { phone: '123' })).statusCode).toBe(403);
  });

  it("a Department Manager's Reviewer cannot be placed outside the subtree, nor in no department", async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const body = { username: 'wide.reviewer', first_name: 'W', last_name: 'R', role: 3 };
    expect((await dm.post('/api/v3/users', body)).statusCode).toBe(403);
    expect((await dm.post('/api/v3/users', { ...body, department_id: f.ids.ops })).statusCode).toBe(403);
  });

  it("a Company Manager's Reviewer with no department reads the whole company", async () => {
    const cm = await signedIn(t.app, 'cm');
    const reviewer = await reviewerMadeBy(cm, 'company.reviewer');
    const company = await usernames(cm, '/api/v3/users?per_page=100');
    expect(company).toContain('anna');
    expect(await usernames(reviewer, '/api/v3/users?per_page=100')).toEqual(company);
    expect(await exported(reviewer)).toEqual(company);
    expect(await usernames(reviewer, '/api/v3/users/all?per_page=100')).toEqual(company);
    expect(await departmentNames(reviewer)).toEqual(['EMEA', 'HQ', 'Ops', 'Sales']);
    expect((await reviewer.get(`/api/v3/users/${f.ids.cm}`)).statusCode).toBe(200);
  });
});

describe('F4: password, e-mail, username and role of another need a higher rank', () => {
  const SENSITIVE = [
    ['password', { password: 'taken-over-password' }],
    ['email', { email: 'mine@attacker.test' }],
    ['username', { username: 'taken.over' }],
    ['role', { role: 0 }],
  ] as const;

  it('a Department Manager cannot change them for another Department Manager (403, by field), only other fields', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const before = await readUser(more.peerDm);
    for (const [field, body] of SENSITIVE) {
      const response = await dm.put(`/api/v3/users/${more.peerDm}`, body);
      expect(response.statusCode, field).toBe(403);
      expect(Object.keys(details(response)), field).toEqual([field]);
    }
    expect(await readUser(more.peerDm)).toEqual(before);
    // A form sends every field: the peer's own values unchanged, with a new phone number, pass.
    const same = { email: before.email, username: before.username, role: before.role, phone: '+1 555 0101' };
    expect((await dm.put(`/api/v3/users/${more.peerDm}`, same)).statusCode).toBe(200);
    await signedIn(t.app, 'peer.dm');
  });

  it('a Department Manager changes them for a Student; a site admin for a Company Manager', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    for (const [field, body] of SENSITIVE) {
      expect((await dm.put(`/api/v3/users/${f.ids.bob}`, body)).statusCode, field).toBe(200);
    }
    const root = await signedIn(t.app, 'root');
    const cm2 = { password: 'new-cm2-password', email: 'cm2@new.test', username: 'cm2.new', role: 2 };
    const changed = await root.put(`/api/v3/users/${more.cm2}`, cm2, adminHeaders());
    expect(changed.statusCode, changed.body).toBe(200);
    await signedIn(t.app, 'cm2@new.test', 'new-cm2-password');
  });

  it('a Company Manager cannot change them for another Company Manager', async () => {
    const cm = await signedIn(t.app, 'cm');
    for (const [field, body] of SENSITIVE) {
      const response = await cm.put(`/api/v3/users/${more.cm2}`, body);
      expect(response.statusCode, field).toBe(403);
      expect(details(response), field).toHaveProperty(field);
    }
    await signedIn(t.app, 'cm2');
  });

  it('everyone still changes their own password, e-mail and username', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const own = await dm.put(`/api/v3/users/${more.salesDm}`, {
      password: 'my-own-new-password',
      email: 'sales.dm@new.test',
      username: 'sales.manager',
    });
    expect(own.statusCode, own.body).toBe(200);
    await signedIn(t.app, 'sales.manager', 'my-own-new-password');
  });

  it('a bulk role change leaves peers alone (skipped as ranked too high) and changes those below', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const response = await dm.put(`/api/v3/users?field[user_id]=${more.peerDm},${f.ids.bob}`, {
      action: 'change_role',
      role: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      matched: 2,
      changed: 1,
      errors: [{ reason: 'rank', message: USER_BULK_REASONS.rank, count: 1, user_ids: [more.peerDm] }],
    });
    expect((await readUser(more.peerDm)).role).toBe(2);
    expect((await readUser(f.ids.bob!)).role).toBe(3);
  });

  it("an import updating a peer's e-mail fails that row; a Student's changes", async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const csv =
      'Username,E-mail,First name,Last name\npeer.dm,peer@attacker.test,Peer,Dm\nbob,bob@new.test,Bob,Young\n';
    const { import: done, errors } = await importFile(t, dm, csv, 'peers.csv', {
      options: { update_existing: true, match_by: 'username' },
    });
    expect(done.counts).toMatchObject({ updated: 1, failed: 1 });
    expect(errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'E-mail',
        message: 'Only someone ranked above this user can change this.',
      }),
    ]);
    expect((await readUser(more.peerDm)).email).toBe('peer.dm@example.test');
    expect((await readUser(f.ids.bob!)).email).toBe('bob@new.test');
  });
});

describe('F5: an impersonation lasts only while the impersonator may make it', () => {
  async function cmImpersonatingDan(): Promise<TestClient> {
    const cm = await signedIn(t.app, 'cm');
    expect((await cm.post('/api/v3/login/as', { user_id: f.ids.dan })).statusCode).toBe(200);
    expect((await me(cm)).json().data).toMatchObject({ username: 'dan', impersonator: { username: 'cm' } });
    return cm;
  }
  const refused = async (client: TestClient) => {
    const response = await me(client);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { message: 'unauthenticated' } });
  };
  const impersonations = () =>
    t.db.selectFrom('sessions').select('user_id').where('impersonator_id', '=', f.ids.cm!).execute();

  it('ends when a site admin makes the impersonator a Student, and with it every session of theirs', async () => {
    const acting = await cmImpersonatingDan();
    const own = await signedIn(t.app, 'cm');
    const root = await signedIn(t.app, 'root');
    const demoted = await root.put(`/api/v3/users/${f.ids.cm}`, { role: 0 }, adminHeaders());
    expect(demoted.statusCode, demoted.body).toBe(200);
    await refused(acting);
    await refused(own);
    expect(await impersonations()).toEqual([]);
  });

  it('ends when a bulk role change demotes the impersonator', async () => {
    const acting = await cmImpersonatingDan();
    const root = await signedIn(t.app, 'root');
    const response = await root.put(
      `/api/v3/users?field[user_id]=${f.ids.cm}`,
      { action: 'change_role', role: 2 },
      adminHeaders(),
    );
    expect(response.json().data).toMatchObject({ changed: 1 });
    await refused(acting);
  });

  it('ends when the impersonator is deactivated, by a request or a bulk action', async () => {
    const acting = await cmImpersonatingDan();
    const root = await signedIn(t.app, 'root');
    expect((await root.put(`/api/v3/users/${f.ids.cm}`, { suspended: true }, adminHeaders())).statusCode).toBe(200);
    await refused(acting);

    await t.db.updateTable('users').set({ suspended: 0 }).where('id', '=', f.ids.cm!).execute();
    const again = await cmImpersonatingDan();
    const bulk = await root.put(`/api/v3/users?field[user_id]=${f.ids.cm}`, { action: 'deactivate' }, adminHeaders());
    expect(bulk.json().data).toMatchObject({ changed: 1 });
    await refused(again);
    expect(await impersonations()).toEqual([]);
  });

  it('is re-checked on every request: a demotion written elsewhere, with the session cache warm, ends it', async () => {
    const acting = await cmImpersonatingDan();
    expect((await me(acting)).statusCode).toBe(200);
    expect((await me(acting)).statusCode).toBe(200);
    // Written as a CLI or the worker would: no session is deleted, so only the re-check can refuse.
    await t.db.updateTable('users').set({ role: 0 }).where('id', '=', f.ids.cm!).execute();
    await refused(acting);

    await t.db.updateTable('users').set({ role: 1 }).where('id', '=', f.ids.cm!).execute();
    const again = await cmImpersonatingDan();
    expect((await me(again)).statusCode).toBe(200);
    const other = t.dialect === 'sqlite' ? createDb({ url: join(t.dataDir, 'heed.sqlite') }) : null;
    try {
      await (other?.db ?? t.db).updateTable('users').set({ suspended: 1 }).where('id', '=', f.ids.cm!).execute();
    } finally {
      await other?.close();
    }
    // Another connection's commit is seen after any query here, or a moment later (sessions.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await refused(again);
  });

  it('ends when the impersonated user is raised to the rank of the impersonator, or their company is suspended', async () => {
    const acting = await cmImpersonatingDan();
    await t.db.updateTable('users').set({ role: 1 }).where('id', '=', f.ids.dan!).execute();
    await refused(acting);

    await t.db.updateTable('users').set({ role: 2 }).where('id', '=', f.ids.dan!).execute();
    const again = await cmImpersonatingDan();
    await t.db.updateTable('companies').set({ suspended: 1 }).where('id', '=', f.company).execute();
    await refused(again);
  });
});

describe('F7: a new password ends the sessions', () => {
  it('set by a manager, ends every session of the user; set by the user, every other one', async () => {
    const first = await signedIn(t.app, 'sales.dm');
    const second = await signedIn(t.app, 'sales.dm');
    const cm = await signedIn(t.app, 'cm');
    expect((await cm.put(`/api/v3/users/${more.salesDm}`, { password: PASSWORD })).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(403);
    expect((await me(second)).statusCode).toBe(403);

    const current = await signedIn(t.app, 'sales.dm', PASSWORD);
    const elsewhere = await signedIn(t.app, 'sales.dm', PASSWORD);
    const own = await current.put(`/api/v3/users/${more.salesDm}`, { password: 'another-long-password' });
    expect(own.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(403);
  });

  it('a new role ends the sessions of the user too', async () => {
    const bob = await signedIn(t.app, 'bob');
    const cm = await signedIn(t.app, 'cm');
    expect((await cm.put(`/api/v3/users/${f.ids.bob}`, { role: 3 })).statusCode).toBe(200);
    expect((await me(bob)).statusCode).toBe(403);
    // Other changes leave sessions alone.
    const again = await signedIn(t.app, 'bob');
    expect((await cm.put(`/api/v3/users/${f.ids.bob}`, { phone: '123', role: 3 })).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(200);
  });
});

describe('F9: a name that cannot be used says nothing of where it is held', () => {
  const newUser = (extra: Record<string, unknown>) => ({
    username: `new.${Math.random().toString(36).slice(2, 10)}`,
    first_name: 'New',
    last_name: 'User',
    department_id: f.ids.sales,
    ...extra,
  });

  it('answers alike for another company, outside the scope and inside it', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const bodies: unknown[] = [];
    for (const email of ['foreigner@example.test', 'anna@example.test', 'bob@example.test']) {
      const response = await dm.post('/api/v3/users', newUser({ email }));
      expect(response.statusCode).toBe(422);
      bodies.push(response.json());
    }
    for (const username of ['foreigner', 'anna', 'bob']) {
      const response = await dm.post('/api/v3/users', newUser({ username }));
      expect(response.statusCode).toBe(422);
      bodies.push(response.json());
    }
    expect(bodies.slice(0, 3)).toEqual(Array(3).fill(bodies[0]));
    expect(bodies.slice(3)).toEqual(Array(3).fill(bodies[3]));
    expect(details(await dm.post('/api/v3/users', newUser({ email: 'foreigner@example.test' })))).toEqual({
      email: ['This e-mail address cannot be used. Choose another, or ask your administrator.'],
    });
    expect(TAKEN_MESSAGES.username).toBe('This username cannot be used. Choose another, or ask your administrator.');
    // The import (Company and Department Managers too) answers in the same words.
    expect([ROW_MESSAGES.emailTaken, ROW_MESSAGES.usernameTaken]).toEqual([
      TAKEN_MESSAGES.email,
      TAKEN_MESSAGES.username,
    ]);
  });

  it(`answers 429 after ${TAKEN_ANSWER_LIMIT} such answers in an hour, whether or not the next name is held`, async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    for (let i = 0; i < TAKEN_ANSWER_LIMIT; i++) {
      const response = await dm.post('/api/v3/users', newUser({ email: 'foreigner@example.test' }));
      expect(response.statusCode, `answer ${i + 1}`).toBe(422);
    }
    const taken = await dm.post('/api/v3/users', newUser({ email: 'foreigner@example.test' }));
    expect(taken.statusCode).toBe(429);
    expect(Number(taken.headers['retry-after'])).toBeGreaterThan(0);
    const free = await dm.post('/api/v3/users', newUser({ email: 'free@example.test' }));
    expect(free.statusCode).toBe(429);
    expect((await dm.put(`/api/v3/users/${f.ids.bob}`, { email: 'free@example.test' })).statusCode).toBe(429);
    // Writes that name no new login pass; so does a colleague; and the hour ends.
    expect((await dm.put(`/api/v3/users/${f.ids.bob}`, { phone: '123' })).statusCode).toBe(200);
    const peer = await signedIn(t.app, 'peer.dm');
    expect((await peer.post('/api/v3/users', newUser({ email: 'free@example.test' }))).statusCode).toBe(201);
    t.clock.advanceMinutes(61);
    const later = await signedIn(t.app, 'sales.dm');
    expect((await later.post('/api/v3/users', newUser({ email: 'free2@example.test' }))).statusCode).toBe(201);
  });
});
