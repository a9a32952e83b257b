import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let reviewer: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  reviewer = await signedIn(t.app, 'reviewer');
});
afterEach(async () => t.close());

const URL = '/api/v3/users/preferences';
const listPreference = {
  name: 'users-list',
  filters: { role: [1, 2] },
  filterDefault: {},
  filterLimit: 25,
  columns: ['name', 'email'],
  sortBy: 'last_name',
  sortOrder: 'desc',
};

describe('preferences', () => {
  it('saves, reads, replaces and deletes one of the caller’s preferences', async () => {
    expect((await reviewer.get(`${URL}?name=users-list`)).json()).toEqual({ data: null });
    const saved = await reviewer.post(URL, { name: 'users-list', data_type: 'json', value: listPreference });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { name: 'users-list', data_type: 'json', value: listPreference } });
    expect((await reviewer.get(`${URL}?name=users-list&data_type=json`)).json().data.value).toEqual(listPreference);

    await reviewer.post(URL, { name: 'users-list', value: { columns: ['id'] } });
    expect((await reviewer.get(`${URL}?name=users-list`)).json().data).toEqual({
      name: 'users-list',
      data_type: 'json',
      value: { columns: ['id'] },
    });
    const rows = await t.db.selectFrom('preferences').select(['user_id', 'value']).execute();
    expect(rows).toEqual([{ user_id: f.ids.reviewer, value: '{"columns":["id"]}' }]);

    expect((await reviewer.delete(`${URL}?name=users-list`)).statusCode).toBe(204);
    expect((await reviewer.get(`${URL}?name=users-list`)).json()).toEqual({ data: null });
    expect((await reviewer.delete(`${URL}?name=users-list`)).statusCode).toBe(204);
  });

  it('keeps any JSON value: null, numbers, strings, arrays, unicode', async () => {
    for (const value of [null, 0, 'text', [1, 'two', { three: 3 }], { emoji: '😀', quote: '"\'' }, false]) {
      const response = await reviewer.post(URL, { name: 'any', value });
      expect(response.json().data.value).toEqual(value);
      expect((await reviewer.get(`${URL}?name=any`)).json().data.value).toEqual(value);
    }
  });

  it('belongs to one user: others neither see nor delete it', async () => {
    await reviewer.post(URL, { name: 'mine', value: 1 });
    const cm = await signedIn(t.app, 'cm');
    expect((await cm.get(`${URL}?name=mine`)).json()).toEqual({ data: null });
    await cm.delete(`${URL}?name=mine`);
    expect((await reviewer.get(`${URL}?name=mine`)).json().data.value).toBe(1);
  });

  it('refuses values over 64 KB, and bad names or types, with 422', async () => {
    const big = await reviewer.post(URL, { name: 'big', value: 'x'.repeat(64 * 1024) });
    expect(big.statusCode).toBe(422);
    expect(Object.keys(big.json().error.details)).toEqual(['value']);
    expect((await reviewer.post(URL, { name: 'fits', value: 'x'.repeat(64 * 1024 - 2) })).statusCode).toBe(200);
    expect((await reviewer.post(URL, { name: 'novalue' })).statusCode).toBe(422);
    expect((await reviewer.post(URL, { name: 'n'.repeat(101), value: 1 })).statusCode).toBe(422);
    expect((await reviewer.post(URL, { name: 'xml', data_type: 'xml', value: 1 })).statusCode).toBe(422);
    expect((await reviewer.post(URL, { name: 'nul\u0000', value: 1 })).statusCode).toBe(422);
    expect((await reviewer.get(URL)).statusCode).toBe(422);
    expect((await reviewer.delete(URL)).statusCode).toBe(422);
    expect(await t.db.selectFrom('preferences').select('name').execute()).toEqual([{ name: 'fits' }]);
  });

  it('audits saves and deletes', async () => {
    await reviewer.post(URL, { name: 'users-list', value: listPreference });
    await reviewer.delete(`${URL}?name=users-list`);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'actor_id', 'company_id'])
      .where('entity_type', '=', 'preference')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        action: 'preference.save',
        entity_type: 'preference',
        entity_id: 'users-list',
        actor_id: f.ids.reviewer,
        company_id: f.company,
      },
      {
        action: 'preference.delete',
        entity_type: 'preference',
        entity_id: 'users-list',
        actor_id: f.ids.reviewer,
        company_id: f.company,
      },
    ]);
  });

  it('needs a console role', async () => {
    const learner = await signedIn(t.app, 'anna');
    expect((await learner.post(URL, { name: 'x', value: 1 })).statusCode).toBe(403);
  });
});
