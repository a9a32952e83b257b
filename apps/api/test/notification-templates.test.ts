import { NOTIFICATION_METHODS, NOTIFICATION_TYPES, SAMPLE_NOTIFICATION_CONTEXT } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderNotification } from '../src/modules/notification-templates/index.ts';
import type { TestClient } from './support/client.ts';
import { signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let companyA: number;
let companyB: number;
let dm: TestClient;
let cm: TestClient;
let reviewer: TestClient;
let student: TestClient;
let bcm: TestClient;
let admin: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Heed' });
  companyA = (await createCompany(t.db, { name: 'Alpha Corp', primary_color: '#aa3300' } as never)).id;
  companyB = (await createCompany(t.db, { name: 'Beta Ltd' })).id;
  const dept = await createDepartment(t.db, companyA, 'Operations');
  await createUser(t.db, { companyId: vendor.id, role: 1, username: 'admin', siteAdmin: true });
  await createUser(t.db, { companyId: companyA, role: 1, username: 'a.cm' });
  await createUser(t.db, { companyId: companyA, role: 2, username: 'a.dm', departmentId: dept.id });
  await createUser(t.db, { companyId: companyA, role: 3, username: 'a.reviewer' });
  await createUser(t.db, { companyId: companyA, role: 0, username: 'a.student', departmentId: dept.id });
  await createUser(t.db, { companyId: companyB, role: 1, username: 'b.cm' });
  const clients = await Promise.all(
    ['a.dm', 'a.cm', 'a.reviewer', 'a.student', 'b.cm', 'admin'].map((u) => signedIn(t.app, u)),
  );
  [dm, cm, reviewer, student, bcm, admin] = clients as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  admin.companyId = String(companyA);
});
afterEach(async () => t.close());

const SMS = { type: 'reminder_employee', method: 'sms', name: 'Short reminder', body: 'Due {{ assignment.due_date }}' };
const EMAIL = {
  type: 'course_assignment',
  method: 'email',
  name: 'Assigned (ours)',
  subject: 'Please take {{ course.name }}',
  body: 'Hi {{ user.first_name }},\n\nStart: {{ public_assignment_url }}',
};
const list = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/v3/templates?per_page=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; type: string; method: string; source: string; default_id: number | null; name: string }[];
    meta: { total: number; last_page: number };
  };
};
const systemDefault = async (type: string, method: string) => {
  await list(dm);
  return t.db
    .selectFrom('notification_templates')
    .selectAll()
    .where('company_id', 'is', null)
    .where('type', '=', type)
    .where('method', '=', method)
    .executeTakeFirstOrThrow();
};
const auditActions = async () =>
  (await t.db.selectFrom('audit_log').select(['action', 'company_id', 'entity_id']).orderBy('id').execute()).filter(
    (r) => r.action.startsWith('notification_template.'),
  );
const context = (overrides: Partial<typeof SAMPLE_NOTIFICATION_CONTEXT> = {}) => ({
  ...SAMPLE_NOTIFICATION_CONTEXT,
  company: { name: 'Alpha Corp', logo_url: null, primary_color: '#aa3300' },
  ...overrides,
});

describe('GET /templates', () => {
  it('lists a system default for every type and send method, paged and filtered', async () => {
    const all = await list(dm);
    expect(all.meta.total).toBe(NOTIFICATION_TYPES.length * NOTIFICATION_METHODS.length);
    expect(all.data.every((row) => row.source === 'default')).toBe(true);
    expect(new Set(all.data.map((r) => `${r.type}/${r.method}`)).size).toBe(18);

    const page = (await dm.get('/api/v3/templates?per_page=5&page=2&sort=name')).json();
    expect(page.meta).toEqual({ current_page: 2, last_page: 4, per_page: 5, total: 18 });
    expect(page.data).toHaveLength(5);

    const reminders = await list(dm, '&field[type]=reminder_employee,reminder_supervisor&field[method]=sms');
    expect(reminders.data.map((r) => r.type).sort()).toEqual(['reminder_employee', 'reminder_supervisor']);
    expect(reminders.data.every((r) => r.method === 'sms')).toBe(true);

    const text = await list(dm, '&text=RESET%20YOUR');
    expect(text.data.map((r) => `${r.type}/${r.method}`).sort()).toEqual([
      'reset_password/email',
      'reset_password/sms',
    ]);

    expect((await dm.get('/api/v3/templates?field[type]=nonsense')).statusCode).toBe(422);
  });

  it("shows the company's own templates with the defaults, never another company's", async () => {
    const mine = (await dm.post('/api/v3/templates', SMS)).json().data;
    await bcm.post('/api/v3/templates', { ...SMS, name: 'Beta only' });
    const all = await list(dm);
    expect(all.meta.total).toBe(19);
    expect(all.data.filter((r) => r.source === 'custom')).toEqual([
      expect.objectContaining({ id: mine.id, name: 'Short reminder' }),
    ]);
    expect(JSON.stringify(all)).not.toContain('Beta only');
    expect((await list(dm, '&field[source]=custom')).data.map((r) => r.id)).toEqual([mine.id]);
    expect((await list(dm, '&field[source]=default')).meta.total).toBe(18);
  });
});

describe('template CRUD', () => {
  it('creates, reads, updates and deletes a company template, each change audited in the company', async () => {
    const created = await dm.post('/api/v3/templates', EMAIL);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template).toMatchObject({ ...EMAIL, source: 'custom', default_id: null });

    expect((await dm.get(`/api/v3/templates/${template.id}`)).json().data).toEqual(template);

    t.clock.advanceMinutes(5);
    const updated = await cm.put(`/api/v3/templates/${template.id}`, {
      name: 'Renamed',
      subject: 'New {{ course.name }}',
      body: 'Body {{ user.first_name }}',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Renamed',
      subject: 'New {{ course.name }}',
      type: 'course_assignment',
    });
    expect(updated.json().data.updated_at > template.updated_at).toBe(true);

    const deleted = await dm.delete(`/api/v3/templates/${template.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await dm.get(`/api/v3/templates/${template.id}`)).statusCode).toBe(404);
    expect(await auditActions()).toEqual([
      { action: 'notification_template.create', company_id: companyA, entity_id: String(template.id) },
      { action: 'notification_template.update', company_id: companyA, entity_id: String(template.id) },
      { action: 'notification_template.delete', company_id: companyA, entity_id: String(template.id) },
    ]);
  });

  it('keeps SMS templates without a subject and e-mail templates with one', async () => {
    const sms = await dm.post('/api/v3/templates', { ...SMS, subject: 'Not for SMS' });
    expect(sms.statusCode).toBe(422);
    expect(sms.json().error.details.subject).toEqual(['SMS templates have no subject.']);
    const email = await dm.post('/api/v3/templates', { ...EMAIL, subject: '  ' });
    expect(email.statusCode).toBe(422);
    expect(email.json().error.details.subject).toEqual(['An e-mail template needs a subject.']);
    const long = await dm.post('/api/v3/templates', { ...SMS, body: 'x'.repeat(1_601) });
    expect(long.json().error.details.body[0]).toContain('at most 1600 characters');
  });

  it('refuses to change or delete a system default (403); a site admin acts on the company it names', async () => {
    const base = await systemDefault('course_assignment', 'email');
    expect((await dm.get(`/api/v3/templates/${base.id}`)).json().data).toMatchObject({
      source: 'default',
      default_id: null,
    });
    expect((await cm.put(`/api/v3/templates/${base.id}`, { name: 'x', subject: 's', body: 'b' })).statusCode).toBe(403);
    expect((await cm.delete(`/api/v3/templates/${base.id}`)).statusCode).toBe(403);
    const byAdmin = await admin.post('/api/v3/templates', SMS);
    expect(byAdmin.statusCode).toBe(201);
    expect((await dm.get(`/api/v3/templates/${byAdmin.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('validation (422 at save time, with field details)', () => {
  it.each([
    ['an unknown placeholder', { body: 'Hi {{ user.password }}' }, 'body', 'Unknown placeholder {{ user.password }}'],
    [
      'a placeholder of another type',
      { body: 'Reset: {{ reset_url }}' },
      'body',
      'Unknown placeholder {{ reset_url }}',
    ],
    [
      'an unknown placeholder in the subject',
      { subject: '{{ course.title }}' },
      'subject',
      'Unknown placeholder {{ course.title }}',
    ],
    [
      'a prototype walk',
      { body: '{{ user.constructor.constructor }}' },
      'body',
      'Unknown placeholder {{ user.constructor.constructor }}',
    ],
    ['__proto__', { body: '{{ user.__proto__ }}' }, 'body', 'Unknown placeholder {{ user.__proto__ }}'],
    ['a computed key', { body: '{{ user[course.name] }}' }, 'body', 'Unknown placeholder'],
    ['bad Liquid syntax', { body: 'Hi {% if user.first_name %}' }, 'body', 'The template cannot be read'],
    ['an unclosed output', { body: 'Hi {{ user.first_name ' }, 'body', 'The template cannot be read'],
    ['an unknown filter', { body: '{{ user.first_name | shell }}' }, 'body', 'undefined filter: shell'],
    ['a file include', { body: "{% include '/etc/passwd' %}" }, 'body', '{% include %} cannot be used'],
    ['a render of a file', { body: "{% render 'secrets' %}" }, 'body', '{% render %} cannot be used'],
    ['a layout', { body: "{% layout 'base' %}x" }, 'body', '{% layout %} cannot be used'],
  ])('refuses %s', async (_label, change, field, message) => {
    for (const call of [
      () => dm.post('/api/v3/templates', { ...EMAIL, ...change }),
      () => dm.post('/api/v3/templates/preview', { ...EMAIL, ...change }),
    ]) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.details[field].join(' ')).toContain(message);
    }
    expect((await list(dm, '&field[source]=custom')).meta.total).toBe(0);
  });

  it('checks an update the same way and leaves the template as it was', async () => {
    const id = (await dm.post('/api/v3/templates', EMAIL)).json().data.id;
    const response = await dm.put(`/api/v3/templates/${id}`, {
      name: 'x',
      subject: 'ok',
      body: '{{ manager.password }}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.body[0]).toContain('{{ manager.password }}');
    expect((await dm.get(`/api/v3/templates/${id}`)).json().data.body).toBe(EMAIL.body);
  });

  it("accepts loops over a manager's reports, list sizes and locals", async () => {
    const body =
      '{{ reports.size }} overdue{% for r in reports %}\n- {{ r.first_name }} {{ r.last_name }} {{ r.course }} {{ r.due_date }} {{ forloop.index }}{% endfor %}{% assign who = manager.first_name %} {{ who | upcase }} {{ reports.first.course }}';
    const response = await dm.post('/api/v3/templates', { ...EMAIL, type: 'reminder_supervisor', body });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      (
        await dm.post('/api/v3/templates', {
          ...EMAIL,
          type: 'reminder_supervisor',
          body: '{{ reports.first.salary }}',
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('access', () => {
  it('lets Department Managers and up in, refuses Reviewers and learners (403)', async () => {
    expect((await reviewer.get('/api/v3/templates')).statusCode).toBe(403);
    expect((await student.get('/api/v3/templates')).statusCode).toBe(403);
    expect((await reviewer.post('/api/v3/templates', SMS)).statusCode).toBe(403);
    expect((await reviewer.post('/api/v3/templates/preview', SMS)).statusCode).toBe(403);
    expect((await dm.get('/api/v3/templates')).statusCode).toBe(200);
    expect((await cm.get('/api/v3/templates')).statusCode).toBe(200);
  });

  it("answers 404 for another company's template by id, whatever the call", async () => {
    const theirs = (await bcm.post('/api/v3/templates', { ...SMS, name: 'Beta secret' })).json().data.id;
    expect((await dm.get(`/api/v3/templates/${theirs}`)).statusCode).toBe(404);
    expect((await dm.put(`/api/v3/templates/${theirs}`, { name: 'x', body: 'y' })).statusCode).toBe(404);
    expect((await dm.post(`/api/v3/templates/${theirs}/reset`, {})).statusCode).toBe(404);
    expect((await dm.delete(`/api/v3/templates/${theirs}`)).statusCode).toBe(404);
    expect((await bcm.get(`/api/v3/templates/${theirs}`)).json().data.name).toBe('Beta secret');
    // Naming another company in X-Company-ID is refused to anyone but a site admin.
    expect((await dm.get('/api/v3/templates', { headers: { 'x-company-id': String(companyB) } })).statusCode).toBe(403);
  });
});

describe('DELETE /templates (bulk)', () => {
  it("deletes the company's own templates by id and audits them once", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await dm.post('/api/v3/templates', { ...SMS, name: `N${i}` })).json().data.id);
    const response = await dm.delete('/api/v3/templates', { body: { template_ids: [ids[0], ids[1], ids[1]] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ deleted: 2 });
    expect((await list(dm, '&field[source]=custom')).data.map((r) => r.id)).toEqual([ids[2]]);
    expect((await auditActions()).filter((a) => a.action === 'notification_template.bulk_delete')).toHaveLength(1);
  });

  it("deletes nothing when another company's id is among them (404), or a system default (403)", async () => {
    const mine = (await dm.post('/api/v3/templates', SMS)).json().data.id;
    const theirs = (await bcm.post('/api/v3/templates', SMS)).json().data.id;
    const base = await systemDefault('reminder_employee', 'sms');
    expect((await dm.delete('/api/v3/templates', { body: { template_ids: [mine, theirs] } })).statusCode).toBe(404);
    expect((await dm.delete('/api/v3/templates', { body: { template_ids: [mine, 2_000_000] } })).statusCode).toBe(404);
    expect((await dm.delete('/api/v3/templates', { body: { template_ids: [mine, base.id] } })).statusCode).toBe(403);
    expect((await dm.get(`/api/v3/templates/${mine}`)).statusCode).toBe(200);
    expect((await bcm.get(`/api/v3/templates/${theirs}`)).statusCode).toBe(200);
    const empty = await dm.delete('/api/v3/templates', { body: { template_ids: [] } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.details.template_ids).toBeDefined();
  });
});

describe('system defaults, customised copies and reset to default', () => {
  it('replaces a default in the list and in rendering by its copy, and brings it back on reset', async () => {
    await list(dm);
    const base = await systemDefault('course_assignment', 'email');
    const copy = await dm.post('/api/v3/templates', { ...EMAIL, default_id: base.id });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json().data.id;
    expect(copy.json().data).toMatchObject({ source: 'custom', default_id: base.id });

    const rows = (await list(dm, '&field[type]=course_assignment&field[method]=email')).data;
    expect(rows.map((r) => r.id)).toEqual([copyId]);
    expect((await list(bcm, '&field[type]=course_assignment&field[method]=email')).data.map((r) => r.id)).toEqual([
      base.id,
    ]);

    const ours = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_assignment',
      method: 'email',
      context: context(),
    });
    expect(ours.subject).toBe('Please take Data Protection Essentials');
    const named = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_assignment',
      method: 'email',
      templateId: base.id,
      context: context(),
    });
    expect(named.subject).toBe('Please take Data Protection Essentials');
    const theirs = await renderNotification(t.db, {
      companyId: companyB,
      type: 'course_assignment',
      method: 'email',
      context: context(),
    });
    expect(theirs.subject).toBe('New training: Data Protection Essentials (due 2026-12-15)');

    const second = await dm.post('/api/v3/templates', { ...EMAIL, default_id: base.id });
    expect(second.statusCode).toBe(422);
    expect(second.json().error.details.default_id[0]).toContain('already customised');
    const wrongType = await dm.post('/api/v3/templates', { ...SMS, default_id: base.id });
    expect(wrongType.json().error.details.default_id).toEqual([
      'The default template has another type or send method.',
    ]);

    const reset = await dm.post(`/api/v3/templates/${copyId}/reset`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ id: base.id, source: 'default' });
    expect((await dm.get(`/api/v3/templates/${copyId}`)).statusCode).toBe(404);
    expect((await list(dm, '&field[type]=course_assignment&field[method]=email')).data.map((r) => r.id)).toEqual([
      base.id,
    ]);
    const again = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_assignment',
      method: 'email',
      context: context(),
    });
    expect(again.subject).toBe('New training: Data Protection Essentials (due 2026-12-15)');
    expect((await auditActions()).map((a) => a.action)).toEqual([
      'notification_template.create',
      'notification_template.reset',
    ]);
  });

  it('resets a new template of the company to the default of its type and method', async () => {
    const id = (await dm.post('/api/v3/templates', SMS)).json().data.id;
    const reset = await dm.post(`/api/v3/templates/${id}/reset`, {});
    expect(reset.json().data).toMatchObject({ type: 'reminder_employee', method: 'sms', source: 'default' });
  });
});

describe('renderNotification', () => {
  it('renders a named template of the company, and falls back to the default for one of another company', async () => {
    const ours = (await dm.post('/api/v3/templates', SMS)).json().data.id;
    const theirs = (await bcm.post('/api/v3/templates', { ...SMS, body: 'Beta text' })).json().data.id;
    const input = { companyId: companyA, type: 'reminder_employee', method: 'sms', context: context() } as const;
    expect(await renderNotification(t.db, { ...input, templateId: ours })).toEqual({
      subject: null,
      html: '',
      text: 'Due 2026-12-15',
    });
    expect((await renderNotification(t.db, { ...input, templateId: theirs })).text).toBe(
      'Reminder: "Data Protection Essentials" is due 2026-12-15. https://heed.example.com/public/assignments?token=sample',
    );
  });

  it('uses a changed template at once (the compiled cache is keyed by updated_at)', async () => {
    const id = (await dm.post('/api/v3/templates', SMS)).json().data.id;
    const input = {
      companyId: companyA,
      type: 'reminder_employee',
      method: 'sms',
      templateId: id,
      context: context(),
    } as const;
    expect((await renderNotification(t.db, input)).text).toBe('Due 2026-12-15');
    await dm.put(`/api/v3/templates/${id}`, { name: 'x', body: 'Now due {{ assignment.due_date }}' });
    expect((await renderNotification(t.db, input)).text).toBe('Now due 2026-12-15');
  });

  it('renders the built-in default when the database has none, and never fails on a broken stored template', async () => {
    const input = { companyId: companyA, type: 'update_password', method: 'email', context: context() } as const;
    const builtIn = await renderNotification(t.db, input);
    expect(builtIn.subject).toBe('Your password was changed');
    expect(builtIn.text).toContain('The password of your account jrivera was changed.');
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto('notification_templates')
      .values({
        company_id: companyA,
        type: 'update_password',
        method: 'email',
        name: 'Broken',
        subject: 'x',
        body: '{% if %}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await renderNotification(t.db, { ...input, templateId: id })).subject).toBe('Your password was changed');
  });

  it('writes a responsive e-mail with the company colour, dark-mode rules and a plain-text part', async () => {
    const message = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_assignment',
      method: 'email',
      context: context(),
    });
    expect(message.html).toMatch(/^<!doctype html>/);
    expect(message.html).toContain('role="presentation"');
    expect(message.html).toContain('#aa3300');
    expect(message.html).toContain('prefers-color-scheme: dark');
    expect(message.html).toContain('<a href="https://heed.example.com/public/assignments?token=sample"');
    expect(message.text).toContain('Hello Jordan,\n\nYou have been assigned "Data Protection Essentials".');
    expect(message.text).not.toContain('<');
  });
});

describe('injection', () => {
  const hostile = {
    first_name: '<script>alert(1)</script><img src=x onerror=alert(2)>',
    last_name: '{{ reset_url }}{% include "/etc/passwd" %}',
    email: '"><b>x</b>@evil.test',
    username: 'constructor',
  };

  it('renders HTML in user names inert, and template syntax in values as text', async () => {
    const message = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_accessed',
      method: 'email',
      context: context({ user: hostile }),
    });
    expect(message.html).not.toContain('<script>alert(1)');
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.subject).toContain('{{ reset_url }}{% include "/etc/passwd" %}');
    expect(message.html).not.toContain('heed.example.com/password/reset');
  });

  it('escapes values in an HTML body and strips scripts and javascript: links from the markup', async () => {
    const body =
      '<p>Hello {{ user.first_name }}</p><script>steal()</script><a href="javascript:alert(1)">x</a><a href="{{ login_url }}" onclick="x()">Sign in</a>';
    const id = (await dm.post('/api/v3/templates', { ...EMAIL, body })).json().data.id;
    const message = await renderNotification(t.db, {
      companyId: companyA,
      type: 'course_assignment',
      method: 'email',
      templateId: id,
      context: context({ user: hostile }),
    });
    expect(message.html).toContain(
      '<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>',
    );
    expect(message.html).not.toContain('steal()');
    expect(message.html).not.toContain('javascript:');
    expect(message.html).not.toContain('onclick');
    expect(message.html).toContain('<a href="https://heed.example.com/login">Sign in</a>');
    expect(message.text).toContain('Sign in (https://heed.example.com/login)');
  });

  it('reaches no prototype through loop variables, assigned locals or list rows', async () => {
    const body =
      '[{% for r in reports %}{{ r.constructor }}{{ r.__proto__ }}{{ r.constructor.constructor }}{{ r.toString }}{% endfor %}]' +
      '{% assign u = user %}[{{ u.constructor.name }}{{ u.hasOwnProperty }}{{ u.__proto__.polluted }}]' +
      '{% assign x = "abc" %}[{{ x.constructor }}{{ x.__proto__ }}]';
    const response = await dm.post('/api/v3/templates/preview', { type: 'reminder_supervisor', method: 'sms', body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.text).toBe('[][][]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps huge loops and ranges from tying up the server', async () => {
    const response = await dm.post('/api/v3/templates/preview', {
      type: 'reminder_employee',
      method: 'sms',
      body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /templates/preview', () => {
  it('renders unsaved e-mail texts with sample data and the company branding', async () => {
    const response = await dm.post('/api/v3/templates/preview', EMAIL);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    expect(preview.subject).toBe('Please take Data Protection Essentials');
    expect(preview.text).toBe('Hi Jordan,\n\nStart: https://heed.example.com/public/assignments?token=sample');
    expect(preview.html).toContain('Alpha Corp');
    expect(preview.html).toContain('#aa3300');
    expect(preview.sms).toBeNull();
  });

  it('counts an SMS in characters and parts', async () => {
    const preview = (
      await dm.post('/api/v3/templates/preview', { ...SMS, body: `${'x'.repeat(150)} {{ assignment.due_date }}` })
    ).json().data;
    expect(preview.sms).toEqual({ characters: 161, parts: 2, encoding: 'gsm' });
    expect(preview.html).toContain('<pre');
    const unicode = (
      await dm.post('/api/v3/templates/preview', { ...SMS, body: 'Fällig 📅 {{ assignment.due_date }}' })
    ).json().data;
    expect(unicode.sms).toMatchObject({ encoding: 'unicode', parts: 1 });
  });
});

describe('built-in and demo texts', () => {
  it('pass the save-time checks, so the renderer never falls back from them', async () => {
    const { compileTemplate } = await import('../src/modules/notification-templates/template-engine.ts');
    const { defaultTexts } = await import('../src/modules/notification-templates/default-templates.ts');
    const { DEMO_OVERRIDES } = await import('../src/db/seed/demo-templates.ts');
    const texts = [
      ...NOTIFICATION_TYPES.flatMap((type) =>
        NOTIFICATION_METHODS.map((method) => ({ type, method, ...defaultTexts(type, method) })),
      ),
      ...DEMO_OVERRIDES,
    ];
    for (const text of texts)
      expect(compileTemplate(text.type, text.method, text), `${text.type}/${text.method}`).toHaveProperty('compiled');
  });
});
