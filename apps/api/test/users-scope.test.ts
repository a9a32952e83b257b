import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { departmentScope } from '../src/platform/scope.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let dm: TestClient;
let olly: number;

/** Dan manages Ops (his own department); Olly works in Ops; everyone else is elsewhere. */
beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  olly = (
    await createUser(t.db, { companyId: f.company, username: 'olly', lastName: 'Olsen', departmentId: f.ids.ops })
  ).id;
  dm = await signedIn(t.app, 'dan');
});
afterEach(async () => t.close());

const usernames = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { username: string }[]).map((u) => u.username).sort();
};
const manage = (departmentId: number) =>
  t.db
    .insertInto('department_managers')
    .values({ user_id: f.ids.dan!, department_id: departmentId, company_id: f.company })
    .execute();

describe('a Department Manager', () => {
  it('lists and searches only users of their department subtree', async () => {
    expect(await usernames(dm, '/api/v3/users')).toEqual(['dan', 'olly']);
    expect((await dm.get('/api/v3/users')).json().meta.total).toBe(2);
    expect(await usernames(dm, `/api/v3/users?field[department_id]=${f.ids.hq}`)).toEqual([]);
    expect(await usernames(dm, `/api/v3/users?field[user_id]=${f.ids.anna},${olly}`)).toEqual(['olly']);
    expect(await usernames(dm, '/api/v3/users?text=zimmer')).toEqual([]);
    expect(await usernames(dm, '/api/v3/users/all?text=zimmer')).toEqual([]);
    expect(await usernames(dm, '/api/v3/users/all?text=olsen')).toEqual(['olly']);
  });

  it('also covers the departments they manage, with their subtrees', async () => {
    await manage(f.ids.sales!);
    expect(await usernames(dm, '/api/v3/users')).toEqual(['bob', 'cleo', 'dan', 'olly']);
    expect(await usernames(dm, '/api/v3/users/all')).toEqual(['bob', 'cleo', 'dan', 'olly']);
    expect((await dm.get(`/api/v3/users/${f.ids.cleo}`)).statusCode).toBe(200);
  });

  it('gets and updates an outsider by id as if it did not exist', async () => {
    const outsider = await dm.get(`/api/v3/users/${f.ids.anna}`);
    const missing = await dm.get('/api/v3/users/987654');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toBe(missing.body);
    const update = await dm.put(`/api/v3/users/${f.ids.anna}`, { first_name: 'Hacked' });
    expect(update.statusCode).toBe(404);
    expect(update.body).toBe(missing.body);
    const anna = await t.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', f.ids.anna!)
      .executeTakeFirstOrThrow();
    expect(anna.first_name).toBe('Anna');
  });

  it('creates users only in departments they manage', async () => {
    const base = { first_name: 'New', last_name: 'Hire' };
    const outside = await dm.post('/api/v3/users', { ...base, username: 'n1', department_id: f.ids.sales });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.details).toEqual({ department_id: ['Choose a department you manage.'] });
    expect((await dm.post('/api/v3/users', { ...base, username: 'n2' })).statusCode).toBe(403);
    expect((await dm.post('/api/v3/users', { ...base, username: 'n3', department_id: f.ids.ops })).statusCode).toBe(
      201,
    );
    const created = await t.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['n1', 'n2', 'n3'])
      .execute();
    expect(created).toEqual([{ username: 'n3' }]);
  });

  it('cannot move a user out of their scope', async () => {
    const moved = await dm.put(`/api/v3/users/${olly}`, { department_id: f.ids.hq });
    expect(moved.statusCode).toBe(403);
    expect((await dm.put(`/api/v3/users/${olly}`, { department_id: null })).statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select('department_id').where('id', '=', olly).executeTakeFirstOrThrow();
    expect(row.department_id).toBe(f.ids.ops);
  });

  it('without any department sees nobody', async () => {
    await t.db.updateTable('users').set({ department_id: null }).where('id', '=', f.ids.dan!).execute();
    expect(await usernames(dm, '/api/v3/users')).toEqual([]);
  });
});

describe('departmentScope', () => {
  it('is the whole company for Company Managers, site admins and Reviewers of no department', async () => {
    for (const [role, siteAdmin, departmentId] of [
      [1, 0, f.ids.ops!],
      [2, 1, f.ids.ops!],
      [3, 0, null],
    ] as const) {
      const user = { id: 1, role, site_admin: siteAdmin, department_id: departmentId };
      expect(await departmentScope(t.db, { user, companyId: f.company })).toBeNull();
    }
  });

  it("is a Reviewer's department subtree, like a Department Manager's (decision 047)", async () => {
    const user = { id: f.ids.reviewer!, role: 3, site_admin: 0, department_id: f.ids.sales! };
    expect(await departmentScope(t.db, { user, companyId: f.company })).toEqual([f.ids.sales, f.ids.emea]);
  });

  it('is the subtree ids of a Department Manager, never reaching into another company', async () => {
    const other = await createCompany(t.db, { name: 'Elsewhere' });
    const foreignChild = await createDepartment(t.db, other.id, 'Child', f.ids.foreignDepartment);
    await manage(f.ids.hq!);
    const scope = await departmentScope(t.db, {
      user: { id: f.ids.dan!, role: 2, site_admin: 0, department_id: f.ids.ops! },
      companyId: f.company,
    });
    expect(scope).toEqual([f.ids.hq, f.ids.sales, f.ids.emea, f.ids.ops].sort((a, b) => a! - b!));
    expect(scope).not.toContain(foreignChild.id);
  });
});

describe('a site admin', () => {
  it('acts on the company named in X-Company-ID', async () => {
    const vendor = await createCompany(t.db, { name: 'Heed' });
    await createUser(t.db, { companyId: vendor.id, username: 'root', siteAdmin: true, role: 1 });
    const admin = await signedIn(t.app, 'root');
    admin.companyId = String(f.otherCompany);
    expect(await usernames(admin, '/api/v3/users')).toEqual(['foreigner']);
    expect((await admin.get(`/api/v3/users/${f.ids.anna}`)).statusCode).toBe(404);
    const created = await admin.post('/api/v3/users', {
      username: 'o2',
      first_name: 'O',
      last_name: 'T',
      department_id: f.ids.foreignDepartment,
    });
    expect(created.json().data.company_id).toBe(f.otherCompany);
  });
});
