import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.ts';
import { type World, clientFor, createWorld } from './support/world.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

/** Columns no request body may set, whatever it sends. */
const INJECTED = {
  id: 424242,
  role: 1,
  site_admin: true,
  company_id: 0,
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$injected',
  impersonator_id: 1,
  user_id: 1,
  created_at: '1999-01-01T00:00:00.000Z',
};

let t: TestApp;
let w: World;
let cm: TestClient;
let dm: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.dataDir);
  cm = await clientFor(t, 'cm');
  dm = await clientFor(t, 'dm');
  admin = await clientFor(t, 'siteAdmin');
});
afterAll(async () => t.close());

const readUser = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('mass assignment', () => {
  it('POST /users ignores id, site_admin, company_id and password_hash', async () => {
    const response = await cm.post('/api/v3/users', {
      ...INJECTED,
      username: 'mass.create',
      first_name: 'M',
      last_name: 'A',
      role: 0,
    });
    expect(response.statusCode).toBe(201);
    const row = await readUser(response.json().data.id);
    expect(row.id).not.toBe(INJECTED.id);
    expect([row.site_admin, row.company_id, row.role]).toEqual([0, w.companyA, 0]);
    expect(row.password_hash).not.toBe(INJECTED.password_hash);
    expect(row.created_at).not.toBe(INJECTED.created_at);
  });

  it('PUT /users/{id} leaves site_admin, company_id, id and password_hash as they were', async () => {
    const id = w.users['a.student']!;
    const before = await readUser(id);
    const { role: _role, ...injected } = INJECTED;
    const response = await cm.put(`/api/v3/users/${id}`, { ...injected, phone: '+1 555 0199' });
    expect(response.statusCode).toBe(200);
    const after = await readUser(id);
    expect(after.phone).toBe('+1 555 0199');
    expect([after.id, after.site_admin, after.company_id, after.password_hash, after.role]).toEqual([
      before.id,
      before.site_admin,
      before.company_id,
      before.password_hash,
      before.role,
    ]);
  });

  it('a Department Manager cannot raise a role above their own', async () => {
    const id = w.users['a.student']!;
    const response = await dm.put(`/api/v3/users/${id}`, { role: 1 });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect((await readUser(id)).role).toBe(0);
  });

  it('PUT /companies/{id} and POST /companies ignore id and unknown columns', async () => {
    const before = await t.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', w.companyA)
      .executeTakeFirstOrThrow();
    const response = await admin.put(`/api/v3/companies/${w.companyA}`, { ...INJECTED, name: 'Alpha Renamed' });
    expect(response.statusCode).toBe(200);
    const after = await t.db.selectFrom('companies').selectAll().where('id', '=', w.companyA).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ id: before.id, name: 'Alpha Renamed', created_at: before.created_at });
    const created = await admin.post('/api/v3/companies', { ...INJECTED, name: 'Injected Co' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.id).not.toBe(INJECTED.id);
  });

  it("POST /users/preferences writes only the caller's own preference", async () => {
    const response = await cm.post('/api/v3/users/preferences', {
      ...INJECTED,
      name: 'mass',
      data_type: 'json',
      value: [1],
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.db.selectFrom('preferences').select(['user_id']).where('name', '=', 'mass').execute();
    expect(rows).toEqual([{ user_id: w.users['a.cm'] }]);
  });

  it('POST /login/as ignores an injected impersonator', async () => {
    const client = await clientFor(t, 'cm');
    const response = await client.post('/api/v3/login/as', {
      user_id: w.users['a.student'],
      impersonator_id: w.users.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.impersonator).toEqual({ username: 'a.cm' });
    const sessions = await t.db
      .selectFrom('sessions')
      .select('impersonator_id')
      .where('user_id', '=', w.users['a.student']!)
      .execute();
    expect(sessions).toEqual([{ impersonator_id: w.users['a.cm'] }]);
  });

  it('POST /login ignores injected columns and changes nothing but the sign-in time', async () => {
    const before = await readUser(w.users['a.reviewer']!);
    const client = await clientFor(t, 'anonymous');
    await client.post('/api/v3/login', { ...INJECTED, login: 'a.reviewer', password: 'correct-horse-battery' });
    const after = await readUser(w.users['a.reviewer']!);
    expect({ ...after, last_login_at: null }).toEqual({ ...before, last_login_at: null });
  });
});
