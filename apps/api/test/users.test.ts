import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { addCustomField, createUsersFixture } from './support/users-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let cm: TestClient;
let ids: Record<string, number>;
let company: number;
let otherCompany: number;

beforeEach(async () => {
  t = await createTestApp();
  ({ ids, company, otherCompany } = await createUsersFixture(t.db));
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const list = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/v3/users${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; username: string; [key: string]: unknown }[];
    meta: Record<string, number>;
  };
};
const usernames = (body: { data: { username: string }[] }) => body.data.map((u) => u.username);

describe('GET /users', () => {
  it("lists the company's users, 25 a page by default, with department, manager and custom fields", async () => {
    const body = await list(cm, '');
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 6 });
    expect(usernames(body)).toEqual(['cm', 'reviewer', 'anna', 'bob', 'cleo', 'dan']);
    expect(body.data.find((u) => u.username === 'bob')).toMatchObject({
      name: 'Bob Young',
      department: { id: ids.sales, name: 'Sales' },
      manager: { id: ids.anna, name: 'Anna Zimmer' },
      custom_fields: { site: 'Leeds' },
      suspended: false,
      site_admin: false,
      company_id: company,
    });
    expect(body.data.find((u) => u.username === 'cleo')).toMatchObject({ suspended: true });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('pages without overlap and reports the last page', async () => {
    const first = await list(cm, '?per_page=4&page=1');
    const second = await list(cm, '?per_page=4&page=2');
    const beyond = await list(cm, '?per_page=4&page=3');
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 4, total: 6 });
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2 });
    expect([...usernames(first), ...usernames(second)]).toEqual(['cm', 'reviewer', 'anna', 'bob', 'cleo', 'dan']);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(6);
  });

  it('sorts by each sortable column in both directions', async () => {
    expect(usernames(await list(cm, '?sort=last_name'))).toEqual(['cm', 'reviewer', 'dan', 'cleo', 'bob', 'anna']);
    expect(usernames(await list(cm, '?sort=last_name&order=desc'))).toEqual([
      'anna',
      'bob',
      'cleo',
      'dan',
      'reviewer',
      'cm',
    ]);
    expect(usernames(await list(cm, '?sort=first_name'))).toEqual(['anna', 'bob', 'cm', 'cleo', 'dan', 'reviewer']);
    expect(usernames(await list(cm, '?sort=username&order=desc'))).toEqual([
      'reviewer',
      'dan',
      'cm',
      'cleo',
      'bob',
      'anna',
    ]);
    expect(usernames(await list(cm, '?sort=role'))).toEqual(['cleo', 'bob', 'anna', 'cm', 'dan', 'reviewer']);
    // Status: active people first, each group by name; descending puts the deactivated first.
    expect(usernames(await list(cm, '?sort=suspended'))).toEqual(['cm', 'reviewer', 'dan', 'bob', 'anna', 'cleo']);
    expect(usernames(await list(cm, '?sort=suspended&order=desc'))).toEqual([
      'cleo',
      'anna',
      'bob',
      'dan',
      'reviewer',
      'cm',
    ]);
    for (const sort of ['email', 'created_at', 'last_login_at', 'id']) {
      expect((await list(cm, `?sort=${sort}&order=desc`)).meta.total).toBe(6);
    }
    expect((await cm.get('/api/v3/users?sort=password_hash')).statusCode).toBe(422);
  });

  it('ties on the sort column are broken by id, so pages stay stable', async () => {
    const pages = [];
    for (let page = 1; page <= 6; page++)
      pages.push(...usernames(await list(cm, `?sort=created_at&per_page=1&page=${page}`)));
    expect(pages).toEqual(['cm', 'reviewer', 'anna', 'bob', 'cleo', 'dan']);
  });

  it('sorts names by last name, then first name, then id — with or without a filter', async () => {
    for (const [username, firstName] of [
      ['smith.zoe', 'Zoe'],
      ['smith.alice', 'Alice'],
      ['smith.mia', 'Mia'],
    ] as const) {
      await createUser(t.db, { companyId: company, username, firstName, lastName: 'Aaronson-Smith' });
    }
    const smiths = (body: { data: { username: string }[] }) =>
      usernames(body).filter((name) => name.startsWith('smith.'));
    expect(smiths(await list(cm, '?sort=last_name'))).toEqual(['smith.alice', 'smith.mia', 'smith.zoe']);
    expect(smiths(await list(cm, '?sort=last_name&order=desc'))).toEqual(['smith.zoe', 'smith.mia', 'smith.alice']);
    expect(smiths(await list(cm, '?sort=last_name&field[role]=0'))).toEqual(['smith.alice', 'smith.mia', 'smith.zoe']);
    expect(smiths(await list(cm, '?sort=last_name&field[suspended]=0'))).toEqual([
      'smith.alice',
      'smith.mia',
      'smith.zoe',
    ]);
  });

  it('filters by user_id, role, suspended and manager_id, with lists of values', async () => {
    expect(usernames(await list(cm, `?field[user_id]=${ids.bob},${ids.dan}`))).toEqual(['bob', 'dan']);
    expect(usernames(await list(cm, '?field[role]=1,2'))).toEqual(['cm', 'dan']);
    expect(usernames(await list(cm, '?field[suspended]=1'))).toEqual(['cleo']);
    expect((await list(cm, '?field[suspended]=0')).meta.total).toBe(5);
    expect(usernames(await list(cm, `?field[manager_id]=${ids.anna}`))).toEqual(['bob', 'cleo']);
    expect(usernames(await list(cm, '?field[role]=0&field[suspended]=0'))).toEqual(['anna', 'bob']);
    expect((await list(cm, '?field[role]=')).meta.total).toBe(6);
  });

  it('filters by department including its whole subtree', async () => {
    expect(usernames(await list(cm, `?field[department_id]=${ids.hq}`))).toEqual(['anna', 'bob', 'cleo']);
    expect(usernames(await list(cm, `?field[department_id]=${ids.sales}`))).toEqual(['bob', 'cleo']);
    expect(usernames(await list(cm, `?field[department_id]=${ids.emea},${ids.ops}`))).toEqual(['cleo', 'dan']);
    expect((await list(cm, `?field[department_id]=${ids.foreignDepartment}`)).data).toEqual([]);
  });

  it('filters by custom field values, in the stored spelling', async () => {
    expect(usernames(await list(cm, '?field[cf.site]=Leeds'))).toEqual(['bob']);
    expect(usernames(await list(cm, '?field[cf.site]=Leeds,York'))).toEqual(['bob', 'cleo']);
    await addCustomField(t.db, company, 'remote', 'boolean');
    expect((await cm.put(`/api/v3/users/${ids.dan}`, { custom_fields: { remote: 'yes' } })).statusCode).toBe(200);
    expect(usernames(await list(cm, '?field[cf.remote]=1'))).toEqual(['dan']);
    expect(usernames(await list(cm, '?field[cf.remote]=false'))).toEqual([]);
  });

  it('refuses unknown filters and malformed values with 422 naming the filter', async () => {
    const cases: [string, string][] = [
      ['?field[password_hash]=x', 'field[password_hash]'],
      ['?field[cf.nope]=x', 'field[cf.nope]'],
      ['?field[role]=7', 'field[role]'],
      ['?field[user_id]=abc', 'field[user_id]'],
      ['?field[department_id]=99999999999', 'field[department_id]'],
      ['?field[suspended]=maybe', 'field[suspended]'],
      ['?field[a%20b]=1', 'field[a b]'],
      ['?field[constructor]=1', 'field[constructor]'],
      ['?field[suspended]=constructor', 'field[suspended]'],
    ];
    for (const [query, field] of cases) {
      const response = await cm.get(`/api/v3/users${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().error.details), query).toEqual([field]);
    }
  });

  it('never shows another company, by filter or by text', async () => {
    expect((await list(cm, `?field[user_id]=${ids.foreigner}`)).data).toEqual([]);
    expect(usernames(await list(cm, '?text=zimmer'))).toEqual(['anna']);
  });
});

describe("the whole company's total", () => {
  const actual = async (companyId: number) =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stays exact through creations, deletions and moves, whoever writes', async () => {
    const other = otherCompany;
    expect((await list(cm, '')).meta.total).toBe(await actual(company));

    const created = await cm.post('/api/v3/users', {
      username: 'newcomer',
      email: 'newcomer@example.test',
      first_name: 'New',
      last_name: 'Comer',
      role: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 3; i++) await createUser(t.db, { companyId: company });
    expect((await list(cm, '')).meta.total).toBe(10);

    await t.db.deleteFrom('users').where('username', '=', 'dan').execute();
    expect((await list(cm, '')).meta.total).toBe(9);

    await t.db.updateTable('users').set({ company_id: other }).where('username', '=', 'newcomer').execute();
    expect((await list(cm, '')).meta.total).toBe(8);
    expect(await actual(company)).toBe(8);
    await createUser(t.db, { companyId: other, username: 'otheradmin', siteAdmin: true, role: 1 });
    const admin = await signedIn(t.app, 'otheradmin');
    const elsewhere = await admin.get('/api/v3/users', { headers: { 'x-company-id': String(other) } });
    expect(elsewhere.json().meta.total).toBe(3);
    expect(await actual(other)).toBe(3);
  });
});

describe('GET /users/{id}', () => {
  it('returns one user, and 404 alike for a missing id and another company', async () => {
    const response = await cm.get(`/api/v3/users/${ids.bob}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: ids.bob, username: 'bob', custom_fields: { site: 'Leeds' } });
    const foreign = await cm.get(`/api/v3/users/${ids.foreigner}`);
    const missing = await cm.get('/api/v3/users/987654');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await cm.get('/api/v3/users/abc')).statusCode).toBe(422);
  });
});

describe('Reviewer', () => {
  it('reads the whole company and cannot write', async () => {
    const reviewer = await signedIn(t.app, 'reviewer');
    expect((await list(reviewer, '')).meta.total).toBe(6);
    expect((await reviewer.get(`/api/v3/users/${ids.dan}`)).statusCode).toBe(200);
    const create = await reviewer.post('/api/v3/users', { username: 'nope', first_name: 'N', last_name: 'O' });
    const update = await reviewer.put(`/api/v3/users/${ids.bob}`, { first_name: 'Changed' });
    expect([create.statusCode, update.statusCode]).toEqual([403, 403]);
    const bob = await t.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', ids.bob!)
      .executeTakeFirstOrThrow();
    expect(bob.first_name).toBe('Bob');
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'nope').execute()).toEqual([]);
  });
});
