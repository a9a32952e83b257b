import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCourseRow } from './support/courses-fixture.ts';
import { createDepartment, createUser } from './support/factories.ts';
import {
  ENTERPRISE,
  ERROR_SCHEMA,
  PATCH_OP,
  type ScimWorld,
  createScimWorld,
  entraUser,
  oktaUser,
  scimClient,
} from './support/scim-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let w: ScimWorld;
let scim: ReturnType<typeof scimClient>;

beforeEach(async () => {
  t = await createTestApp();
  w = await createScimWorld(t);
  scim = scimClient(t, w.tokenA);
});
afterEach(async () => t.close());

const created = async (body: unknown) => {
  const response = await scim('POST', '/Users', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const patch = (id: string, ops: unknown[], headers?: Record<string, string>) =>
  scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: ops }, headers);

describe('discovery', () => {
  it('describes the service, its resource types and schemas in SCIM media type', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain('application/scim+json');
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = (await scim('GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await scim('GET', '/Schemas')).json();
    expect(schemas.totalResults).toBe(4);
    const user = await scim('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(user.json().attributes.find((a: { name: string }) => a.name === 'userName')).toMatchObject({
      required: true,
      uniqueness: 'server',
    });
    expect((await scim('GET', '/Schemas/urn:nope')).statusCode).toBe(404);
  });

  it('answers an unknown endpoint with a SCIM 404', async () => {
    const response = await scim('GET', '/Nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
  });
});

describe('Entra ID validator cases', () => {
  it('creates a user with its department, then finds it by userName, externalId and work e-mail', async () => {
    const user = await created(entraUser(1));
    expect(user).toMatchObject({
      userName: 'entra.user1@contoso.test',
      externalId: 'entra-1',
      active: true,
      name: { givenName: 'Entra', familyName: 'User1' },
      emails: [{ value: 'entra.user1@contoso.test', type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Finance' },
      meta: { resourceType: 'User', location: expect.stringMatching(/\/scim\/v2\/Users\/\d+$/) },
    });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', Number(user.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: w.companyA, role: 0, site_admin: 0, password_hash: null });
    for (const filter of [
      'userName eq "entra.user1@contoso.test"',
      'userName eq "ENTRA.USER1@contoso.test"',
      'externalId eq "entra-1"',
      'emails[type eq "work"].value eq "entra.user1@contoso.test"',
    ]) {
      const list = (await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).json();
      expect(list, filter).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
      expect(list.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
      expect(list.Resources[0].id).toBe(user.id);
    }
    const none = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@contoso.test"')}`)).json();
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'scim.user.create').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ company_id: w.companyA, entity_id: user.id, actor_id: null });
    // The user's fields, not SCIM's envelope (schemas, links, meta).
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      id: user.id,
      username: 'entra.user1@contoso.test',
      email: 'entra.user1@contoso.test',
      first_name: 'Entra',
      last_name: 'User1',
      phone: null,
      hired_at: null,
      suspended: false,
      department: 'Finance',
      manager_id: null,
      external_id: 'entra-1',
      custom_fields: {},
    });
  });

  it('refuses a second user with the same userName with 409 uniqueness', async () => {
    await created(entraUser(2));
    const again = await scim('POST', '/Users', entraUser(2));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      schemas: [ERROR_SCHEMA],
      status: '409',
      scimType: 'uniqueness',
      detail: expect.any(String),
    });
  });

  it('applies Entra PATCH operations: Replace by path with a value filter, string booleans, manager, value objects with URN keys', async () => {
    const user = await created(entraUser(3));
    const manager = await created(entraUser(4));
    const renamed = await patch(user.id, [
      { op: 'Replace', path: 'userName', value: 'entra.renamed3@contoso.test' },
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'entra.renamed3@contoso.test' },
      { op: 'Replace', path: 'name.familyName', value: 'Renamed' },
      { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.id },
      { op: 'Replace', value: { [`${ENTERPRISE}:department`]: 'Legal', 'name.givenName': 'Erin' } },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      userName: 'entra.renamed3@contoso.test',
      emails: [{ value: 'entra.renamed3@contoso.test' }],
      name: { givenName: 'Erin', familyName: 'Renamed' },
      [ENTERPRISE]: { department: 'Legal', manager: { value: manager.id } },
    });
    const removed = await patch(user.id, [{ op: 'Remove', path: `${ENTERPRISE}:manager` }]);
    expect(removed.json()[ENTERPRISE].manager).toBeUndefined();
  });

  it('deactivates with active "False", ending the user\'s sessions, and reactivates', async () => {
    const user = await created(entraUser(5));
    await t.db
      .insertInto('sessions')
      .values({
        id_hash: 'h'.repeat(64),
        user_id: Number(user.id),
        impersonator_id: null,
        csrf_token: 'x',
        ip: null,
        user_agent: null,
        created_at: '2026-03-02T08:00:00.000Z',
        last_seen_at: '2026-03-02T08:00:00.000Z',
        expires_at: '2026-03-03T08:00:00.000Z',
      })
      .execute();
    const off = await patch(user.id, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(off.json().active).toBe(false);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', Number(user.id))
      .execute();
    expect(sessions).toEqual([]);
    const on = await patch(user.id, [{ op: 'replace', value: { active: true } }]);
    expect(on.json().active).toBe(true);
  });

  it('deletes a user: 204, then 404 and gone from lists, its records kept; provisioning the name again brings it back', async () => {
    const user = await created(entraUser(6));
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    const gone = await scim('GET', `/Users/${user.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "entra.user6@contoso.test"')}`)).json()
        .totalResults,
    ).toBe(0);
    const row = await t.db
      .selectFrom('users')
      .select('suspended')
      .where('id', '=', Number(user.id))
      .executeTakeFirstOrThrow();
    expect(row.suspended).toBe(1);
    const back = await created(entraUser(6));
    expect(back.id).toBe(user.id);
    expect(back.active).toBe(true);
  });

  it('refuses a userName address other than the work e-mail (sign-in names with @ are e-mails)', async () => {
    const response = await scim(
      'POST',
      '/Users',
      entraUser(7, { emails: [{ type: 'work', value: 'other@contoso.test' }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ scimType: 'invalidValue' });
  });
});

describe('Okta validator cases', () => {
  it('runs the create, read, replace, deactivate round of the Okta SCIM 2.0 spec test', async () => {
    const lookup = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "okta.user1@example.test"')}&startIndex=1&count=100`,
    );
    expect(lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const user = await created(oktaUser(1));
    expect(user).toMatchObject({ userName: 'okta.user1@example.test', active: true, name: { givenName: 'Okta' } });
    expect(JSON.stringify(user)).not.toContain('1mz050nq');
    const read = await scim('GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(user.id);
    const replaced = await scim('PUT', `/Users/${user.id}`, {
      ...oktaUser(1),
      name: { givenName: 'Changed', familyName: 'Name' },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().name).toMatchObject({ givenName: 'Changed', familyName: 'Name' });
    const off = await patch(user.id, [{ op: 'replace', value: { active: false } }]);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const missing = await scim('GET', '/Users/010101001010101');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().schemas).toEqual([ERROR_SCHEMA]);
  });

  it('pages with startIndex and count and gives the total', async () => {
    for (let n = 10; n < 15; n++) await created(oktaUser(n));
    const page = (await scim('GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r: { userName: string }) => r.userName)).toEqual([
      'okta.user11@example.test',
      'okta.user12@example.test',
    ]);
    const countOnly = (await scim('GET', '/Users?count=0')).json();
    expect(countOnly).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const attributes = (await scim('GET', '/Users?count=1&attributes=userName')).json().Resources[0];
    expect(Object.keys(attributes).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
  });
});

describe('filters', () => {
  beforeEach(async () => {
    await created(oktaUser(20));
    await created(oktaUser(21));
    await created(entraUser(22));
  });
  const matching = async (filter: string) => {
    const response = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .Resources.map((r: { userName: string }) => r.userName)
      .sort();
  };

  it('takes co, sw, ew, and, or, not, pr and parentheses', async () => {
    expect(await matching('userName co "user2"')).toHaveLength(3);
    expect(await matching('userName sw "okta."')).toEqual(['okta.user20@example.test', 'okta.user21@example.test']);
    expect(await matching('userName ew "contoso.test"')).toEqual(['entra.user22@contoso.test']);
    expect(await matching('userName sw "okta" and name.familyName eq "user21"')).toEqual(['okta.user21@example.test']);
    expect(await matching('userName eq "okta.user20@example.test" or externalId eq "entra-22"')).toHaveLength(2);
    expect(await matching('not (userName sw "okta") and active eq true')).toEqual(['entra.user22@contoso.test']);
    expect(await matching('(externalId pr) and (userName co "%")')).toEqual([]);
  });

  it('refuses a malformed filter or an unknown attribute with 400 invalidFilter, and never runs input as SQL', async () => {
    for (const filter of [
      'userName eq',
      'userName zz "x"',
      'password eq "x"',
      'userName eq "x" and',
      '((userName eq "x")',
    ]) {
      const response = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json()).toMatchObject({ scimType: 'invalidFilter' });
    }
    expect(await matching(`userName eq "x' OR 1=1 --"`)).toEqual([]);
    expect(await matching('userName eq "okta.user20@example.test\\" or \\"1\\"=\\"1"')).toEqual([]);
  });
});

describe('ETag and If-Match', () => {
  it('answers GET with the version, 304 when unchanged, and refuses a stale If-Match with 412', async () => {
    const user = await created(oktaUser(30));
    const read = await scim('GET', `/Users/${user.id}`);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(read.json().meta.version).toBe(etag);
    expect((await scim('GET', `/Users/${user.id}`, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const changed = await patch(user.id, [{ op: 'replace', path: 'name.givenName', value: 'New' }], {
      'if-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const stale = await patch(user.id, [{ op: 'replace', path: 'name.givenName', value: 'Old' }], { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '412' });
  });

  it('leaves a user untouched (no audit entry) by a PATCH that changes nothing', async () => {
    const user = await created(oktaUser(31));
    const same = await patch(user.id, [{ op: 'replace', path: 'active', value: true }]);
    expect(same.statusCode).toBe(200);
    expect(same.json().meta.version).toBe(user.meta.version);
    const updates = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'scim.user.update').execute();
    expect(updates).toEqual([]);
  });
});

describe('what SCIM never sees', () => {
  it('hides site administrators, and refuses bad PATCH bodies in the error schema', async () => {
    const list = (await scim('GET', '/Users')).json();
    expect(list.Resources.map((r: { userName: string }) => r.userName)).not.toContain('root');
    const staff = await createUser(t.db, { companyId: w.companyA, username: 'cm.person', role: 1 });
    expect((await scim('GET', `/Users/${staff.id}`)).statusCode).toBe(200);
    const bad = await scim('PATCH', `/Users/${staff.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'move', path: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ scimType: 'invalidSyntax' });
    const noTarget = await scim('PATCH', `/Users/${staff.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] });
    expect(noTarget.json()).toMatchObject({ scimType: 'noTarget' });
  });
});

describe('a sync of many calls at once', () => {
  it('keeps each create whole: the ones that succeed are committed with their audit entry, a refused one leaves nothing', async () => {
    // An IdP's first push sends calls side by side; on SQLite they share commits (decision 088).
    const bodies = [
      ...Array.from({ length: 10 }, (_, i) => entraUser(100 + i)),
      entraUser(100),
      entraUser(101, { emails: [{ primary: true, type: 'work', value: 'other@contoso.test' }] }),
    ];
    const responses = await Promise.all(bodies.map((body) => scim('POST', '/Users', body)));
    // The same userName twice: one of the two is made (which one, the race decides), the other is a 409.
    expect([responses[0]!.statusCode, responses[10]!.statusCode].sort()).toEqual([201, 409]);
    expect(responses[11]!.statusCode).toBe(400);
    const made = responses.filter((r) => r.statusCode === 201).map((r) => r.json() as { id: string; userName: string });
    expect(made).toHaveLength(10);
    const users = await t.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('company_id', '=', w.companyA)
      .where('username', 'like', 'entra.user%')
      .execute();
    expect(users.map((u) => String(u.id)).sort()).toEqual(made.map((u) => u.id).sort());
    expect(users.map((u) => u.username).sort()).toEqual(
      bodies
        .slice(0, 10)
        .map((b) => b.userName)
        .sort(),
    );
    const audited = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'scim.user.create')
      .execute();
    expect(audited.map((a) => a.entity_id).sort()).toEqual(made.map((u) => u.id).sort());
    const log = await t.db.selectFrom('provisioning_log').select(['operation', 'status']).execute();
    expect(
      log
        .filter((row) => row.operation === 'users.create')
        .map((row) => row.status)
        .sort(),
    ).toEqual([...Array(10).fill(201), 400, 409].sort());
    for (const user of made) expect((await scim('GET', `/Users/${user.id}`)).json().userName).toBe(user.userName);
  });
  it('runs the assignment rules for each user made in a burst: those the rule matches get its course', async () => {
    const finance = await createDepartment(t.db, w.companyA, 'Finance');
    const course = await createCourseRow(t.db, { name: 'Expenses', companyIds: [w.companyA] });
    const rule = await w.admin.post(
      '/api/v3/assignment-rules',
      {
        name: 'Finance learns expenses',
        conditions: [{ field: 'department_id', operator: 'in', value: [finance.id] }],
        course_ids: [course],
      },
      { headers: { 'x-company-id': String(w.companyA) } },
    );
    expect(rule.statusCode, rule.body).toBe(201);
    const responses = await Promise.all(
      [200, 201, 202].map((n) =>
        scim('POST', '/Users', entraUser(n, n === 202 ? { [ENTERPRISE]: { department: 'Sales' } } : {})),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const assigned = await t.db
      .selectFrom('assignments')
      .select(['user_id', 'source'])
      .where('course_id', '=', course)
      .orderBy('user_id')
      .execute();
    // On PostgreSQL the calls run at once, so the ids need not follow the order the calls were made in.
    const matched = responses
      .slice(0, 2)
      .map((r) => Number(r.json().id))
      .sort((a, b) => a - b);
    expect(assigned).toEqual(matched.map((id) => ({ user_id: id, source: 'rule' })));
  });
});
