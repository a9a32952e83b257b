import { LOGIN_THROTTLE, PASSWORD_RESET_THROTTLE } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Sign-ins and password resets over a real loopback port, many at once: `app.inject` runs requests
// one after another far more often than a network does, and the hole (F2) was requests overtaking
// each other.

let t: TestApp;
let base: string;
let carol: { id: number };

beforeEach(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const company = await createCompany(t.db);
  carol = await createUser(t.db, { companyId: company.id, role: 1, username: 'carol', email: 'carol@acme.test' });
});
afterEach(async () => t.close());

/** One anonymous POST over HTTP with a valid double-submitted CSRF token; answers the status. */
async function post(path: string, body: object): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'heed_csrf=tok', 'x-xsrf-token': 'tok' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}
const signIn = (login: string, password: string) => post('/api/v3/login', { login, password });

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Resolves once any throttle counter has reached `hits` (the test reads the shared table). */
async function counted(hits: number): Promise<void> {
  for (;;) {
    const row = await t.db.selectFrom('throttles').select('hits').orderBy('hits', 'desc').executeTakeFirst();
    if ((row?.hits ?? 0) >= hits) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sign-in throttling under parallel requests', () => {
  it('checks at most the account limit of 100 parallel guesses; the right password sent last stays out', async () => {
    const guesses = Array.from({ length: 99 }, (_, i) => signIn('carol', `wrong-guess-${i}`));
    // The right password goes out once the limit is reached, while the guesses are still in flight.
    await counted(LOGIN_THROTTLE.perAccount);
    const right = signIn('carol', TEST_PASSWORD);
    const statuses = await Promise.all([...guesses, right]);
    expect(tally(statuses)).toEqual({ 422: LOGIN_THROTTLE.perAccount, 429: 100 - LOGIN_THROTTLE.perAccount });
    expect(await right).toBe(429);
    expect(await signIn('carol@acme.test', TEST_PASSWORD)).toBe(429);
    const sessions = await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', carol.id).execute();
    expect(sessions).toEqual([]);
  });

  it('counts the username and the e-mail of one account on one counter', async () => {
    const byName = Array.from({ length: 10 }, (_, i) => signIn('carol', `wrong-name-${i}`));
    const byEmail = Array.from({ length: 11 }, (_, i) => signIn('Carol@Acme.test', `wrong-mail-${i}`));
    const statuses = await Promise.all([...byName, ...byEmail]);
    expect(tally(statuses)).toEqual({ 422: LOGIN_THROTTLE.perAccount, 429: 1 });
    expect(await signIn('carol', TEST_PASSWORD)).toBe(429);
  });

  it('holds the IP limit across accounts, known and unknown, in parallel', async () => {
    const total = LOGIN_THROTTLE.perIp + 50;
    const statuses = await Promise.all(
      Array.from({ length: total }, (_, i) => signIn(i % 10 === 0 ? 'carol' : `nobody${i}`, 'wrong-password')),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_THROTTLE.perIp, 429: total - LOGIN_THROTTLE.perIp });
  });

  it('throttles a name that belongs to no account like an account, and says nothing more', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => signIn('nobody', 'wrong-password')));
    expect(tally(statuses)).toEqual({ 422: LOGIN_THROTTLE.perAccount, 429: 30 - LOGIN_THROTTLE.perAccount });
  });

  it('starts the account afresh after a successful sign-in, which does not count against the IP', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - 1; i++) expect(await signIn('carol', 'wrong-password')).toBe(422);
    expect(await signIn('carol@acme.test', TEST_PASSWORD)).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: LOGIN_THROTTLE.perAccount + 1 }, () => signIn('carol', 'wrong-password')),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_THROTTLE.perAccount, 429: 1 });
    const ip = await t.db.selectFrom('throttles').select('hits').where('key', 'like', 'login:ip:%').executeTakeFirst();
    expect(ip?.hits).toBe(2 * LOGIN_THROTTLE.perAccount);
  });
});

describe('forgot password under parallel requests', () => {
  it('counts one account whichever of its names is typed, and lets no request overtake the count', async () => {
    const { perAccount } = PASSWORD_RESET_THROTTLE;
    const statuses = await Promise.all(
      Array.from({ length: 2 * perAccount }, (_, i) =>
        post('/api/v3/password/forgot', { login: i % 2 === 0 ? 'carol' : 'carol@acme.test' }),
      ),
    );
    expect(tally(statuses)).toEqual({ 202: perAccount, 429: perAccount });
  });

  it('holds the IP limit of reset submissions in parallel', async () => {
    const { perIp } = PASSWORD_RESET_THROTTLE;
    const body = {
      token: 'not-a-token',
      password: 'a-long-new-password',
      password_confirmation: 'a-long-new-password',
    };
    const statuses = await Promise.all(Array.from({ length: perIp + 10 }, () => post('/api/v3/password/reset', body)));
    expect(tally(statuses)).toEqual({ 422: perIp, 429: 10 });
  });
});
