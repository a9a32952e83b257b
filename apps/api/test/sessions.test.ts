import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.ts';
import { TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let companyId: number;
beforeEach(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db)).id;
  await createUser(t.db, { companyId, role: 1, username: 'manager' });
});
afterEach(async () => t.close());

const me = (client: TestClient) => client.get('/api/v3/me');

describe('session lifetime', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const client = await signedIn(t.app, 'manager');
    t.clock.advanceMinutes(29);
    expect((await me(client)).statusCode).toBe(200);
    t.clock.advanceMinutes(29);
    expect((await me(client)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    const response = await me(client);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { message: 'unauthenticated' } });
  });

  it('ends an active session at its absolute lifetime', async () => {
    const client = await signedIn(t.app, 'manager');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advanceMinutes(20);
      expect((await me(client)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(25);
    expect((await me(client)).statusCode).toBe(403);
  });

  it("follows the company's own idle setting", async () => {
    await t.db.updateTable('companies').set({ session_idle_minutes: 5 }).where('id', '=', companyId).execute();
    const client = await signedIn(t.app, 'manager');
    t.clock.advanceMinutes(6);
    expect((await me(client)).statusCode).toBe(403);
  });

  it('refuses every session of a user once they are deactivated', async () => {
    const first = await signedIn(t.app, 'manager');
    const second = await signedIn(t.app, 'manager');
    await t.db.updateTable('users').set({ suspended: 1 }).where('username', '=', 'manager').execute();
    expect((await me(first)).statusCode).toBe(403);
    expect((await me(second)).statusCode).toBe(403);
  });

  it('gives a new session id and CSRF token at every sign-in, and drops the previous session', async () => {
    const client = await signedIn(t.app, 'manager');
    const firstSession = client.sessionCookie;
    const firstToken = client.csrfToken;
    await client.post('/api/v3/login', { login: 'manager', password: 'correct-horse-battery' });
    expect(client.sessionCookie).not.toBe(firstSession);
    expect(client.csrfToken).not.toBe(firstToken);
    const replay = await t.app.inject({ method: 'GET', url: '/api/v3/me', cookies: { heed_session: firstSession! } });
    expect(replay.statusCode).toBe(403);
  });
});

describe('a signed-in user changed by another connection (the worker, a CLI)', () => {
  /** Runs `change` on a second connection to the same database (SQLite), or on the pool (PostgreSQL). */
  async function elsewhere(change: (db: TestApp['db']) => Promise<unknown>): Promise<void> {
    if (t.dialect === 'postgres') {
      await change(t.db);
      return;
    }
    const other = createDb({ url: join(t.dataDir, 'heed.sqlite') });
    try {
      await change(other.db);
    } finally {
      await other.close();
    }
  }

  it('answers with the new name at once', async () => {
    const client = await signedIn(t.app, 'manager');
    expect((await me(client)).json().data.first_name).not.toBe('Renamed');
    await elsewhere((db) =>
      db.updateTable('users').set({ first_name: 'Renamed' }).where('username', '=', 'manager').execute(),
    );
    expect((await me(client)).json().data.first_name).toBe('Renamed');
  });

  it('refuses the session at once when the user is deactivated or their company suspended', async () => {
    const client = await signedIn(t.app, 'manager');
    expect((await me(client)).statusCode).toBe(200);
    await elsewhere((db) => db.updateTable('companies').set({ suspended: 1 }).where('id', '=', companyId).execute());
    expect((await me(client)).statusCode).toBe(403);

    await elsewhere((db) => db.updateTable('companies').set({ suspended: 0 }).where('id', '=', companyId).execute());
    const again = await signedIn(t.app, 'manager');
    expect((await me(again)).statusCode).toBe(200);
    await elsewhere((db) => db.updateTable('users').set({ suspended: 1 }).where('username', '=', 'manager').execute());
    expect((await me(again)).statusCode).toBe(403);
  });

  // Another process (or the worker thread) runs no query in the API's thread. On SQLite its commit is
  // seen by the request after any query here (a job's status, a list), and after a millisecond without
  // one; PostgreSQL reads the session on every request.
  it('refuses the session of a user another process deactivated, after a read of anything, and moments later', async () => {
    const outside = t.dialect === 'sqlite' ? new SQLite(join(t.dataDir, 'heed.sqlite')) : null;
    const setSuspended = async (suspended: 0 | 1) => {
      if (outside) outside.prepare('UPDATE users SET suspended = ? WHERE username = ?').run(suspended, 'manager');
      else await t.db.updateTable('users').set({ suspended }).where('username', '=', 'manager').execute();
    };
    try {
      const client = await signedIn(t.app, 'manager');
      expect((await me(client)).statusCode).toBe(200);
      expect((await me(client)).statusCode).toBe(200);
      await setSuspended(1);
      // Any query of this thread, as another request's (here the test's own, on the API's connection).
      await t.db.selectFrom('companies').select('id').execute();
      expect((await me(client)).statusCode).toBe(403);

      await setSuspended(0);
      const again = await signedIn(t.app, 'manager');
      expect((await me(again)).statusCode).toBe(200);
      expect((await me(again)).statusCode).toBe(200);
      await setSuspended(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await me(again)).statusCode).toBe(403);
    } finally {
      outside?.close();
    }
  });
});

describe('CSRF and same-site checks', () => {
  it('answers 419 to a mutating call with no token, a wrong token or another session’s token', async () => {
    const client = await signedIn(t.app, 'manager');
    const other = await signedIn(t.app, 'manager');
    const missing = await client.post('/api/v3/logout', undefined, { csrf: false });
    const wrong = await client.post('/api/v3/logout', undefined, { headers: { 'x-xsrf-token': 'not-the-token' } });
    const foreign = await client.post('/api/v3/logout', undefined, { headers: { 'x-xsrf-token': other.csrfToken! } });
    for (const response of [missing, wrong, foreign]) expect(response.statusCode).toBe(419);
    expect((await me(client)).statusCode).toBe(200);
  });

  it('refuses cross-site requests by Sec-Fetch-Site or by Origin', async () => {
    const client = await signedIn(t.app, 'manager');
    const bySecFetch = await client.post('/api/v3/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    const byOrigin = await client.post('/api/v3/logout', undefined, { headers: { origin: 'https://evil.test' } });
    expect(bySecFetch.statusCode).toBe(419);
    expect(byOrigin.statusCode).toBe(419);
    const sameOrigin = await client.post('/api/v3/logout', undefined, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('requires the double-submitted token to sign in', async () => {
    const client = new TestClient(t.app);
    const withoutCookie = await client.post('/api/v3/login', { login: 'manager', password: 'correct-horse-battery' });
    expect(withoutCookie.statusCode).toBe(419);
    await client.get('/api/csrf-cookie');
    const forged = await client.post(
      '/api/v3/login',
      { login: 'manager', password: 'correct-horse-battery' },
      { headers: { 'x-xsrf-token': 'forged' } },
    );
    expect(forged.statusCode).toBe(419);
  });

  it('sets a readable XSRF-TOKEN cookie with 204', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    const session = await signedIn(t.app, 'manager');
    const sessionCookie = (await session.get('/api/csrf-cookie')).cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(sessionCookie?.value).toBe(session.csrfToken);
  });
});

describe('sign-in throttling', () => {
  /** One sign-in from a given address, with a valid double-submitted CSRF token. */
  const attempt = (login: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/login',
      remoteAddress: ip,
      cookies: { heed_csrf: 'tok' },
      headers: { 'x-xsrf-token': 'tok' },
      payload: { login, password },
    });

  it('throttles one account after 20 failures whatever the IP, even for the right password', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attempt('manager', 'wrong-password', `10.1.0.${i + 1}`)).statusCode).toBe(422);
    }
    const blocked = await attempt('manager', 'correct-horse-battery', '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advanceMinutes(16);
    expect((await attempt('manager', 'correct-horse-battery', '10.3.0.1')).statusCode).toBe(200);
  });

  it('throttles one IP address after 100 failures across accounts', async () => {
    for (let i = 0; i < 100; i++) {
      expect((await attempt(`someone${i}`, 'wrong-password', '10.9.9.9')).statusCode).toBe(422);
    }
    expect((await attempt('manager', 'correct-horse-battery', '10.9.9.9')).statusCode).toBe(429);
    expect((await attempt('manager', 'correct-horse-battery', '10.9.9.10')).statusCode).toBe(200);
  });
});
