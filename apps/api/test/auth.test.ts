import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('sign-in', () => {
  it('signs in by username or e-mail, rotates the session and returns the spec User shape', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, { companyId: company.id, role: 1, username: 'carol', email: 'carol@acme.test' });
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    const anonymousToken = client.csrfToken;
    const response = await client.post('/api/v3/login', {
      login: 'Carol@Acme.test',
      password: 'correct-horse-battery',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      username: 'carol',
      role: 1,
      site_admin: false,
      company: { id: company.id },
      impersonator: null,
    });
    expect(response.json().redirect).toBe('/admin');
    expect(client.sessionCookie).toBeTruthy();
    expect(client.csrfToken).not.toBe(anonymousToken);

    const me = await client.get('/api/v3/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe('carol');
  });

  it('refuses a wrong password with a generic 422 and no hint whether the account exists', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, { companyId: company.id, username: 'dave' });
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    const wrong = await client.post('/api/v3/login', { login: 'dave', password: 'nope-nope-nope' });
    const unknown = await client.post('/api/v3/login', { login: 'nobody', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers 403 unauthenticated without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v3/me' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { message: 'unauthenticated' } });
  });

  it('sends students to My Courses or the learner page they opened, and staff to their redirect', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, { companyId: company.id, role: 0, username: 'stu' });
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    const response = await client.post('/api/v3/login', {
      login: 'stu',
      password: 'correct-horse-battery',
      redirect: '/admin/users',
    });
    expect(response.json().redirect).toBe('/');
    // A learner returns to the learner-side page they opened (a course link from an e-mail), never elsewhere.
    for (const [redirect, expected] of [
      ['/courses/12', '/courses/12'],
      ['/admin', '/'],
      ['/api/v3/users', '/'],
      ['//evil.test/x', '/'],
    ]) {
      const learner = new TestClient(t.app);
      await learner.get('/api/csrf-cookie');
      const signedIn = await learner.post('/api/v3/login', {
        login: 'stu',
        password: 'correct-horse-battery',
        redirect,
      });
      expect(signedIn.json().redirect, redirect).toBe(expected);
    }
    const staff = await createUser(t.db, { companyId: company.id, role: 3, username: 'rev' });
    const reviewer = new TestClient(t.app);
    await reviewer.get('/api/csrf-cookie');
    const staffResponse = await reviewer.post('/api/v3/login', {
      login: staff.username,
      password: 'correct-horse-battery',
      redirect: '/admin/users',
    });
    expect(staffResponse.json().redirect).toBe('/admin/users');
    const offsite = await reviewer.post('/api/v3/login', {
      login: staff.username,
      password: 'correct-horse-battery',
      redirect: '//evil.test/x',
    });
    expect(offsite.json().redirect).toBe('/admin');
    // A browser drops the tab: `/\t/evil.test` would be `//evil.test`.
    const tabbed = await reviewer.post('/api/v3/login', {
      login: staff.username,
      password: 'correct-horse-battery',
      redirect: '/\t/evil.test',
    });
    expect(tabbed.json().redirect).toBe('/admin');
  });

  it('logs out and refuses the old cookie afterwards', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, { companyId: company.id, role: 1, username: 'erin' });
    const client = await signedIn(t.app, 'erin');
    const oldCookie = client.sessionCookie!;
    expect((await client.post('/api/v3/logout')).statusCode).toBe(204);
    const replay = await t.app.inject({ method: 'GET', url: '/api/v3/me', cookies: { heed_session: oldCookie } });
    expect(replay.statusCode).toBe(403);
  });

  it('hands a signed-out browser a token the next sign-in accepts at the first attempt', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, { companyId: company.id, role: 1, username: 'fay' });
    const client = await signedIn(t.app, 'fay');
    const sessionToken = client.csrfToken;
    expect((await client.post('/api/v3/logout')).statusCode).toBe(204);
    expect(client.csrfToken).toBeDefined();
    expect(client.csrfToken).not.toBe(sessionToken);
    // As the sign-in form does: no new GET /api/csrf-cookie, the cookie it holds.
    const again = await client.post('/api/v3/login', { login: 'fay', password: 'correct-horse-battery' });
    expect(again.statusCode, again.body).toBe(200);
  });
});
