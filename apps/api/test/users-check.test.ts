import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { addCustomField, createUsersFixture } from './support/users-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { TAKEN_MESSAGES } from '../src/modules/users/taken-answers.ts';

let t: TestApp;
let cm: TestClient;
let ids: Record<string, number>;
let company: number;

beforeEach(async () => {
  t = await createTestApp();
  ({ ids, company } = await createUsersFixture(t.db));
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

describe('POST /users/check (the add-user form asks before its own complaints are fixed)', () => {
  it('answers every problem the database finds in the fields given, and creates nothing', async () => {
    const before = await t.db.selectFrom('users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await cm.post('/api/v3/users/check', {
      username: 'anna',
      email: null,
      manager_id: 999_999,
      custom_fields: { nope: 'x' },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.details).toEqual({
      username: [TAKEN_MESSAGES.username],
      manager_id: ['Choose a manager of this company.'],
      'custom_fields.nope': ['Unknown custom field.'],
    });
    const after = await t.db.selectFrom('users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('passes (204) fields that would be accepted, leaving out required custom fields not given', async () => {
    await addCustomField(t.db, company, 'badge', 'text', { required: 1 });
    const response = await cm.post('/api/v3/users/check', {
      username: 'new.person',
      department_id: ids.sales,
      manager_id: ids.anna,
    });
    expect(response.statusCode, response.body).toBe(204);
  });

  it('is for those who add users: a Reviewer is refused', async () => {
    const reviewer = await signedIn(t.app, 'reviewer');
    expect((await reviewer.post('/api/v3/users/check', { username: 'x.y' })).statusCode).toBe(403);
  });
});
