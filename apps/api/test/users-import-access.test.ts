import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, drainJobs, getImport, runImport, upload } from './fixtures/import-harness.ts';
import { fileUpload } from './fixtures/import-upload.ts';
import { type ImportWorld, createImportWorld, departmentName, userByUsername } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

let t: TestApp;
let world: ImportWorld;
let cm: TestClient;
let dm: TestClient;
let reviewer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  world = await createImportWorld(t);
  cm = await clientFor(t, 'cm');
  dm = await clientFor(t, 'dm');
  reviewer = await clientFor(t, 'reviewer');
  admin = await clientFor(t, 'siteAdmin');
});
afterAll(async () => t.close());

const CSV = 'Username,E-mail,First name,Last name\naccess.one,access.one@example.test,Ann,One\n';

describe('users import: who may import', () => {
  it('a Reviewer changes nothing: every import call answers 403', async () => {
    const mine = await upload(cm, CSV, 'cm.csv');
    const { body, headers } = fileUpload(CSV, 'reviewer.csv');
    const calls = [
      reviewer.post('/api/v3/users/imports', body, { headers }),
      reviewer.get('/api/v3/users/imports'),
      reviewer.get(`/api/v3/users/imports/${mine.id}`),
      reviewer.put(`/api/v3/users/imports/${mine.id}`, { options: { update_existing: true } }),
      reviewer.post(`/api/v3/users/imports/${mine.id}/dry-run`),
      reviewer.post(`/api/v3/users/imports/${mine.id}/run`),
      reviewer.get(`/api/v3/users/imports/${mine.id}/errors`),
      reviewer.get(`/api/v3/users/imports/${mine.id}/errors/export`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    expect((await getImport(cm, mine.id)).status).toBe('uploaded');
  });

  it('a Department Manager imports only into their departments: rows outside fail, the rest go in', async () => {
    const csv = [
      'Username,E-mail,First name,Last name,Department,Role',
      'dm.ops,dm.ops@example.test,In,Ops,Operations,Student',
      'dm.plant,dm.plant@example.test,In,Plant,Operations/Plant 1,Student',
      'dm.finance,dm.finance@example.test,Out,Finance,Finance,Student',
      'dm.none,dm.none@example.test,No,Department,,Student',
      'dm.boss,dm.boss@example.test,Too,High,Operations,Company Manager',
      'dm.team,dm.team@example.test,New,Team,Operations/New Team,Student',
      'dm.root,dm.root@example.test,New,Root,Brand New,Student',
      'a.reviewer,a.reviewer@example.test,Not,Mine,Operations,Student',
    ].join('\n');
    const uploaded = await upload(dm, csv, 'dm.csv');
    await configure(dm, uploaded.id, {
      options: { create_departments: true, update_existing: true, match_by: 'username' },
    });
    const { import: done, errors } = await runImport(t, dm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 3, updated: 0, failed: 5 });
    expect(errors).toEqual([
      { row: 4, column: 'Department', message: 'Choose a department you manage.', value: 'Finance' },
      { row: 5, column: 'Department', message: 'Choose a department you manage.', value: null },
      { row: 6, column: 'Role', message: 'You cannot give a role above your own.', value: null },
      { row: 8, column: 'Department', message: 'Choose a department you manage.', value: 'Brand New' },
      { row: 9, column: '', message: 'This user is in a department you do not manage.', value: null },
    ]);
    expect(await departmentName(t.db, (await userByUsername(t.db, 'dm.team'))!.department_id)).toBe('New Team');
    expect((await userByUsername(t.db, 'a.reviewer'))?.first_name).not.toBe('Not');
  });

  it('a Department Manager cannot pick a default department outside their own (403)', async () => {
    const uploaded = await upload(dm, CSV.replace(/access\.one/g, 'dm.default'), 'dm-default.csv');
    const response = await dm.put(`/api/v3/users/imports/${uploaded.id}`, {
      options: { default_department_id: world.finance },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({
      'options.default_department_id': ['Choose a department you manage.'],
    });
  });

  it('a Department Manager sees their own imports only; a Company Manager sees every import of the company', async () => {
    const dmImport = await upload(dm, CSV.replace(/access\.one/g, 'dm.history'), 'dm-history.csv');
    const cmImport = await upload(cm, CSV.replace(/access\.one/g, 'cm.history'), 'cm-history.csv');
    const dmList = (await dm.get('/api/v3/users/imports?per_page=100')).json();
    expect(dmList.data.map((i: { id: number }) => i.id)).toContain(dmImport.id);
    expect(dmList.data.map((i: { id: number }) => i.id)).not.toContain(cmImport.id);
    expect(dmList.data.every((i: { created_by: { id: number } }) => i.created_by.id === world.users['a.dm'])).toBe(
      true,
    );
    expect((await dm.get(`/api/v3/users/imports/${cmImport.id}`)).statusCode).toBe(404);
    const cmList = (await cm.get('/api/v3/users/imports?per_page=100')).json();
    expect(cmList.data.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([dmImport.id, cmImport.id]));
    expect(cmList.data[0].id).toBeGreaterThan(cmList.data.at(-1).id);
    expect(cmList.meta).toMatchObject({ current_page: 1, total: cmList.data.length });
  });
});

describe('users import: tenancy', () => {
  it("another company's import answers 404 by id, and naming another company answers 403", async () => {
    admin.companyId = String(world.companyB);
    const theirs = await upload(admin, CSV.replace(/access\.one/g, 'b.import'), 'b.csv');
    admin.companyId = undefined;
    for (const path of ['', '/errors', '/errors/export']) {
      expect((await cm.get(`/api/v3/users/imports/${theirs.id}${path}`)).statusCode).toBe(404);
    }
    expect((await cm.put(`/api/v3/users/imports/${theirs.id}`, { options: {} })).statusCode).toBe(404);
    expect((await cm.post(`/api/v3/users/imports/${theirs.id}/run`)).statusCode).toBe(404);
    const named = await cm.get('/api/v3/users/imports', { headers: { 'x-company-id': String(world.companyB) } });
    expect(named.statusCode).toBe(403);
    const listA = (await cm.get('/api/v3/users/imports?per_page=100')).json();
    expect(listA.data.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
  });

  it("a site admin imports into the company they act on, under B's own rules", async () => {
    admin.companyId = String(world.companyB);
    const uploaded = await upload(admin, CSV.replace(/access\.one/g, 'b.person'), 'b-person.csv');
    const { import: done } = await runImport(t, admin, uploaded.id);
    admin.companyId = undefined;
    expect(done.counts.created).toBe(1);
    expect((await userByUsername(t.db, 'b.person'))?.company_id).toBe(world.companyB);
  });
});

describe('users import: mapping and steps', () => {
  it('checks the mapping: one entry per column, known fields, each field once, a column to find users by', async () => {
    const uploaded = await upload(cm, 'Name,Mail,Given,Family\nx,y,z,w\n', 'odd.csv');
    expect(uploaded.mapping).toEqual([null, 'email', null, null]);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ mapping: ['username'] }, { mapping: ['Give one entry per column of the file (4).'] }],
      [{ mapping: ['username', 'email', 'first_name', 'cf.nope'] }, { 'mapping.3': ['Unknown field.'] }],
      [
        { mapping: ['username', 'username', null, null] },
        { 'mapping.1': ['Column 1 is already mapped to this field.'] },
      ],
      [{ mapping: [null, null, 'first_name', 'last_name'] }, { mapping: ['Map a column to Username or E-mail.'] }],
      [
        {
          mapping: [null, 'email', 'first_name', 'last_name'],
          options: { update_existing: true, match_by: 'username' },
        },
        { 'options.match_by': ['Map a column to Username to match users by it.'] },
      ],
    ];
    for (const [body, details] of cases) {
      const response = await cm.put(`/api/v3/users/imports/${uploaded.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.details).toEqual(details);
    }
    const bad = await cm.put(`/api/v3/users/imports/${uploaded.id}`, { options: { match_by: 'phone' } });
    expect(bad.statusCode).toBe(422);
    const fixed = await configure(cm, uploaded.id, { mapping: ['username', 'email', 'first_name', 'last_name'] });
    expect(fixed.mapping).toEqual(['username', 'email', 'first_name', 'last_name']);
  });

  it('a saved mapping discards the dry run; once the import runs, nothing changes it and it cannot run twice', async () => {
    const uploaded = await upload(cm, CSV.replace(/access\.one/g, 'steps.one'), 'steps.csv');
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/dry-run`)).statusCode).toBe(202);
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(409);
    await drainJobs(t);
    expect((await getImport(cm, uploaded.id)).dry_run).not.toBeNull();
    const changed = await configure(cm, uploaded.id, { options: { send_welcome: false } });
    expect(changed).toMatchObject({ status: 'uploaded', dry_run: null });
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(202);
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(409);
    expect((await cm.put(`/api/v3/users/imports/${uploaded.id}`, { options: {} })).statusCode).toBe(409);
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/dry-run`)).statusCode).toBe(409);
    await drainJobs(t);
    const done = await getImport(cm, uploaded.id);
    expect(done).toMatchObject({ status: 'completed', counts: { created: 1 } });
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(409);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'import')
      .where('entity_id', '=', String(uploaded.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'import.create',
      'import.dry_run',
      'import.update',
      'import.run',
      'users.import',
    ]);
  });
});
