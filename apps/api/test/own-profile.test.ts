import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let admin: TestClient;
const ids: Record<string, number> = {};

beforeEach(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Vendor' });
  const acme = await createCompany(t.db, { name: 'Acme' });
  ids.acme = acme.id;
  ids.admin = (await createUser(t.db, { companyId: vendor.id, role: 1, username: 'admin', siteAdmin: true })).id;
  ids.colleague = (await createUser(t.db, { companyId: vendor.id, role: 1, username: 'colleague' })).id;
  admin = await signedIn(t.app, 'admin');
  admin.companyId = String(acme.id);
});
afterEach(async () => t.close());

describe("a site admin's own profile", () => {
  it('opens and saves while they act on another company (Update Profile)', async () => {
    const read = await admin.get(`/api/v3/users/${ids.admin}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: ids.admin, username: 'admin' });

    const saved = await admin.put(`/api/v3/users/${ids.admin}`, { first_name: 'Ada' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.first_name).toBe('Ada');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['company_id', 'action'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(ids.admin))
      .where('action', '=', 'user.update')
      .executeTakeFirstOrThrow();
    // The change belongs to their own company's history, not the one they were looking at.
    expect(audit.company_id).not.toBe(ids.acme);
  });

  it('is only their own: a colleague of their company stays outside the company they act on', async () => {
    expect((await admin.get(`/api/v3/users/${ids.colleague}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/v3/users/${ids.colleague}`, { first_name: 'Eve' })).statusCode).toBe(404);
  });
});
