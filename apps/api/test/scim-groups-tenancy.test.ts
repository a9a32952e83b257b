import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/tokens.ts';
import { createDepartment } from './support/factories.ts';
import {
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

const post = async (path: string, body: unknown) => {
  const response = await scim('POST', path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const groupPatch = (id: string, ops: unknown[]) =>
  scim('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: ops });
const departmentOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('department_id').where('id', '=', Number(userId)).executeTakeFirstOrThrow())
    .department_id;

describe('Groups are departments', () => {
  it("runs Entra's group cycle: create, find by displayName without members, add and remove members, rename, delete", async () => {
    const ann = await post('/Users', entraUser(1));
    const bob = await post('/Users', entraUser(2));
    const group = await post('/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Night Shift',
      externalId: 'g1',
    });
    expect(group).toMatchObject({ displayName: 'Night Shift', members: [], meta: { resourceType: 'Group' } });
    const found = (
      await scim(
        'GET',
        `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "night shift"')}`,
      )
    ).json();
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0].members).toBeUndefined();
    expect(
      (await groupPatch(group.id, [{ op: 'Add', path: 'members', value: [{ value: ann.id }, { value: bob.id }] }]))
        .statusCode,
    ).toBe(204);
    expect(await departmentOf(ann.id)).toBe(Number(group.id));
    const hasMember = (
      await scim('GET', `/Groups?filter=${encodeURIComponent(`id eq "${group.id}" and members[value eq "${ann.id}"]`)}`)
    ).json();
    expect(hasMember.totalResults).toBe(1);
    await groupPatch(group.id, [{ op: 'Remove', path: 'members', value: [{ value: ann.id }] }]);
    expect(await departmentOf(ann.id)).toBeNull();
    await groupPatch(group.id, [{ op: 'Replace', path: 'displayName', value: 'Late Shift' }]);
    const read = (await scim('GET', `/Groups/${group.id}`)).json();
    expect(read).toMatchObject({ displayName: 'Late Shift', members: [{ value: bob.id }] });
    expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await departmentOf(bob.id)).toBeNull();
    expect((await scim('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'department')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toContain('scim.group.delete');
  });

  it("runs Okta's group push: rename with the id in the value object, remove a member by filter path, replace members", async () => {
    const ann = await post('/Users', oktaUser(1));
    const bob = await post('/Users', oktaUser(2));
    const group = await post('/Groups', { displayName: 'Okta Group', members: [{ value: ann.id, display: 'Ann' }] });
    expect(group.members).toEqual([expect.objectContaining({ value: ann.id })]);
    await groupPatch(group.id, [{ op: 'replace', value: { id: group.id, displayName: 'Okta Group 2' } }]);
    await groupPatch(group.id, [{ op: 'add', path: 'members', value: [{ value: bob.id }] }]);
    await groupPatch(group.id, [{ op: 'remove', path: `members[value eq "${ann.id}"]` }]);
    let read = (await scim('GET', `/Groups/${group.id}`)).json();
    expect(read).toMatchObject({ displayName: 'Okta Group 2', members: [{ value: bob.id }] });
    const replaced = await scim('PUT', `/Groups/${group.id}`, {
      displayName: 'Okta Group 2',
      members: [{ value: ann.id }],
    });
    expect(replaced.statusCode).toBe(200);
    read = replaced.json();
    expect(read.members.map((m: { value: string }) => m.value)).toEqual([ann.id]);
    expect(await departmentOf(bob.id)).toBeNull();
  });

  it('refuses a second group of the same name with 409 uniqueness', async () => {
    await post('/Groups', { displayName: 'Dup' });
    const again = await scim('POST', '/Groups', { displayName: 'dup' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'uniqueness' });
  });
});

describe('a token acts for its own company only', () => {
  it("never reads or changes another company's users or groups, whatever header is sent", async () => {
    const bravo = scimClient(t, w.tokenB);
    const bGroup = await createDepartment(t.db, w.companyB, 'Bravo Team');
    const headers = { 'x-company-id': String(w.companyB) };
    const aUser = await post('/Users', oktaUser(5));
    expect((await scim('GET', `/Users/${w.bUserId}`, undefined, headers)).statusCode).toBe(404);
    expect((await scim('PUT', `/Users/${w.bUserId}`, oktaUser(6), headers)).statusCode).toBe(404);
    expect(
      (
        await scim('PATCH', `/Users/${w.bUserId}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await scim('DELETE', `/Users/${w.bUserId}`)).statusCode).toBe(404);
    expect((await scim('GET', `/Groups/${bGroup.id}`)).statusCode).toBe(404);
    expect(
      (await groupPatch(String(bGroup.id), [{ op: 'replace', path: 'displayName', value: 'Taken' }])).statusCode,
    ).toBe(404);
    const list = (await scim('GET', '/Users', undefined, headers)).json();
    expect(list.Resources.map((r: { id: string }) => r.id)).toEqual([aUser.id]);
    const groups = (await scim('GET', '/Groups', undefined, headers)).json();
    expect(JSON.stringify(groups)).not.toContain('Bravo');
    // A's group cannot pull in B's user either.
    const aGroup = await post('/Groups', { displayName: 'A team', members: [{ value: String(w.bUserId) }] });
    expect(aGroup.members).toEqual([]);
    const bRow = await t.db.selectFrom('users').selectAll().where('id', '=', w.bUserId).executeTakeFirstOrThrow();
    expect(bRow).toMatchObject({ suspended: 0, department_id: null, first_name: 'Bea', company_id: w.companyB });
    // And B's token sees B's user, not A's.
    const bList = (await bravo('GET', '/Users')).json();
    expect(bList.Resources.map((r: { id: string }) => r.id)).toEqual([String(w.bUserId)]);
    expect((await bravo('GET', `/Users/${aUser.id}`)).statusCode).toBe(404);
  });

  it('refuses a call without a token, with an unknown or a revoked one, with 401 in the SCIM error schema', async () => {
    for (const client of [scimClient(t, null), scimClient(t, 'heed_scim_not-a-real-token-at-all')]) {
      const response = await client('GET', '/Users');
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    }
    const tokens = (
      await w.admin.get('/api/v3/scim/tokens', { headers: { 'x-company-id': String(w.companyA) } })
    ).json();
    const revoked = await w.admin.delete(`/api/v3/scim/tokens/${tokens.data[0].id}`, {
      headers: { 'x-company-id': String(w.companyA) },
    });
    expect(revoked.json().data.revoked_at).not.toBeNull();
    expect((await scim('GET', '/Users')).statusCode).toBe(401);
    // Revoking B's token while acting on A is a 404.
    const bTokens = (
      await w.admin.get('/api/v3/scim/tokens', { headers: { 'x-company-id': String(w.companyB) } })
    ).json();
    const crossed = await w.admin.delete(`/api/v3/scim/tokens/${bTokens.data[0].id}`, {
      headers: { 'x-company-id': String(w.companyA) },
    });
    expect(crossed.statusCode).toBe(404);
    expect((await scimClient(t, w.tokenB)('GET', '/Users')).statusCode).toBe(200);
  });
});

describe('tokens and the provisioning log (HRIS page)', () => {
  it('shows a token once, stores only its SHA-256, lists it by name with its last use', async () => {
    const headers = { 'x-company-id': String(w.companyA) };
    const createdToken = await w.admin.post('/api/v3/scim/tokens', { name: 'Okta production' }, { headers });
    expect(createdToken.statusCode).toBe(201);
    const secret = createdToken.json().data.token as string;
    expect(secret).toMatch(/^heed_scim_[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('id', '=', createdToken.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    await scimClient(t, secret)('GET', '/ServiceProviderConfig');
    const list = await w.admin.get('/api/v3/scim/tokens', { headers });
    expect(list.body).not.toContain(secret);
    expect(list.json().base_url).toMatch(/\/scim\/v2$/);
    expect(list.json().data[0]).toMatchObject({
      name: 'Okta production',
      last_used_at: t.clock.now.toISOString(),
      created_by: expect.any(String),
    });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'scim.token.create').execute();
    expect(audit.map((a) => a.after).join()).not.toContain(secret);
    const invalid = await w.admin.post('/api/v3/scim/tokens', { name: ' ' }, { headers });
    expect(invalid.statusCode).toBe(422);
  });

  it('logs every call of the company (operation, user, result, why refused), filtered and paged', async () => {
    const headers = { 'x-company-id': String(w.companyA) };
    await post('/Users', oktaUser(7));
    await scim('POST', '/Users', oktaUser(7));
    await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "x"')}`);
    await scimClient(t, w.tokenB)('GET', '/Users');
    const log = (await w.admin.get('/api/v3/scim/log', { headers })).json();
    expect(log.meta).toMatchObject({ total: 3, current_page: 1 });
    expect(log.data.map((e: { operation: string; status: number }) => [e.operation, e.status])).toEqual([
      ['users.list', 200],
      ['users.create', 409],
      ['users.create', 201],
    ]);
    expect(log.data[1]).toMatchObject({ display: 'okta.user7@example.test', detail: expect.stringContaining('taken') });
    expect(log.data[2]).toMatchObject({
      display: 'okta.user7@example.test',
      resource_type: 'User',
      resource_id: expect.any(String),
    });
    const failures = (await w.admin.get('/api/v3/scim/log?result=failure', { headers })).json();
    expect(failures.data).toHaveLength(1);
    const creates = (
      await w.admin.get('/api/v3/scim/log?operation=users.create&per_page=1&page=2', { headers })
    ).json();
    expect(creates.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(creates.data[0].status).toBe(201);
  });
});
