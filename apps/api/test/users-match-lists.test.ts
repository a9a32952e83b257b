import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createNumberedUsers } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

// Pages of lists whose matches must all be fetched and sorted (a text search, a department subtree).
// They are served from a kept, sorted list of every match, and a walk checks the term's kept search
// index matches (decision 052): these tests hold them to the order, the totals and the freshness of
// an answer computed afresh, on both databases.

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;
/** A second connection to the same database, as the worker thread or another API process would write. */
let other: DbHandle;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  cm = await signedIn(t.app, 'cm');
  other = t.openSecondConnection();
});
afterEach(async () => {
  await other.close();
  await t.close();
});

function addUsers(count: number, prefix: string, domain: string, departmentId: number | null = null) {
  return createNumberedUsers(t.db, { companyId: f.company, count, prefix, domain, departmentId });
}

/** One more user matching "walkers", written by the other connection. */
function addWalkerElsewhere(username: string, lastName: string) {
  return other.db
    .insertInto('users')
    .values({
      company_id: f.company,
      username,
      email: `${username}@walkers.test`,
      first_name: 'Pat',
      last_name: lastName,
      password_hash: 'x',
      role: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
}

async function usersPage(query: Record<string, string>) {
  const response = await cm.get('/api/v3/users', { query: { sort: 'last_name', per_page: '25', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { username: string }[]; meta: { total: number; last_page: number } };
  return { usernames: body.data.map((user) => user.username), total: body.meta.total, lastPage: body.meta.last_page };
}

/** Usernames `${prefix}${from}`, `${prefix}${from + 1}`, … */
const run = (prefix: string, from: number, length: number) => Array.from({ length }, (_, i) => `${prefix}${from + i}`);

describe('a text search paged from its sorted matches', () => {
  it('answers every page in name order with the total, deep pages included', async () => {
    await addUsers(400, 'Aaron', '@elsewhere.test');
    await addUsers(1_200, 'Bell', '@walkers.test');
    await addUsers(300, 'Cole', '@walkers.test');
    const text = 'walkers';
    const first = await usersPage({ text });
    expect(first).toEqual({ usernames: run('bell', 1, 25), total: 1_500, lastPage: 60 });
    expect((await usersPage({ text, page: '2' })).usernames).toEqual(run('bell', 26, 25));
    expect((await usersPage({ text, page: '48' })).usernames).toEqual(run('bell', 1_176, 25));
    expect((await usersPage({ text, page: '49' })).usernames).toEqual(run('cole', 1, 25));
    expect((await usersPage({ text, page: '60' })).usernames).toEqual(run('cole', 276, 25));
    expect((await usersPage({ text, page: '61' })).usernames).toEqual([]);
    // Descending: the last page of the ascending order, reversed.
    const descending = await usersPage({ text, order: 'desc' });
    expect(descending.usernames).toEqual(run('cole', 276, 25).reverse());
  });

  it('shows a change made on the same or another connection on the very next page', async () => {
    await addUsers(1_000, 'Bell', '@walkers.test');
    const text = 'walkers';
    expect((await usersPage({ text, page: '2' })).usernames).toEqual(run('bell', 26, 25));
    // bell30 stops matching (API connection), bell1030 starts (another connection).
    await t.db.updateTable('users').set({ email: 'bell30@moved.test' }).where('username', '=', 'bell30').execute();
    const second = await usersPage({ text, page: '2' });
    expect(second.total).toBe(999);
    expect(second.usernames).toEqual([...run('bell', 26, 4), ...run('bell', 31, 21)]);
    await addWalkerElsewhere('bell1030', 'Bell00028a');
    const third = await usersPage({ text, page: '2' });
    expect(third.total).toBe(1_000);
    expect(third.usernames).toEqual([...run('bell', 26, 3), 'bell1030', 'bell29', ...run('bell', 31, 20)]);
  });

  it('walks to the first page of a search with 20,000 matches and follows changes at once', async () => {
    await addUsers(20_000, 'Bell', '@walkers.test');
    const text = 'walkers';
    expect(await usersPage({ text })).toEqual({ usernames: run('bell', 1, 25), total: 20_000, lastPage: 800 });
    await t.db.updateTable('users').set({ email: 'bell3@moved.test' }).where('username', '=', 'bell3').execute();
    const second = await usersPage({ text });
    expect(second.total).toBe(19_999);
    expect(second.usernames).toEqual([...run('bell', 1, 2), ...run('bell', 4, 23)]);
    await addWalkerElsewhere('bell20001', 'Bell00001a');
    const third = await usersPage({ text });
    expect(third.total).toBe(20_000);
    expect(third.usernames).toEqual(['bell1', 'bell20001', 'bell2', ...run('bell', 4, 22)]);
  });

  it("keeps a Department Manager's search inside their subtree", async () => {
    await addUsers(600, 'Bell', '@walkers.test', f.ids.ops!);
    await addUsers(600, 'Cole', '@walkers.test', f.ids.hq!);
    const dm = await signedIn(t.app, 'dan');
    const response = await dm.get('/api/v3/users', { query: { text: 'walkers', sort: 'last_name', page: '24' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().meta.total).toBe(600);
    expect(response.json().data.map((user: { username: string }) => user.username)).toEqual(run('bell', 576, 25));
  });
});

describe('a department subtree paged deep', () => {
  it('answers pages past the first thousand users from its sorted matches, and follows changes', async () => {
    // 40,000 users outside the department walk past first in name order: its 5,100 are fetched and sorted.
    await addUsers(40_000, 'Aaron', '@elsewhere.test');
    await addUsers(5_100, 'Bell', '@ops.test', f.ids.ops!);
    const ops = { 'field[department_id]': String(f.ids.ops!) };
    // Dan Walsh (a Department Manager in Ops) sorts after the Bells.
    const deep = await usersPage({ ...ops, page: '50' });
    expect(deep.total).toBe(5_101);
    expect(deep.usernames).toEqual(run('bell', 1_226, 25));
    expect((await usersPage({ ...ops, page: '204' })).usernames).toEqual(run('bell', 5_076, 25));
    expect((await usersPage({ ...ops, page: '205' })).usernames).toEqual(['dan']);
    expect((await usersPage({ ...ops, page: '204', order: 'desc' })).usernames).toEqual(run('bell', 2, 25).reverse());
    await other.db.updateTable('users').set({ department_id: f.ids.hq! }).where('username', '=', 'bell1001').execute();
    const after = await usersPage({ ...ops, page: '50' });
    expect(after.total).toBe(5_100);
    expect(after.usernames).toEqual(run('bell', 1_227, 25));
  });
});
