import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CustomFieldsFixture,
  createCustomFieldsFixture,
  createManyUsers,
  errorDetails,
  readValues,
  storeValues,
} from './support/custom-fields-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let f: CustomFieldsFixture;
let users: number[];

beforeEach(async () => {
  t = await createTestApp();
  f = await createCustomFieldsFixture(t);
  users = await createManyUsers(t.db, f.company, 6);
});
afterEach(async () => t.close());

const fieldUrl = (id: number) => `/api/v3/custom-fields/${id}`;
const preview = (id: number, query: string) => f.admin.get(`${fieldUrl(id)}/conversion?${query}`);
const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** A text field "code" whose six users hold 42, 042, 7, abc, N/A, N/A. */
async function codeField(): Promise<number> {
  const id = (await f.admin.post('/api/v3/custom-fields', { key: 'code', label: 'Code', type: 'text' })).json().data.id;
  const values = ['42', '042', '7', 'abc', 'N/A', 'N/A'];
  await storeValues(
    t.db,
    f.company,
    id,
    values.map((value, i) => [users[i]!, value]),
  );
  return id;
}

/** A select field "shift" (Early, Late, Night) whose users hold Early ×3, Late ×2, Night ×1. */
async function shiftField(): Promise<number> {
  const body = { key: 'shift', label: 'Shift', type: 'select', options: ['Early', 'Late', 'Night'] };
  const id = (await f.admin.post('/api/v3/custom-fields', body)).json().data.id;
  const values = ['Early', 'Early', 'Early', 'Late', 'Late', 'Night'];
  await storeValues(
    t.db,
    f.company,
    id,
    values.map((value, i) => [users[i]!, value]),
  );
  return id;
}

describe('GET /custom-fields/{id}/conversion', () => {
  it('counts the values that convert to a number and lists the ones that do not, most held first', async () => {
    const id = await codeField();
    const response = await preview(id, 'type=number');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      users: 6,
      convertible: 3,
      changed: 1,
      unconvertible: 3,
      examples: [
        { value: 'N/A', users: 2 },
        { value: 'abc', users: 1 },
      ],
    });
    expect(await readValues(t.db, id)).toMatchObject({ [users[1]!]: '042' });
  });

  it('previews removed select options as the values users hold of them', async () => {
    const id = await shiftField();
    const response = await f.admin.get(
      `${fieldUrl(id)}/conversion?options=${encodeURIComponent('["Early","Night","Day"]')}`,
    );
    expect(response.json().data).toEqual({
      users: 6,
      convertible: 4,
      changed: 0,
      unconvertible: 2,
      examples: [{ value: 'Late', users: 2 }],
    });
  });

  it('checks the new options and refuses other callers and other companies', async () => {
    const id = await shiftField();
    expect(errorDetails(await preview(id, `options=${encodeURIComponent('["A","a"]')}`))).toEqual({
      options: ['Options must be unique.'],
    });
    expect((await preview(id, 'type=colour')).statusCode).toBe(422);
    expect(errorDetails(await preview(id, 'options=Early,Late'))).toEqual({
      options: ['Send the options as a JSON array of strings.'],
    });
    expect((await preview(f.foreignFieldId, 'type=number')).statusCode).toBe(404);
    expect((await f.cm.get(`${fieldUrl(id)}/conversion?type=text`)).statusCode).toBe(403);
  });

  it('walks more distinct values than one page holds', async () => {
    const many = await createManyUsers(t.db, f.company, 4500, 'many');
    const id = (await f.admin.post('/api/v3/custom-fields', { key: 'badge', label: 'Badge', type: 'text' })).json().data
      .id;
    await storeValues(
      t.db,
      f.company,
      id,
      many.map((user, i) => [user, i % 1000 === 999 ? `X${i}` : String(i).padStart(5, '0')]),
    );
    const data = (await preview(id, 'type=number')).json().data;
    expect(data).toMatchObject({ users: 4500, convertible: 4496, changed: 4496, unconvertible: 4 });
    expect(data.examples.map((e: { value: string }) => e.value)).toEqual(['X1999', 'X2999', 'X3999', 'X999']);
  });
});

describe('PUT /custom-fields/{id} changing the type', () => {
  it('refuses an unconfirmed type change, naming how many users hold a value', async () => {
    const id = await codeField();
    const response = await f.admin.put(fieldUrl(id), { type: 'number' });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({
      type: ['6 users hold a value of this field: preview the conversion, then confirm it.'],
    });
  });

  it('refuses a confirmed change while values do not convert, and changes nothing', async () => {
    const id = await codeField();
    const response = await f.admin.put(fieldUrl(id), { type: 'number', confirm_conversion: true });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({
      type: ['3 users hold values that are not valid as Number: map them to another value or choose to clear them.'],
    });
    const row = await t.db.selectFrom('custom_fields').select('type').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.type).toBe('text');
    expect(await t.db.selectFrom('custom_field_value_changes').selectAll().execute()).toEqual([]);
  });

  it('converts, maps and clears exactly as asked, and audits the counts', async () => {
    const id = await codeField();
    const response = await f.admin.put(fieldUrl(id), {
      type: 'number',
      confirm_conversion: true,
      value_map: { 'N/A': '0' },
      unconvertible: 'clear',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().conversion).toEqual({ converted: 3, mapped: 2, cleared: 1 });
    expect(await readValues(t.db, id)).toEqual({
      [users[0]!]: '42',
      [users[1]!]: '42',
      [users[2]!]: '7',
      [users[4]!]: '0',
      [users[5]!]: '0',
    });
    const [entry] = await auditRows('custom_field.update');
    expect(JSON.parse(entry!.before!)).toMatchObject({ type: 'text' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ type: 'number', conversion: { converted: 3, cleared: 1 } });
    expect(await t.db.selectFrom('custom_field_value_changes').selectAll().execute()).toEqual([]);
  });

  it('refuses a value_map target that does not fit the new type', async () => {
    const id = await codeField();
    const response = await f.admin.put(fieldUrl(id), {
      type: 'number',
      confirm_conversion: true,
      value_map: { abc: 'twelve' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ value_map: ['"twelve": Enter a number.'] });
  });

  it('turns a text field into a select field with the options given', async () => {
    const id = await codeField();
    const response = await f.admin.put(fieldUrl(id), {
      type: 'select',
      options: ['42', '7', 'Unknown'],
      confirm_conversion: true,
      value_map: { '042': '42', 'N/A': 'Unknown', abc: 'Unknown' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ type: 'select', options: ['42', '7', 'Unknown'] });
    expect(Object.values(await readValues(t.db, id)).sort()).toEqual([
      '42',
      '42',
      '7',
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
  });

  it('turns a select field into text without a loss, dropping only its options', async () => {
    const id = await shiftField();
    const response = await f.admin.put(fieldUrl(id), { type: 'text', confirm_conversion: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: { type: 'text', options: null },
      conversion: { converted: 6, mapped: 0, cleared: 0 },
    });
    expect(Object.values(await readValues(t.db, id))).toHaveLength(6);
  });

  it('needs no confirmation for a field nobody holds a value of', async () => {
    const id = (await f.admin.post('/api/v3/custom-fields', { key: 'empty', label: 'Empty', type: 'text' })).json().data
      .id;
    const response = await f.admin.put(fieldUrl(id), { type: 'date' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().conversion).toEqual({ converted: 0, mapped: 0, cleared: 0 });
  });
});

describe('PUT /custom-fields/{id} changing select options', () => {
  it('adds options and removes unheld ones without asking', async () => {
    const id = await shiftField();
    await t.db.deleteFrom('user_field_values').where('field_id', '=', id).where('value', '=', 'Night').execute();
    const response = await f.admin.put(fieldUrl(id), { options: ['Early', 'Late', 'Weekend'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { options: ['Early', 'Late', 'Weekend'] } });
  });

  it('refuses to remove an option users hold, naming how many', async () => {
    const id = await shiftField();
    const response = await f.admin.put(fieldUrl(id), { options: ['Early', 'Night'] });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({
      options: ['2 users hold options that are removed: map them to another value or choose to clear them.'],
    });
  });

  it('moves the holders of a removed option to the option chosen, swaps in one statement', async () => {
    const id = await shiftField();
    const response = await f.admin.put(fieldUrl(id), {
      options: ['Day', 'Late', 'Early'],
      value_map: { Night: 'Day', Early: 'Late', Late: 'Early' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().conversion).toEqual({ converted: 0, mapped: 6, cleared: 0 });
    expect(Object.values(await readValues(t.db, id)).sort()).toEqual(['Day', 'Early', 'Early', 'Late', 'Late', 'Late']);
  });

  it('clears a removed option only when asked to', async () => {
    const id = await shiftField();
    const response = await f.admin.put(fieldUrl(id), { options: ['Early', 'Late'], unconvertible: 'clear' });
    expect(response.json().conversion).toEqual({ converted: 5, mapped: 0, cleared: 1 });
    expect(Object.values(await readValues(t.db, id))).not.toContain('Night');
  });

  it('refuses options on a field that is not a select field', async () => {
    const response = await f.admin.put(fieldUrl(f.siteFieldId), { options: ['Leeds'] });
    expect(errorDetails(response)).toEqual({ options: ['Only select fields have options.'] });
  });
});
