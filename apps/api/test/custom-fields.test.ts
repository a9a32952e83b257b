import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CustomFieldsFixture,
  createCustomFieldsFixture,
  errorDetails,
  readValues,
  storeValues,
} from './support/custom-fields-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let f: CustomFieldsFixture;

beforeEach(async () => {
  t = await createTestApp();
  f = await createCustomFieldsFixture(t);
});
afterEach(async () => t.close());

const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const create = (body: Record<string, unknown>) => f.admin.post('/api/v3/custom-fields', body);
const LOCATION = { key: 'location', label: 'Location', type: 'select', options: ['Leeds', 'York', 'Hull'] };

describe('GET /custom-fields', () => {
  it('lets a Reviewer list the company’s fields in position order, never another company’s', async () => {
    await create(LOCATION);
    const response = await f.reviewer.get('/api/v3/custom-fields');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: f.siteFieldId,
        key: 'site',
        label: 'Site',
        type: 'text',
        options: null,
        required: false,
        show_in_table: true,
        position: 0,
      },
      expect.objectContaining({ key: 'location', type: 'select', options: ['Leeds', 'York', 'Hull'], position: 1 }),
    ]);
    expect(response.body).not.toContain('secret');
  });

  it('adds how many users hold a value when asked with with_counts=1', async () => {
    const response = await f.cm.get('/api/v3/custom-fields?with_counts=1');
    expect(response.json().data).toEqual([expect.objectContaining({ key: 'site', user_count: 2 })]);
    expect((await f.cm.get('/api/v3/custom-fields')).json().data[0]).not.toHaveProperty('user_count');
  });
});

describe('POST /custom-fields', () => {
  it('creates a select field after the others, and audits it in the company', async () => {
    const response = await create({ ...LOCATION, required: true, show_in_table: false });
    expect(response.statusCode, response.body).toBe(201);
    const field = response.json().data;
    expect(field).toMatchObject({ ...LOCATION, required: true, show_in_table: false, position: 1 });
    const [entry] = await auditRows('custom_field.create');
    expect(entry).toMatchObject({ company_id: f.company, entity_type: 'custom_field', entity_id: String(field.id) });
    expect(JSON.parse(entry!.after!)).toMatchObject({ key: 'location', options: ['Leeds', 'York', 'Hull'] });
  });

  it.each([
    ['Location', 'Start with a lowercase letter'],
    ['1st_site', 'Start with a lowercase letter'],
    ['cost-centre', 'Start with a lowercase letter'],
    ['_hidden', 'Start with a lowercase letter'],
    ['email', 'This key names a built-in user field.'],
    ['department_id', 'This key names a built-in user field.'],
    ['a'.repeat(61), 'Use at most 60 characters.'],
    ['site', 'Another field already uses this key.'],
  ])('refuses the key %j with a field message', async (key, message) => {
    const response = await create({ key, label: 'Anything', type: 'text' });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorDetails(response).key?.join(' ')).toContain(message);
  });

  it('refuses a label another field has (ignoring case), so imports can match headers to one field', async () => {
    const response = await create({ key: 'site2', label: 'SITE', type: 'text' });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ label: ['Another field already has this label.'] });
  });

  it.each([
    [{ type: 'select' }, 'Add at least one option.'],
    [{ type: 'select', options: [] }, 'Add at least one option.'],
    [{ type: 'select', options: ['Leeds', 'leeds'] }, 'Options must be unique.'],
    [{ type: 'select', options: ['Leeds', '  '] }, 'Options cannot be empty.'],
    [{ type: 'number', options: ['1'] }, 'Only select fields have options.'],
  ])('checks the options of %j', async (body, message) => {
    const response = await create({ key: 'choice', label: 'Choice', ...body });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.values(errorDetails(response)).flat().join(' ')).toContain(message);
  });

  it('refuses an unknown type, a missing label and a non-boolean flag with field details', async () => {
    const response = await create({ key: 'x', label: '', type: 'colour', required: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorDetails(response)).sort()).toEqual(['label', 'required', 'type']);
  });

  it('is for site admins only: a Company Manager and a Reviewer get 403 and nothing is created', async () => {
    expect((await f.cm.post('/api/v3/custom-fields', LOCATION)).statusCode).toBe(403);
    expect((await f.reviewer.post('/api/v3/custom-fields', LOCATION)).statusCode).toBe(403);
    expect(await t.db.selectFrom('custom_fields').select('key').where('key', '=', 'location').execute()).toEqual([]);
  });
});

describe('PUT /custom-fields/{id}', () => {
  it('changes label, required and shown-in-table, keeps the key, and audits before and after', async () => {
    const response = await f.admin.put(`/api/v3/custom-fields/${f.siteFieldId}`, {
      key: 'site',
      label: 'Work site',
      required: true,
      show_in_table: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: expect.objectContaining({ key: 'site', label: 'Work site', required: true, show_in_table: false }),
      conversion: null,
    });
    const [entry] = await auditRows('custom_field.update');
    expect(JSON.parse(entry!.before!)).toMatchObject({ label: 'Site', required: false });
    expect(JSON.parse(entry!.after!)).toMatchObject({ label: 'Work site', required: true });
  });

  it('never changes a key: filters, imports and rules refer to it', async () => {
    const response = await f.admin.put(`/api/v3/custom-fields/${f.siteFieldId}`, { key: 'location' });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ key: ['The key cannot be changed after the field is created.'] });
  });

  it('answers 404 for a field of another company, and leaves it alone', async () => {
    const response = await f.admin.put(`/api/v3/custom-fields/${f.foreignFieldId}`, { label: 'Taken over' });
    expect(response.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('custom_fields')
      .select('label')
      .where('id', '=', f.foreignFieldId)
      .executeTakeFirst();
    expect(row?.label).toBe('Secret');
  });

  it('is for site admins only', async () => {
    expect((await f.cm.put(`/api/v3/custom-fields/${f.siteFieldId}`, { label: 'X' })).statusCode).toBe(403);
  });
});

describe('PUT /custom-fields/order', () => {
  it('reorders every field of the company and audits the old and new order', async () => {
    const location = (await create(LOCATION)).json().data.id;
    const response = await f.admin.put('/api/v3/custom-fields/order', { ids: [location, f.siteFieldId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((field: { key: string; position: number }) => [field.key, field.position])).toEqual(
      [
        ['location', 0],
        ['site', 1],
      ],
    );
    const [entry] = await auditRows('custom_field.reorder');
    expect([JSON.parse(entry!.before!), JSON.parse(entry!.after!)]).toEqual([
      ['site', 'location'],
      ['location', 'site'],
    ]);
  });

  it.each([
    ['a missing field', (site: number) => [site]],
    ['a repeated field', (site: number, other: number) => [site, site, other]],
    ['another company’s field', (site: number, other: number, foreign: number) => [site, other, foreign]],
  ])('refuses a list with %s', async (_name, ids) => {
    const location = (await create(LOCATION)).json().data.id;
    const response = await f.admin.put('/api/v3/custom-fields/order', {
      ids: ids(f.siteFieldId, location, f.foreignFieldId),
    });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ ids: ['List every field of this company exactly once.'] });
  });
});

describe('DELETE /custom-fields/{id}', () => {
  it('deletes the field and the values users held, says how many, and audits it', async () => {
    const response = await f.admin.delete(`/api/v3/custom-fields/${f.siteFieldId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ id: f.siteFieldId, values_deleted: 2 });
    expect(await readValues(t.db, f.siteFieldId)).toEqual({});
    expect((await f.reviewer.get('/api/v3/custom-fields')).json().data).toEqual([]);
    const bob = (await f.reviewer.get(`/api/v3/users/${f.ids.bob}`)).json().data;
    expect(bob.custom_fields).toEqual({});
    const [entry] = await auditRows('custom_field.delete');
    expect(JSON.parse(entry!.before!)).toMatchObject({ key: 'site' });
    expect(JSON.parse(entry!.after!)).toEqual({ values_deleted: 2 });
  });

  it('answers 404 for another company’s field and 403 for a Company Manager, deleting nothing', async () => {
    await storeValues(t.db, f.otherCompany, f.foreignFieldId, [[f.ids.foreigner!, 'kept']]);
    expect((await f.admin.delete(`/api/v3/custom-fields/${f.foreignFieldId}`)).statusCode).toBe(404);
    expect((await f.cm.delete(`/api/v3/custom-fields/${f.siteFieldId}`)).statusCode).toBe(403);
    expect(await readValues(t.db, f.foreignFieldId)).toEqual({ [f.ids.foreigner!]: 'kept' });
    expect(Object.keys(await readValues(t.db, f.siteFieldId))).toHaveLength(2);
  });
});
