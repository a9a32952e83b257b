import type { Department } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type DepartmentsFixture, createDepartmentsFixture } from './support/departments-fixture.ts';
import { createDepartment } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let f: DepartmentsFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createDepartmentsFixture(t.db);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const details = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;
const auditRows = () =>
  t.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'department').orderBy('id').execute();
const paths = async () =>
  Object.fromEntries(
    (await t.db.selectFrom('departments').select(['name', 'path']).where('company_id', '=', f.company).execute()).map(
      (d) => [d.name, d.path],
    ),
  );
const put = (id: number, body: unknown, client = cm) => client.put(`/api/v3/departments/${id}`, body);
const usersIn = async (client: TestClient, departmentId: number) => {
  const response = await client.get(`/api/v3/users?field[department_id]=${departmentId}&per_page=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().meta.total as number;
};

describe('PUT /departments/{id}: rename', () => {
  it('renames a department (trimmed) and audits before and after', async () => {
    const response = await put(f.ids.apac, { name: ' Asia Pacific ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: f.ids.apac, name: 'Asia Pacific', parent_id: f.ids.sales });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ action: 'department.rename', entity_id: String(f.ids.apac), company_id: f.company });
    expect(JSON.parse(entry!.before as string).name).toBe('APAC');
    expect(JSON.parse(entry!.after as string).name).toBe('Asia Pacific');
  });

  it("refuses a sibling's name but allows changing the case of its own", async () => {
    const taken = await put(f.ids.apac, { name: 'Emea' });
    expect(taken.statusCode).toBe(422);
    expect(details(taken)).toEqual({ name: ['A department with this name already exists here.'] });
    const recased = await put(f.ids.apac, { name: 'Apac' });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('changes nothing and audits nothing when nothing changes', async () => {
    const response = await put(f.ids.apac, { name: 'APAC', parent_id: f.ids.sales });
    expect(response.statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(0);
  });
});

describe('PUT /departments/{id}: move', () => {
  it('moves a subtree under a new parent, rewriting every path in it, and the users filter follows', async () => {
    const { sales, emea, uk, ops } = f.ids;
    expect(await usersIn(cm, ops)).toBe(1);
    const response = await put(emea, { parent_id: ops });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      parent_id: ops,
      path: `/${ops}/${emea}/`,
      user_count: 1,
      total_user_count: 4,
    });
    expect(await paths()).toMatchObject({
      Sales: `/${sales}/`,
      EMEA: `/${ops}/${emea}/`,
      UK: `/${ops}/${emea}/${uk}/`,
      Ops: `/${ops}/`,
    });
    // field[department_id] filters by subtree: Ops now holds its own user and EMEA's four.
    expect(await usersIn(cm, ops)).toBe(5);
    expect(await usersIn(cm, sales)).toBe(2);

    const list = (await cm.get('/api/v3/departments')).json().data as Department[];
    expect(list.map((d) => [d.name, d.total_user_count])).toEqual([
      ['Sales', 2],
      ['APAC', 0],
      ['Ops', 5],
      ['EMEA', 4],
      ['UK', 3],
    ]);
    const [entry] = await auditRows();
    expect(entry!.action).toBe('department.move');
    expect(JSON.parse(entry!.before as string)).toMatchObject({ parent_id: sales, path: `/${sales}/${emea}/` });
    expect(JSON.parse(entry!.after as string)).toMatchObject({ parent_id: ops, path: `/${ops}/${emea}/` });
  });

  it('moves a department to the root and renames it in one request', async () => {
    const response = await put(f.ids.uk, { parent_id: null, name: 'United Kingdom' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ parent_id: null, path: `/${f.ids.uk}/`, name: 'United Kingdom' });
  });

  it("moves the Department Manager's scope with the subtree", async () => {
    const dm = await signedIn(t.app, 'dm');
    await put(f.ids.apac, { parent_id: f.ids.emea });
    const visible = (await dm.get('/api/v3/departments')).json().data as Department[];
    expect(visible.map((d) => d.name)).toEqual(['EMEA', 'UK', 'APAC']);
  });

  it('refuses moving a department under itself or one of its descendants, leaving the tree untouched', async () => {
    const before = await paths();
    for (const parent_id of [f.ids.sales, f.ids.emea, f.ids.uk]) {
      const response = await put(f.ids.sales, { parent_id });
      expect(response.statusCode).toBe(422);
      expect(details(response)).toEqual({
        parent_id: ['A department cannot be moved into itself or one of its sub-departments.'],
      });
    }
    expect(await paths()).toEqual(before);
    expect(await auditRows()).toHaveLength(0);
  });

  it('lets only one of two opposite moves sent at once succeed, so no cycle can form', async () => {
    const [first, second] = await Promise.all([
      put(f.ids.apac, { parent_id: f.ids.ops }),
      put(f.ids.ops, { parent_id: f.ids.apac }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    const rows = await t.db
      .selectFrom('departments')
      .select(['id', 'parent_id', 'path'])
      .where('company_id', '=', f.company)
      .execute();
    for (const row of rows) {
      const parent = rows.find((candidate) => candidate.id === row.parent_id);
      expect(row.path).toBe(`${parent?.path ?? '/'}${row.id}/`);
    }
  });

  it("refuses a name clash with the new parent's children", async () => {
    await createDepartment(t.db, f.company, 'UK', f.ids.sales);
    const response = await put(f.ids.uk, { parent_id: f.ids.sales });
    expect(response.statusCode).toBe(422);
    expect(details(response)).toHaveProperty('name');
  });

  it('refuses a move that would make a path longer than the column holds', async () => {
    let parent = { id: f.ids.ops, path: `/${f.ids.ops}/` };
    // A chain whose deepest path is 507 to 510 characters long (the column holds 512).
    while (parent.path.length < 507) parent = await createDepartment(t.db, f.company, `L${parent.id}`, parent.id);
    // APAC ("n/") fits under it; Sales with two levels below it ("n/n/n/") does not.
    expect((await put(f.ids.apac, { parent_id: parent.id })).statusCode).toBe(200);
    const response = await put(f.ids.sales, { parent_id: parent.id });
    expect(response.statusCode).toBe(422);
    expect(details(response)).toEqual({ parent_id: ['The tree would be nested too deeply there.'] });
  });
});

describe('PUT /departments/{id}: who and which company', () => {
  it("answers company B's department like a missing one, and refuses B's department as a parent", async () => {
    const missing = await put(999_999, { name: 'X' });
    const other = await put(f.ids.b, { name: 'X' });
    expect([missing.statusCode, other.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(missing.body);
    const parent = await put(f.ids.apac, { parent_id: f.ids.b });
    expect(parent.statusCode).toBe(422);
    expect(details(parent)).toEqual({ parent_id: ['Choose an existing department.'] });
    const b = await t.db.selectFrom('departments').select('name').where('id', '=', f.ids.b).executeTakeFirstOrThrow();
    expect(b.name).toBe('Bravo HQ');
  });

  it('refuses Reviewers and Department Managers (their own subtree included)', async () => {
    for (const login of ['reviewer', 'dm']) {
      const response = await put(f.ids.uk, { name: 'Renamed' }, await signedIn(t.app, login));
      expect(response.statusCode, login).toBe(403);
    }
    expect(await auditRows()).toHaveLength(0);
  });
});
