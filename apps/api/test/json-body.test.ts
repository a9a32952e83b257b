import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let cm: TestClient;
let departmentId: number;

beforeEach(async () => {
  t = await createTestApp();
  const acme = await createCompany(t.db, { name: 'Acme' });
  departmentId = (await createDepartment(t.db, acme.id, 'Sales')).id;
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'cm' });
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

/** A JSON body as a client sends it: `JSON.stringify` writes a lone surrogate as a `\ud800` escape. */
const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

const newUser = (first_name: string) => ({
  username: 'new.user',
  email: 'new.user@acme.test',
  first_name,
  last_name: 'Person',
  role: 0,
  department_id: departmentId,
});

describe('JSON bodies', () => {
  it('refuse a text holding half of a UTF-16 surrogate pair with a 422 on its field, storing nothing', async () => {
    const { body, headers } = json(newUser('Ann\ud800'));
    expect(body).toContain('\\ud800');
    const response = await cm.post('/api/v3/users', body, { headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual({
      first_name: ['Remove the invalid character (half of a UTF-16 pair) from this text.'],
    });
    const listed = await cm.get('/api/v3/users', { query: { text: 'new.user' } });
    expect(listed.json().data).toEqual([]);
  });

  it('name the nested field and a bad key, and accept whole pairs (emoji) as they are', async () => {
    const nested = json({ name: 'users', data_type: 'json', value: { filters: { text: '\udfff' } } });
    const refused = await cm.post('/api/v3/users/preferences', nested.body, { headers: nested.headers });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.details)).toEqual(['value.filters.text']);

    const badKey = json({ name: 'users', data_type: 'json', value: { '\ud83d': 1 } });
    const refusedKey = await cm.post('/api/v3/users/preferences', badKey.body, { headers: badKey.headers });
    expect(refusedKey.statusCode).toBe(422);
    // The object holding the bad key is named; the character itself is not echoed back.
    expect(Object.keys(refusedKey.json().error.details)).toEqual(['value']);

    const { body, headers } = json(newUser('Ann 🎓'));
    const created = await cm.post('/api/v3/users', body, { headers });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.first_name).toBe('Ann 🎓');
  });

  it('still refuse prototype poisoning and broken JSON with a 4xx, never a 5xx', async () => {
    const poisoned = await cm.post('/api/v3/users', '{"__proto__": {"role": 1}}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
    const broken = await cm.post('/api/v3/users', '{"first_name": "Ann', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });
});
