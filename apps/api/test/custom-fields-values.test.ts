import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CustomFieldsFixture, createCustomFieldsFixture, errorDetails } from './support/custom-fields-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Fields made through the custom-fields API take values through the users API by the contract's one rule per type.
let t: TestApp;
let f: CustomFieldsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCustomFieldsFixture(t);
  for (const body of [
    { key: 'badge', label: 'Badge', type: 'text' },
    { key: 'grade', label: 'Grade', type: 'number' },
    { key: 'started', label: 'Started', type: 'date' },
    { key: 'remote', label: 'Remote', type: 'boolean' },
    { key: 'shift', label: 'Shift', type: 'select', options: ['Early', 'Late'] },
  ]) {
    const response = await f.admin.post('/api/v3/custom-fields', body);
    if (response.statusCode !== 201) throw new Error(response.body);
  }
});
afterAll(async () => t.close());

const write = (key: string, value: unknown) =>
  f.cm.put(`/api/v3/users/${f.ids.bob}`, { custom_fields: { [key]: value } });

describe('custom field values by type', () => {
  it.each([
    ['badge', '  B-17 ', 'B-17'],
    ['grade', '042', '42'],
    ['grade', -3.5, '-3.5'],
    ['started', '2024-02-29', '2024-02-29'],
    ['remote', 'Yes', 'true'],
    ['remote', false, 'false'],
    ['shift', 'Late', 'Late'],
  ])('%s accepts %j and stores %j', async (key, value, stored) => {
    const response = await write(key, value);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.custom_fields[key]).toBe(stored);
  });

  it.each([
    ['grade', 'twelve', 'Enter a number.'],
    ['grade', true, 'Enter a number.'],
    ['started', '2023-02-29', 'Enter a date as YYYY-MM-DD.'],
    ['started', '01/02/2024', 'Enter a date as YYYY-MM-DD.'],
    ['remote', 'maybe', 'Choose yes or no.'],
    ['shift', 'late', 'Choose one of the options.'],
    ['badge', 'a\u0000b', 'Remove control characters.'],
  ])('%s refuses %j with “%s”', async (key, value, message) => {
    const response = await write(key, value);
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ [`custom_fields.${key}`]: [message] });
  });

  it('makes a field required for new users once it is marked required', async () => {
    const shift = (await f.reviewer.get('/api/v3/custom-fields'))
      .json()
      .data.find((x: { key: string }) => x.key === 'shift');
    await f.admin.put(`/api/v3/custom-fields/${shift.id}`, { required: true });
    const response = await f.cm.post('/api/v3/users', { username: 'newbie', first_name: 'New', last_name: 'Bie' });
    expect(response.statusCode).toBe(422);
    expect(errorDetails(response)).toEqual({ 'custom_fields.shift': ['This field is required.'] });
  });
});
