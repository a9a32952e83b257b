import type { Department } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type DepartmentsFixture, createDepartmentsFixture } from './support/departments-fixture.ts';
import { createUser } from './support/factories.ts';
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

const list = async (client: TestClient) => {
  const response = await client.get('/api/v3/departments');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Department[];
};
const details = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;
const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('GET /departments', () => {
  it('lists the whole company to a Company Manager, each department after its parent, with direct and subtree counts', async () => {
    const departments = await list(cm);
    const { sales, emea, uk, apac, ops } = f.ids;
    expect(departments.map((d) => [d.name, d.parent_id, d.path, d.user_count, d.total_user_count])).toEqual([
      ['Sales', null, `/${sales}/`, 2, 6],
      ['EMEA', sales, `/${sales}/${emea}/`, 1, 4],
      ['UK', emea, `/${sales}/${emea}/${uk}/`, 3, 3],
      ['APAC', sales, `/${sales}/${apac}/`, 0, 0],
      ['Ops', null, `/${ops}/`, 1, 1],
    ]);
  });

  it('counts again after any change to the users, however it was made (the counts are cached between changes)', async () => {
    const before = await list(cm);
    expect(before.find((d) => d.id === f.ids.apac)).toMatchObject({ user_count: 0 });
    expect(await list(cm)).toEqual(before);
    await createUser(t.db, { companyId: f.company, departmentId: f.ids.apac });
    const after = await list(cm);
    expect(after.find((d) => d.id === f.ids.apac)).toMatchObject({ user_count: 1, total_user_count: 1 });
    expect(after.find((d) => d.id === f.ids.sales)).toMatchObject({ user_count: 2, total_user_count: 7 });
  });

  it('lists the whole company to a Reviewer', async () => {
    const departments = await list(await signedIn(t.app, 'reviewer'));
    expect(departments.map((d) => d.name)).toEqual(['Sales', 'EMEA', 'UK', 'APAC', 'Ops']);
  });

  it("lists only a Department Manager's subtree, with the subtree's counts", async () => {
    const departments = await list(await signedIn(t.app, 'dm'));
    expect(departments.map((d) => [d.name, d.user_count, d.total_user_count])).toEqual([
      ['EMEA', 1, 4],
      ['UK', 3, 3],
    ]);
  });

  it("lists another company's departments only to a site admin naming it", async () => {
    const admin = await signedIn(t.app, 'admin');
    const own = await admin.get('/api/v3/departments', { headers: { 'x-company-id': String(f.otherCompany) } });
    expect(own.json().data.map((d: Department) => d.name)).toEqual(['Bravo HQ']);
    const refused = await cm.get('/api/v3/departments', { headers: { 'x-company-id': String(f.otherCompany) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Bravo');
  });

  it('refuses a learner', async () => {
    const response = await (await signedIn(t.app, 'student')).get('/api/v3/departments');
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /departments', () => {
  it('creates a root and a child department with trimmed names and paths, and audits each', async () => {
    const root = await cm.post('/api/v3/departments', { name: '  Finance  ' });
    expect(root.statusCode, root.body).toBe(201);
    const finance = root.json().data as Department;
    expect(finance).toMatchObject({ name: 'Finance', parent_id: null, path: `/${finance.id}/`, user_count: 0 });

    const child = await cm.post('/api/v3/departments', { name: 'Payroll', parent_id: finance.id });
    expect(child.statusCode, child.body).toBe(201);
    const payroll = child.json().data as Department;
    expect(payroll).toMatchObject({
      parent_id: finance.id,
      path: `/${finance.id}/${payroll.id}/`,
      total_user_count: 0,
    });
    expect((await list(cm)).map((d) => d.name)).toContain('Payroll');

    const entries = await auditRows('department.create');
    expect(entries.map((e) => [e.entity_type, e.entity_id, e.company_id])).toEqual([
      ['department', String(finance.id), f.company],
      ['department', String(payroll.id), f.company],
    ]);
    expect(JSON.parse(entries[1]!.after as string)).toMatchObject({ name: 'Payroll', parent_id: finance.id });
  });

  it('refuses a name already used by a sibling, whatever its case, but allows it elsewhere in the tree', async () => {
    const taken = await cm.post('/api/v3/departments', { name: 'emea', parent_id: f.ids.sales });
    expect(taken.statusCode).toBe(422);
    expect(details(taken)).toEqual({ name: ['A department with this name already exists here.'] });
    const takenRoot = await cm.post('/api/v3/departments', { name: 'OPS' });
    expect(takenRoot.statusCode).toBe(422);

    const elsewhere = await cm.post('/api/v3/departments', { name: 'EMEA', parent_id: f.ids.ops });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('refuses empty, over-long and control-character names with field messages', async () => {
    for (const [name, message] of [
      ['   ', 'Enter a name.'],
      ['x'.repeat(121), 'Use at most 120 characters.'],
      ['Tab\there', 'Remove control characters.'],
    ]) {
      const response = await cm.post('/api/v3/departments', { name });
      expect(response.statusCode, name).toBe(422);
      expect(details(response).name).toEqual([message]);
    }
    expect((await cm.post('/api/v3/departments', { name: 'x'.repeat(120) })).statusCode).toBe(201);
    expect(await auditRows('department.create')).toHaveLength(1);
  });

  it("refuses a parent that is not one of the company's departments (company B's included)", async () => {
    for (const parent_id of [f.ids.b, 999_999]) {
      const response = await cm.post('/api/v3/departments', { name: 'Stray', parent_id });
      expect(response.statusCode).toBe(422);
      expect(details(response)).toEqual({ parent_id: ['Choose an existing department.'] });
      expect(response.body).not.toContain('Bravo');
    }
  });

  it('refuses Reviewers and Department Managers, even inside their subtree', async () => {
    for (const login of ['reviewer', 'dm']) {
      const client = await signedIn(t.app, login);
      const response = await client.post('/api/v3/departments', { name: 'Nope', parent_id: f.ids.emea });
      expect(response.statusCode, login).toBe(403);
    }
    expect(await auditRows('department.create')).toHaveLength(0);
  });

  it('lets a site admin create in the company they name, and not in their own by accident', async () => {
    const admin = await signedIn(t.app, 'admin');
    const response = await admin.post(
      '/api/v3/departments',
      { name: 'Bravo Lab', parent_id: f.ids.b },
      { headers: { 'x-company-id': String(f.otherCompany) } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await t.db
      .selectFrom('departments')
      .selectAll()
      .where('name', '=', 'Bravo Lab')
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(f.otherCompany);
  });
});
