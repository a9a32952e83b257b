import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG, assetParts, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let admin: TestClient;
const stamp = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  t = await createTestApp();
  const heed = await createCompany(t.db, { name: 'Heed' });
  await createUser(t.db, { companyId: heed.id, siteAdmin: true, role: 1, username: 'root' });
  admin = await signedIn(t.app, 'root');
});
afterEach(async () => t.close());

describe('company settings: time zone, colour, logo', () => {
  it('creates with UTC, no colour and no logo by default, and validates each setting', async () => {
    const created = await admin.post('/api/v3/companies', { name: 'Cedar Clinics' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      time_zone: 'UTC',
      primary_color: null,
      logo_path: null,
      logo_url: null,
    });

    const bad = await admin.post('/api/v3/companies', {
      name: 'Bad',
      time_zone: 'Mars/Olympus',
      primary_color: 'teal',
      logout_url: 'javascript:alert(1)',
      session_idle_minutes: 1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toMatchObject({
      time_zone: ['Choose a time zone from the list.'],
      primary_color: ['Enter a colour as #rrggbb.'],
      logout_url: expect.any(Array),
      session_idle_minutes: expect.any(Array),
    });
    const withLogo = await admin.post('/api/v3/companies', { name: 'Logo First', logo_path: '1/logo/x.png' });
    expect(withLogo.json().error.details).toEqual({
      logo_path: ["Choose one of the company's logos (File Management)."],
    });
  });

  it("shows the chosen logo and colour to the company's learners, and takes only the company's own logos", async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    const other = await createCompany(t.db, { name: 'Other' });
    await createUser(t.db, { companyId: acme.id, role: 0, username: 'acme.student' });
    const inAcme = { 'x-company-id': String(acme.id) };
    const logo = (await upload(admin, assetParts('logo', PNG, 'acme.png'), inAcme)).json().data;
    const policy = (
      await upload(admin, assetParts('policy_document', Buffer.from('%PDF-1.4\n'), 'p.pdf'), inAcme)
    ).json().data;
    const foreign = (await upload(admin, assetParts('logo', PNG, 'o.png'), { 'x-company-id': String(other.id) })).json()
      .data;

    for (const path of [policy.path, foreign.path, 'nope/logo/x.png']) {
      const refused = await admin.put(`/api/v3/companies/${acme.id}`, { logo_path: path });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().error.details)).toEqual(['logo_path']);
    }
    const saved = await admin.put(`/api/v3/companies/${acme.id}`, { logo_path: logo.path, primary_color: '#0F766E' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ logo_path: logo.path, logo_url: logo.url, primary_color: '#0f766e' });

    const student = await signedIn(t.app, 'acme.student');
    const mine = (await student.get('/api/v3/my/company')).json().data;
    expect(mine).toEqual({ id: acme.id, name: 'Acme', logo_url: logo.url, primary_color: '#0f766e' });
    expect((await student.get(mine.logo_url)).statusCode).toBe(200);
  });
});

describe('POST /companies with copy_from', () => {
  it('copies the department tree, custom fields, templates and rules (inactive, ids remapped) in one audited transaction', async () => {
    const source = await createCompany(t.db, { name: 'Template Co' });
    const hq = await createDepartment(t.db, source.id, 'HQ');
    const sales = await createDepartment(t.db, source.id, 'Sales', hq.id);
    await createDepartment(t.db, source.id, 'Inside Sales', sales.id);
    await createDepartment(t.db, source.id, 'Plant');
    const field = await t.db
      .insertInto('custom_fields')
      .values({
        company_id: source.id,
        key: 'site',
        label: 'Site',
        type: 'text',
        options: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notification_templates')
      .values({
        company_id: source.id,
        type: 'course_assignment',
        method: 'email',
        name: 'Ours',
        subject: 'Hi',
        body: 'Body',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await t.db
      .insertInto('assignment_rules')
      .values({
        company_id: source.id,
        name: 'Sales onboarding',
        match: 'all',
        conditions: JSON.stringify([
          { kind: 'department', department_ids: [sales.id] },
          { kind: 'field', field_id: field.id, operator: 'equals', value: 'Leeds' },
        ]),
        course_ids: '[]',
        due_days: 14,
        recertify_months: null,
        active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const response = await admin.post('/api/v3/companies', {
      name: 'New Client',
      copy_from: { company_id: source.id, departments: true, custom_fields: true, templates: true, rules: true },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id;

    const departments = await t.db
      .selectFrom('departments')
      .selectAll()
      .where('company_id', '=', id)
      .orderBy('path')
      .execute();
    expect(departments.map((d) => d.name)).toEqual(['HQ', 'Sales', 'Inside Sales', 'Plant']);
    const byName = new Map(departments.map((d) => [d.name, d]));
    expect(byName.get('HQ')!.path).toBe(`/${byName.get('HQ')!.id}/`);
    expect(byName.get('Inside Sales')!.path).toBe(
      `/${byName.get('HQ')!.id}/${byName.get('Sales')!.id}/${byName.get('Inside Sales')!.id}/`,
    );
    expect(byName.get('Sales')!.parent_id).toBe(byName.get('HQ')!.id);

    const fields = await t.db.selectFrom('custom_fields').selectAll().where('company_id', '=', id).execute();
    expect(fields.map((f) => [f.key, f.label])).toEqual([['site', 'Site']]);
    const templates = await t.db
      .selectFrom('notification_templates')
      .selectAll()
      .where('company_id', '=', id)
      .execute();
    expect(templates.map((x) => x.name)).toEqual(['Ours']);
    const [rule] = await t.db.selectFrom('assignment_rules').selectAll().where('company_id', '=', id).execute();
    expect(rule).toMatchObject({ name: 'Sales onboarding', active: 0, due_days: 14 });
    expect(JSON.parse(rule!.conditions)).toEqual([
      { kind: 'department', department_ids: [byName.get('Sales')!.id] },
      { kind: 'field', field_id: fields[0]!.id, operator: 'equals', value: 'Leeds' },
    ]);

    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'company.create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({
      copied_from: source.id,
      copied: { departments: 4, custom_fields: 1, templates: 1, rules: 1 },
    });
    // The source is untouched.
    expect(
      await t.db.selectFrom('departments').select('id').where('company_id', '=', source.id).execute(),
    ).toHaveLength(4);
  });

  it('copies only what is asked, and refuses an unknown source without creating anything', async () => {
    const source = await createCompany(t.db, { name: 'Template Co' });
    await createDepartment(t.db, source.id, 'HQ');
    const partial = await admin.post('/api/v3/companies', {
      name: 'Fields Only',
      copy_from: { company_id: source.id, departments: false, custom_fields: true, templates: false, rules: false },
    });
    expect(partial.statusCode).toBe(201);
    expect(
      await t.db.selectFrom('departments').select('id').where('company_id', '=', partial.json().data.id).execute(),
    ).toEqual([]);

    const missing = await admin.post('/api/v3/companies', { name: 'Ghost', copy_from: { company_id: 999999 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual({
      'copy_from.company_id': ['There is no company with this id to copy from.'],
    });
    expect(await t.db.selectFrom('companies').select('id').where('name', '=', 'Ghost').execute()).toEqual([]);
  });
});
