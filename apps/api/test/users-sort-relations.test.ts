import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { migrateTestDb } from './support/migrate-test-db.ts';
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

  it('follows every change the orders read: a move, a new manager, a renamed manager, a deleted department, a new user', async () => {
    await t.db.updateTable('users').set({ manager_id: ids.dan! }).where('id', '=', ids.anna!).execute();
    expect(await usernames('?sort=manager')).toEqual(['cm', 'reviewer', 'dan', 'anna', 'cleo', 'bob']);
    // Dan Walsh is renamed Dan Zz through the API: Anna, whom he manages, moves after Bob and Cleo (Anna Zimmer's).
    const renamed = await cm.put(`/api/v3/users/${ids.dan}`, { last_name: 'Zz' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await usernames('?sort=manager')).toEqual(['cm', 'reviewer', 'dan', 'cleo', 'bob', 'anna']);
    // And Dan Able by any other writer: Anna moves back before them; Dan, with no manager, first by name.
    await t.db.updateTable('users').set({ last_name: 'Able' }).where('id', '=', ids.dan!).execute();
    expect(await usernames('?sort=manager')).toEqual(['dan', 'cm', 'reviewer', 'anna', 'cleo', 'bob']);
    // Bob loses his manager: among those with none, by name.
    await t.db.updateTable('users').set({ manager_id: null }).where('id', '=', ids.bob!).execute();
    expect(await usernames('?sort=manager')).toEqual(['dan', 'cm', 'reviewer', 'bob', 'anna', 'cleo']);

    // Cleo Xu moves from EMEA to Ops: after Anna (HQ), beside Dan Able.
    await t.db.updateTable('users').set({ department_id: ids.ops! }).where('id', '=', ids.cleo!).execute();
    expect(await usernames('?sort=department')).toEqual(['cm', 'reviewer', 'anna', 'dan', 'cleo', 'bob']);
    // A department deleted: its people have none, and sort first, by name.
    await t.db.deleteFrom('departments').where('id', '=', ids.ops!).execute();
    expect(await usernames('?sort=department')).toEqual(['dan', 'cm', 'reviewer', 'cleo', 'anna', 'bob']);

    // A user created through the API with a department sorts by it at once.
    const created = await cm.post('/api/v3/users', {
      username: 'abe',
      email: 'abe@example.test',
      first_name: 'Abe',
      last_name: 'Aaronson',
      role: 0,
      department_id: ids.sales,
      password: 'a-long-enough-password',
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = await usernames('?sort=department&per_page=50');
    expect(order.indexOf('abe')).toBe(order.indexOf('bob') - 1);
  });

  it('migration 043 fills the copies for the users already there', async () => {
    await migrateTestDb(t, '042-renewed-backfill');
    await t.db.updateTable('users').set({ manager_id: ids.dan! }).where('id', '=', ids.anna!).execute();
    await migrateTestDb(t);
    expect(await usernames('?sort=manager')).toEqual(['cm', 'reviewer', 'dan', 'anna', 'cleo', 'bob']);
    expect(await usernames('?sort=department')).toEqual(['cm', 'reviewer', 'cleo', 'anna', 'dan', 'bob']);
  });
});
