import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let heed: { id: number };
let admin: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  heed = await createCompany(t.db, { name: 'Heed' });
  await createUser(t.db, { companyId: heed.id, siteAdmin: true, role: 1, username: 'root', email: 'root@heed.test' });
  admin = await signedIn(t.app, 'root');
});
afterEach(async () => t.close());

const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('GET /companies', () => {
  it('pages companies by name with a name filter, leaving suspended ones out on suspended=0', async () => {
    await createCompany(t.db, { name: 'Cedar Clinics' });
    await createCompany(t.db, { name: 'acme Manufacturing' });
    await createCompany(t.db, { name: 'Borealis Bank', suspended: 1 as never });
    await createCompany(t.db, { name: '100% Safety' });

    const all = await admin.get('/api/v3/companies');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((c: { name: string }) => c.name)).toEqual([
      '100% Safety',
      'acme Manufacturing',
      'Borealis Bank',
      'Cedar Clinics',
      'Heed',
    ]);
    expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 5 });
    expect(all.json().data.find((c: { name: string }) => c.name === 'Heed')).toMatchObject({ user_count: 1 });

    const active = await admin.get('/api/v3/companies?suspended=0');
    expect(active.json().data.map((c: { name: string }) => c.name)).not.toContain('Borealis Bank');
    expect(active.json().meta.total).toBe(4);

    const named = await admin.get('/api/v3/companies?name=ACME');
    expect(named.json().data.map((c: { name: string }) => c.name)).toEqual(['acme Manufacturing']);
    const percent = await admin.get(`/api/v3/companies?name=${encodeURIComponent('0%')}`);
    expect(percent.json().data.map((c: { name: string }) => c.name)).toEqual(['100% Safety']);

    const page2 = await admin.get('/api/v3/companies?per_page=2&page=2');
    expect(page2.json().data.map((c: { name: string }) => c.name)).toEqual(['Borealis Bank', 'Cedar Clinics']);
    expect(page2.json().meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
  });

  it("counts each company's users as they are added, moved and deleted, in the list and the record", async () => {
    const north = await createCompany(t.db, { name: 'North' });
    const south = await createCompany(t.db, { name: 'South' });
    const count = async (id: number) => {
      const one = (await admin.get(`/api/v3/companies/${id}`)).json().data.user_count;
      const listed = (await admin.get('/api/v3/companies')).json().data.find((c: { id: number }) => c.id === id);
      expect(listed.user_count).toBe(one);
      return one;
    };
    expect([await count(north.id), await count(south.id)]).toEqual([0, 0]);
    const users = [];
    for (const name of ['n1', 'n2', 'n3']) users.push(await createUser(t.db, { companyId: north.id, username: name }));
    expect([await count(north.id), await count(south.id)]).toEqual([3, 0]);
    await t.db.updateTable('users').set({ company_id: south.id }).where('id', '=', users[0]!.id).execute();
    await t.db.deleteFrom('users').where('id', '=', users[1]!.id).execute();
    expect([await count(north.id), await count(south.id)]).toEqual([1, 1]);
  });

  it('is for site admins only', async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
    const cm = await signedIn(t.app, 'acme.cm');
    expect((await cm.get('/api/v3/companies')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v3/companies' });
    expect(anonymous.json()).toEqual({ error: { message: 'unauthenticated' } });
  });

  it('answers 422 with details for a bad page or flag', async () => {
    const response = await admin.get('/api/v3/companies?page=0&suspended=maybe');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.details).sort()).toEqual(['page', 'suspended']);
  });
});

describe('GET /companies/{id}', () => {
  it('gives site admins any company and others only their own; another answers like a missing id', async () => {
    const acme = await createCompany(t.db, {
      name: 'Acme',
      department_label: 'Facility' as never,
      question_reports: 1 as never,
    });
    const borealis = await createCompany(t.db, { name: 'Borealis' });
    await createUser(t.db, { companyId: acme.id, role: 3, username: 'acme.reviewer' });
    await createUser(t.db, { companyId: acme.id, role: 0, username: 'acme.student' });

    const byAdmin = await admin.get(`/api/v3/companies/${borealis.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.name).toBe('Borealis');

    const reviewer = await signedIn(t.app, 'acme.reviewer');
    const own = await reviewer.get(`/api/v3/companies/${acme.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      id: acme.id,
      name: 'Acme',
      suspended: false,
      department_label: 'Facility',
      department_label_plural: 'Facilities',
      question_reports: true,
      logout_url: null,
    });

    const other = await reviewer.get(`/api/v3/companies/${borealis.id}`);
    const missing = await reviewer.get('/api/v3/companies/999999');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect(other.body).not.toContain('Borealis');

    const student = await signedIn(t.app, 'acme.student');
    expect((await student.get(`/api/v3/companies/${acme.id}`)).statusCode).toBe(403);
    expect((await admin.get('/api/v3/companies/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/v3/companies/abc')).statusCode).toBe(422);
  });
});

describe('POST /companies', () => {
  it('creates a company with defaults, ignores injected fields and writes an audit entry', async () => {
    const response = await admin.post('/api/v3/companies', {
      name: '  Dunmore Logistics ',
      logout_url: 'https://sso.dunmore.test/logout',
      id: 4242,
      user_count: 99,
      created_at: '1999-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const company = response.json().data;
    expect(company).toMatchObject({
      name: 'Dunmore Logistics',
      suspended: false,
      department_label: 'Department',
      department_label_plural: 'Departments',
      logout_url: 'https://sso.dunmore.test/logout',
      question_reports: false,
      session_idle_minutes: 30,
      session_absolute_hours: 12,
      user_count: 0,
      created_at: t.clock.now.toISOString(),
    });
    expect(company.id).not.toBe(4242);

    const [entry] = await auditRows('company.create');
    expect(entry).toMatchObject({ entity_type: 'company', entity_id: String(company.id), company_id: company.id });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Dunmore Logistics' });
    expect(entry!.before).toBeNull();
  });

  it('answers 422 with field details for bad input and a taken name', async () => {
    const bad = await admin.post('/api/v3/companies', {
      name: '',
      logout_url: 'javascript:alert(1)',
      session_idle_minutes: 1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.details).sort()).toEqual(['logout_url', 'name', 'session_idle_minutes']);
    expect(bad.json().error.details.logout_url).toEqual(['Enter an http or https address.']);

    const taken = await admin.post('/api/v3/companies', { name: 'HEED' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.details).toEqual({ name: ['A company with this name already exists.'] });
    expect(await auditRows('company.create')).toHaveLength(0);
  });

  it('is for site admins only', async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
    const cm = await signedIn(t.app, 'acme.cm');
    expect((await cm.post('/api/v3/companies', { name: 'Sneaky' })).statusCode).toBe(403);
    expect(await t.db.selectFrom('companies').select('id').where('name', '=', 'Sneaky').execute()).toHaveLength(0);
  });
});

describe('PUT /companies/{id}', () => {
  it('changes only the fields sent and audits before and after', async () => {
    const acme = await createCompany(t.db, {
      name: 'Acme',
      question_reports: 1 as never,
      logout_url: 'https://acme.test/bye',
    });
    t.clock.advanceMinutes(5);
    const response = await admin.put(`/api/v3/companies/${acme.id}`, { department_label: 'Branch', id: 77 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: acme.id,
      name: 'Acme',
      department_label: 'Branch',
      department_label_plural: 'Branches',
      question_reports: true,
      logout_url: 'https://acme.test/bye',
      updated_at: t.clock.now.toISOString(),
    });
    const [entry] = await auditRows('company.update');
    expect(JSON.parse(entry!.before!)).toMatchObject({ department_label: 'Department' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ department_label: 'Branch' });

    const cleared = await admin.put(`/api/v3/companies/${acme.id}`, { logout_url: null });
    expect(cleared.json().data.logout_url).toBeNull();
  });

  it('answers 404 for a missing company and 422 for bad values or a taken name', async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    expect((await admin.put('/api/v3/companies/999999', { name: 'X' })).statusCode).toBe(404);
    const bad = await admin.put(`/api/v3/companies/${acme.id}`, { logout_url: 'ftp://acme.test', name: 'Heed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.logout_url).toBeDefined();
    const taken = await admin.put(`/api/v3/companies/${acme.id}`, { name: 'heed' });
    expect(taken.json().error.details).toEqual({ name: ['A company with this name already exists.'] });
    const same = await admin.put(`/api/v3/companies/${acme.id}`, { name: 'ACME' });
    expect(same.statusCode).toBe(200);
  });

  it("ends the sessions of a suspended company's people but not a site admin's", async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    const cmUser = await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
    await createUser(t.db, { companyId: acme.id, role: 0, username: 'acme.student' });
    const cm = await signedIn(t.app, 'acme.cm');
    const student = await signedIn(t.app, 'acme.student');
    admin.companyId = String(acme.id);

    const response = await admin.put(`/api/v3/companies/${acme.id}`, { suspended: true });
    expect(response.json().data.suspended).toBe(true);
    const left = await t.db.selectFrom('sessions').select('user_id').execute();
    expect(left.map((s) => s.user_id)).not.toContain(cmUser.id);
    expect(left).toHaveLength(1);
    expect((await cm.get('/api/v3/me')).json()).toEqual({ error: { message: 'unauthenticated' } });
    expect((await student.get('/api/v3/me')).statusCode).toBe(403);
    expect((await admin.get('/api/v3/me')).statusCode).toBe(200);

    await admin.put(`/api/v3/companies/${acme.id}`, { suspended: false });
    await expect(new TestClient(t.app).signIn('acme.cm')).resolves.toBeDefined();
  });

  it("lets a Company Manager change their own company's settings, never its suspension or question reports, nor another company", async () => {
    const acme = await createCompany(t.db, { name: 'Acme' });
    const borealis = await createCompany(t.db, { name: 'Borealis' });
    await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
    await createUser(t.db, { companyId: acme.id, role: 2, username: 'acme.dm' });
    const cm = await signedIn(t.app, 'acme.cm');
    const dm = await signedIn(t.app, 'acme.dm');

    const own = await cm.put(`/api/v3/companies/${acme.id}`, { department_label: 'Branch', time_zone: 'Europe/Paris' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ department_label_plural: 'Branches', time_zone: 'Europe/Paris' });

    for (const body of [{ suspended: true }, { question_reports: true }]) {
      const refused = await cm.put(`/api/v3/companies/${acme.id}`, { ...body, name: 'Acme Renamed' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Only a site administrator can change suspension or question reports.');
    }
    // Echoing the current values back (a full record) is not a change.
    expect(
      (await cm.put(`/api/v3/companies/${acme.id}`, { suspended: false, question_reports: false })).statusCode,
    ).toBe(200);

    expect((await cm.put(`/api/v3/companies/${borealis.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect(
      (
        await cm.put(
          `/api/v3/companies/${acme.id}`,
          { name: 'Mine' },
          { headers: { 'x-company-id': String(borealis.id) } },
        )
      ).statusCode,
    ).toBe(403);
    expect((await cm.get(`/api/v3/companies/${borealis.id}`)).statusCode).toBe(404);
    expect((await dm.put(`/api/v3/companies/${acme.id}`, { name: 'DM was here' })).statusCode).toBe(403);

    const rows = await t.db
      .selectFrom('companies')
      .select(['id', 'name', 'suspended', 'question_reports'])
      .orderBy('id')
      .execute();
    expect(rows.find((r) => r.id === acme.id)).toMatchObject({ name: 'Acme', suspended: 0, question_reports: 0 });
    expect(rows.find((r) => r.id === borealis.id)?.name).toBe('Borealis');
  });
});
