import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeEach(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Vendor' });
  const acme = await createCompany(t.db, { name: 'Acme' });
  const other = await createCompany(t.db, { name: 'Other' });
  const make = async (username: string, companyId: number, role: number, siteAdmin = false) => {
    ids[username] = (await createUser(t.db, { companyId, role, username, siteAdmin })).id;
  };
  await make('admin', vendor.id, 1, true);
  await make('admin2', vendor.id, 1, true);
  await make('cm', acme.id, 1);
  await make('cm2', acme.id, 1);
  await make('dm', acme.id, 2);
  await make('reviewer', acme.id, 3);
  await make('student', acme.id, 0);
  await make('outsider', other.id, 0);
});
afterEach(async () => t.close());

const impersonate = (client: TestClient, username: string) =>
  client.post('/api/v3/login/as', { user_id: ids[username] });

describe('impersonation', () => {
  it('lets a site admin act as a user of any company, then return, rotating the session each time', async () => {
    const client = await signedIn(t.app, 'admin');
    const before = { session: client.sessionCookie, csrf: client.csrfToken };
    const start = await impersonate(client, 'outsider');
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toMatchObject({ username: 'outsider', impersonator: { username: 'admin' } });
    expect(client.sessionCookie).not.toBe(before.session);
    expect(client.csrfToken).not.toBe(before.csrf);
    const me = await client.get('/api/v3/me');
    expect(me.json().data).toMatchObject({ username: 'outsider', impersonator: { username: 'admin' } });

    const during = { session: client.sessionCookie, csrf: client.csrfToken };
    const revert = await client.post('/api/v3/login/as', { action: 'revert' });
    expect(revert.statusCode).toBe(200);
    expect(revert.json().data).toMatchObject({ username: 'admin', impersonator: null });
    expect(client.sessionCookie).not.toBe(during.session);
    expect(client.csrfToken).not.toBe(during.csrf);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v3/me', cookies: { heed_session: during.session! } });
    expect(stale.statusCode).toBe(403);
  });

  it('lets a Company Manager act as a strictly lower role in their own company', async () => {
    for (const target of ['dm', 'reviewer', 'student']) {
      const client = await signedIn(t.app, 'cm');
      expect((await impersonate(client, target)).statusCode).toBe(200);
    }
  });

  it('never lets anyone impersonate a site admin, a peer, themselves, another company, or upward', async () => {
    const cm = await signedIn(t.app, 'cm');
    // the site admin belongs to another company, so to a Company Manager it does not exist
    expect((await impersonate(cm, 'admin')).statusCode).toBe(404);
    expect((await impersonate(cm, 'cm2')).statusCode).toBe(403);
    expect((await impersonate(cm, 'cm')).statusCode).toBe(403);
    expect((await impersonate(cm, 'outsider')).statusCode).toBe(404);
    const missing = await cm.post('/api/v3/login/as', { user_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await impersonate(cm, 'outsider')).json()).toEqual(missing.json());

    const admin = await signedIn(t.app, 'admin');
    expect((await impersonate(admin, 'admin2')).statusCode).toBe(403);
    expect((await impersonate(admin, 'admin')).statusCode).toBe(403);

    for (const lower of ['dm', 'reviewer', 'student']) {
      const client = await signedIn(t.app, lower);
      expect((await impersonate(client, 'student')).statusCode).toBe(403);
    }
    expect((await cm.get('/api/v3/me')).json().data).toMatchObject({ username: 'cm', impersonator: null });
  });

  it('refuses nested impersonation and a revert without one', async () => {
    const client = await signedIn(t.app, 'admin');
    expect((await client.post('/api/v3/login/as', { action: 'revert' })).statusCode).toBe(422);
    await impersonate(client, 'cm');
    expect((await impersonate(client, 'student')).statusCode).toBe(403);
    expect((await client.get('/api/v3/me')).json().data).toMatchObject({
      username: 'cm',
      impersonator: { username: 'admin' },
    });
  });

  it('records both people in the audit log for what happens while impersonating', async () => {
    const client = await signedIn(t.app, 'admin');
    await impersonate(client, 'cm');
    await client.post('/api/v3/logout');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'impersonator_id', 'entity_id'])
      .where('action', 'in', ['auth.impersonation_start', 'auth.logout'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'auth.impersonation_start', actor_id: ids.cm, impersonator_id: ids.admin, entity_id: String(ids.cm) },
      { action: 'auth.logout', actor_id: ids.cm, impersonator_id: ids.admin, entity_id: String(ids.cm) },
    ]);
  });
});
