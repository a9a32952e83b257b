import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createUsersFixture } from './support/users-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let cm: TestClient;
let ids: Record<string, number>;

beforeEach(async () => {
  t = await createTestApp();
  ({ ids } = await createUsersFixture(t.db));
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

async function usernames(query: string): Promise<string[]> {
  const response = await cm.get(`/api/v3/users${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { username: string }[]).map((user) => user.username);
}

/** Pages of one user each, so that every page takes the engine's paging path. */
async function pagedUsernames(query: string): Promise<string[]> {
  const all: string[] = [];
  for (let page = 1; page <= 6; page++) all.push(...(await usernames(`${query}&per_page=1&page=${page}`)));
  return all;
}

describe('GET /users sorted by the columns the table shows', () => {
  it('sorts by department name, users with none first, then by name', async () => {
    // Departments: Anna HQ, Bob Sales, Cleo EMEA, Dan Ops; the CM and the Reviewer have none.
    const expected = ['cm', 'reviewer', 'cleo', 'anna', 'dan', 'bob'];
    expect(await usernames('?sort=department')).toEqual(expected);
    expect(await usernames('?sort=department&order=desc')).toEqual([...expected].reverse());
    expect(await pagedUsernames('?sort=department')).toEqual(expected);
  });

  it("sorts by the manager's name, users with none first, then by name", async () => {
    await t.db.updateTable('users').set({ manager_id: ids.dan! }).where('id', '=', ids.anna!).execute();
    // Bob and Cleo report to Anna Zimmer, Anna to Dan Walsh.
    const expected = ['cm', 'reviewer', 'dan', 'anna', 'cleo', 'bob'];
    expect(await usernames('?sort=manager')).toEqual(expected);
    expect(await usernames('?sort=manager&order=desc')).toEqual([...expected].reverse());
    expect(await pagedUsernames('?sort=manager')).toEqual(expected);
  });

  it('keeps the order with a filter, and follows a renamed department', async () => {
    expect(await usernames('?sort=department&field[suspended]=0')).toEqual(['cm', 'reviewer', 'anna', 'dan', 'bob']);
    await t.db.updateTable('departments').set({ name: 'Aardvark' }).where('id', '=', ids.ops!).execute();
    expect(await usernames('?sort=department&field[suspended]=0')).toEqual(['cm', 'reviewer', 'dan', 'anna', 'bob']);
  });

  it('sorts by status and by creation date', async () => {
    expect(await usernames('?sort=suspended&order=desc')).toEqual(['cleo', 'anna', 'bob', 'dan', 'reviewer', 'cm']);
    await t.db
      .updateTable('users')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', ids.dan!)
      .execute();
    expect((await usernames('?sort=created_at'))[0]).toBe('dan');
  });
});
