import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { type TestClient, signedIn } from './client.ts';
import { createCompany, createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { type UsersFixture, createUsersFixture } from './users-fixture.ts';

export interface CustomFieldsFixture extends UsersFixture {
  /** The site admin, acting on Acme (X-Company-ID). */
  admin: TestClient;
  cm: TestClient;
  reviewer: TestClient;
  /** A field of Other Co. */
  foreignFieldId: number;
}

/** The users fixture (Acme with a `site` field, Other Co) plus a site admin of the vendor and a field of Other Co. */
export async function createCustomFieldsFixture(t: TestApp): Promise<CustomFieldsFixture> {
  const f = await createUsersFixture(t.db);
  const vendor = await createCompany(t.db, { name: 'Heed' });
  await createUser(t.db, { companyId: vendor.id, username: 'root', role: 1, siteAdmin: true });
  const admin = await signedIn(t.app, 'root');
  admin.companyId = String(f.company);
  const foreign = await t.db
    .insertInto('custom_fields')
    .values({
      company_id: f.otherCompany,
      key: 'secret',
      label: 'Secret',
      type: 'text',
      options: null,
      created_at: 'x',
      updated_at: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...f,
    admin,
    cm: await signedIn(t.app, 'cm'),
    reviewer: await signedIn(t.app, 'reviewer'),
    foreignFieldId: foreign.id,
  };
}

/** Sets stored values directly (the text as stored), one per user, for conversion tests. */
export async function storeValues(
  db: Kysely<Database>,
  companyId: number,
  fieldId: number,
  values: [userId: number, value: string][],
): Promise<void> {
  await db
    .insertInto('user_field_values')
    .values(values.map(([userId, value]) => ({ user_id: userId, field_id: fieldId, company_id: companyId, value })))
    .execute();
}

/** The stored values of a field, by user id. */
export async function readValues(db: Kysely<Database>, fieldId: number): Promise<Record<number, string | null>> {
  const rows = await db
    .selectFrom('user_field_values')
    .select(['user_id', 'value'])
    .where('field_id', '=', fieldId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, row.value]));
}

/** Creates users in bulk (set-based), returning their ids. */
export async function createManyUsers(
  db: Kysely<Database>,
  companyId: number,
  count: number,
  prefix = 'bulk',
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      company_id: companyId,
      username: `${prefix}${start + i}`,
      email: null,
      first_name: 'Bulk',
      last_name: `User ${start + i}`,
      password_hash: null,
      role: 0,
      site_admin: 0,
      suspended: 0,
      department_id: null,
      manager_id: null,
      phone: null,
      hired_at: null,
      external_id: null,
      last_login_at: null,
      created_at: 'x',
      updated_at: 'x',
    }));
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export const errorDetails = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;
