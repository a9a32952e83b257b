import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, addCustomField, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const readUser = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const details = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;

describe('POST /users', () => {
  it('creates a user in the company, hashes the password and audits the change without secrets', async () => {
    const response = await cm.post('/api/v3/users', {
      username: 'New.Person',
      email: 'New.Person@Acme.test',
      first_name: ' Nia ',
      last_name: 'Person',
      role: 3,
      department_id: f.ids.sales,
      manager_id: f.ids.anna,
      phone: '+44 113 496 0000',
      hired_at: '2025-02-01',
      password: 'a-long-enough-password',
      custom_fields: { site: 'Hull' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json().data;
    expect(user).toMatchObject({
      username: 'new.person',
      email: 'new.person@acme.test',
      name: 'Nia Person',
      role: 3,
      company_id: f.company,
      department: { id: f.ids.sales, name: 'Sales' },
      manager: { id: f.ids.anna, name: 'Anna Zimmer' },
      custom_fields: { site: 'Hull' },
      created_at: t.clock.now.toISOString(),
    });
    const row = await readUser(user.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await signedIn(t.app, 'new.person', 'a-long-enough-password');

    const [entry] = await auditRows('user.create');
    expect(entry).toMatchObject({
      entity_type: 'user',
      entity_id: String(user.id),
      company_id: f.company,
      actor_id: f.ids.cm,
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ username: 'new.person', password: '[redacted]' });
    expect(entry!.after).not.toContain('a-long-enough-password');
    expect(entry!.after).not.toContain('argon2');
  });

  it('refuses duplicate usernames and e-mails, whatever their case, on those fields', async () => {
    const response = await cm.post('/api/v3/users', {
      username: 'ANNA',
      email: 'Bob@Example.test',
      first_name: 'A',
      last_name: 'B',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(details(response)).sort()).toEqual(['email', 'username']);
  });

  it('refuses departments and managers of another company like missing ones', async () => {
    const base = { username: 'refs', first_name: 'R', last_name: 'S' };
    const foreign = await cm.post('/api/v3/users', {
      ...base,
      department_id: f.ids.foreignDepartment,
      manager_id: f.ids.foreigner,
    });
    const missing = await cm.post('/api/v3/users', { ...base, department_id: 999_999, manager_id: 999_998 });
    expect(foreign.statusCode).toBe(422);
    expect(details(foreign)).toEqual(details(missing));
    expect(Object.keys(details(foreign)).sort()).toEqual(['department_id', 'manager_id']);
    const self = await cm.put(`/api/v3/users/${f.ids.bob}`, { manager_id: f.ids.bob });
    expect(details(self)).toEqual({ manager_id: ['A user cannot be their own manager.'] });
  });

  it('validates custom fields by type and requiredness, keyed custom_fields.<key>', async () => {
    await addCustomField(t.db, f.company, 'shoe', 'number');
    await addCustomField(t.db, f.company, 'start', 'date');
    await addCustomField(t.db, f.company, 'remote', 'boolean');
    await addCustomField(t.db, f.company, 'shift', 'select', { options: '["Early","Late"]' });
    await addCustomField(t.db, f.company, 'badge', 'text', { required: 1 });
    const base = { username: 'cf.user', first_name: 'C', last_name: 'F' };
    const bad = await cm.post('/api/v3/users', {
      ...base,
      custom_fields: {
        shoe: 'ten',
        start: '2025-02-30',
        remote: 'constructor',
        shift: 'Night',
        nope: 'x',
        toString: 'y',
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(details(bad)).sort()).toEqual(
      ['badge', 'nope', 'remote', 'shift', 'shoe', 'start', 'toString'].map((key) => `custom_fields.${key}`),
    );
    const good = await cm.post('/api/v3/users', {
      ...base,
      custom_fields: { shoe: '042', start: '2025-02-28', remote: true, shift: 'Late', badge: 'B-1', site: null },
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data.custom_fields).toEqual({
      shoe: '42',
      start: '2025-02-28',
      remote: 'true',
      shift: 'Late',
      badge: 'B-1',
    });
    const id = good.json().data.id;
    const cleared = await cm.put(`/api/v3/users/${id}`, { custom_fields: { shoe: null, shift: '' } });
    expect(cleared.json().data.custom_fields).toEqual({ start: '2025-02-28', remote: 'true', badge: 'B-1' });
    const required = await cm.put(`/api/v3/users/${id}`, { custom_fields: { badge: null } });
    expect(details(required)).toEqual({ 'custom_fields.badge': ['This field is required.'] });
  });
});

describe('PUT /users/{id}', () => {
  it('changes only the fields sent and audits before and after', async () => {
    const response = await cm.put(`/api/v3/users/${f.ids.dan}`, { phone: '+1 555 0100', first_name: 'Daniel' });
    expect(response.statusCode, response.body).toBe(200);
    const row = await readUser(f.ids.dan!);
    expect(row).toMatchObject({
      phone: '+1 555 0100',
      first_name: 'Daniel',
      role: 2,
      department_id: f.ids.ops,
      suspended: 0,
    });
    const [entry] = await auditRows('user.update');
    expect(JSON.parse(entry!.before!)).toMatchObject({ first_name: 'Dan', phone: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ first_name: 'Daniel', phone: '+1 555 0100' });
  });

  it('sets a new password that signs in, never recording it', async () => {
    await cm.put(`/api/v3/users/${f.ids.bob}`, { password: 'another-long-password' });
    await signedIn(t.app, 'bob', 'another-long-password');
    const [entry] = await auditRows('user.update');
    expect(JSON.parse(entry!.after!).password).toBe('[redacted]');
    expect(entry!.after).not.toContain('another-long-password');
  });

  it('deactivating a user ends their sessions at once', async () => {
    const bob = await signedIn(t.app, 'bob');
    expect((await bob.get('/api/v3/me')).statusCode).toBe(200);
    const response = await cm.put(`/api/v3/users/${f.ids.bob}`, { suspended: true });
    expect(response.json().data.suspended).toBe(true);
    const next = await bob.get('/api/v3/me');
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ error: { message: 'unauthenticated' } });
    expect(await t.db.selectFrom('sessions').select('user_id').where('user_id', '=', f.ids.bob!).execute()).toEqual([]);
    const self = await cm.put(`/api/v3/users/${f.ids.cm}`, { suspended: true });
    expect(self.statusCode).toBe(422);
  });
});

describe('privileges', () => {
  it('a Department Manager gives roles up to their own and cannot change a Company Manager', async () => {
    const olly = (await createUser(t.db, { companyId: f.company, username: 'olly', departmentId: f.ids.ops })).id;
    const boss = (
      await createUser(t.db, { companyId: f.company, username: 'opsboss', role: 1, departmentId: f.ids.ops })
    ).id;
    const dm = await signedIn(t.app, 'dan');
    const raise = await dm.put(`/api/v3/users/${olly}`, { role: 1 });
    expect(raise.statusCode).toBe(403);
    expect(details(raise)).toHaveProperty('role');
    const create = await dm.post('/api/v3/users', {
      username: 'x.cm',
      first_name: 'X',
      last_name: 'Y',
      role: 1,
      department_id: f.ids.ops,
    });
    expect(create.statusCode).toBe(403);
    expect((await dm.put(`/api/v3/users/${olly}`, { role: 2 })).statusCode).toBe(200);
    expect((await dm.put(`/api/v3/users/${boss}`, { phone: '123' })).statusCode).toBe(403);
    expect((await readUser(boss)).phone).toBeNull();
    expect((await readUser(olly)).role).toBe(2);
  });

  it('a Company Manager gives any role but cannot change a site admin', async () => {
    expect((await cm.put(`/api/v3/users/${f.ids.bob}`, { role: 1 })).statusCode).toBe(200);
    const root = (await createUser(t.db, { companyId: f.company, username: 'root', siteAdmin: true, role: 1 })).id;
    expect((await cm.put(`/api/v3/users/${root}`, { first_name: 'Mallory' })).statusCode).toBe(403);
  });
});

describe('mass assignment', () => {
  const INJECTED = {
    id: 424242,
    site_admin: true,
    company_id: 0,
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$injected',
    impersonator_id: 1,
    created_at: '1999-01-01T00:00:00.000Z',
  };

  it('POST /users ignores id, site_admin, company_id, password_hash and impersonator_id', async () => {
    const response = await cm.post('/api/v3/users', {
      ...INJECTED,
      company_id: f.otherCompany,
      username: 'mass',
      first_name: 'M',
      last_name: 'A',
    });
    expect(response.statusCode).toBe(201);
    const row = await readUser(response.json().data.id);
    expect(row.id).not.toBe(INJECTED.id);
    expect([row.site_admin, row.company_id, row.password_hash, row.created_at]).toEqual([
      0,
      f.company,
      null,
      t.clock.now.toISOString(),
    ]);
  });

  it('PUT /users/{id} leaves those columns as they were', async () => {
    const before = await readUser(f.ids.bob!);
    const response = await cm.put(`/api/v3/users/${f.ids.bob}`, {
      ...INJECTED,
      company_id: f.otherCompany,
      last_name: 'Younger',
    });
    expect(response.statusCode).toBe(200);
    const after = await readUser(f.ids.bob!);
    expect(after).toEqual({ ...before, last_name: 'Younger', updated_at: t.clock.now.toISOString() });
    expect(await readUser(INJECTED.id).catch(() => null)).toBeNull();
  });
});

describe('writes need the right role', () => {
  it('a learner cannot reach the endpoints at all', async () => {
    const anna = await new TestClient(t.app).signIn('anna');
    expect((await anna.post('/api/v3/users', { username: 'zz', first_name: 'Z', last_name: 'Z' })).statusCode).toBe(
      403,
    );
    expect((await anna.get('/api/v3/users')).statusCode).toBe(403);
  });
});
