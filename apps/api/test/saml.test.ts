import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { TEST_PASSWORD, createCompany, createDepartment, createUser } from './support/factories.ts';
import {
  type AssertionOptions,
  IDP_SSO_URL,
  type KeyPair,
  assertionXml,
  idpMetadata,
  makeKeyPair,
  requestIdOf,
  responseXml,
  sign,
} from './support/saml-idp.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let idp: KeyPair;
let other: KeyPair;
beforeAll(() => {
  idp = makeKeyPair('test-idp');
  other = makeKeyPair('attacker');
});

let t: TestApp;
let admin: TestClient;
let company: number;
let acsUrl: string;
let audience: string;

const scoped = () => ({ headers: { 'x-company-id': String(company) } });
const settingsBody = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  idp_metadata: idpMetadata(idp),
  create_users: true,
  require_sso: false,
  allow_idp_initiated: false,
  email_domains: ['acme.test'],
  attribute_mapping: { department: 'dept', first_name: '', last_name: '', email: '', phone: '', custom_fields: {} },
  ...extra,
});

beforeEach(async () => {
  t = await createTestApp();
  company = (await createCompany(t.db, { name: 'Acme' })).id;
  await createUser(t.db, { companyId: company, siteAdmin: true, username: 'root', role: 1 });
  await createDepartment(t.db, company, 'Warehouse');
  admin = await signedIn(t.app, 'root');
  const saved = await admin.put('/api/v3/saml/settings', settingsBody(), scoped());
  expect(saved.statusCode, saved.body).toBe(200);
  ({ acs_url: acsUrl, sp_entity_id: audience } = saved.json().data);
});
afterEach(async () => t.close());

/** Starts an SP-initiated sign-in as the login page does; returns our request's ID. */
async function start(redirect?: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v3/saml/${company}/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
  });
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toMatch(new RegExp(`^${IDP_SSO_URL}\\?SAMLRequest=`));
  return requestIdOf(response.headers.location as string);
}

const post = (xml: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v3/saml/${company}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test' },
    payload: `SAMLResponse=${encodeURIComponent(Buffer.from(xml).toString('base64'))}&RelayState=`,
  });

const opts = (inResponseTo: string | null, extra: Partial<AssertionOptions> = {}): AssertionOptions => ({
  acsUrl,
  audience,
  inResponseTo,
  nameId: 'ann@acme.test',
  attributes: { firstName: 'Ann', lastName: 'Lee', dept: 'Warehouse' },
  ...extra,
});
const signedResponse = (o: AssertionOptions, keys = idp, what: 'assertion' | 'response' = 'assertion') =>
  sign(responseXml(o, assertionXml(o)), keys, what);

const lastEvent = () => t.db.selectFrom('saml_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
async function expectRefused(response: LightMyRequestResponse, reason: RegExp) {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/login?sso_error=1');
  expect(response.cookies.find((c) => c.name === 'heed_session')).toBeUndefined();
  const event = await lastEvent();
  expect(event.outcome).toBe('refused');
  expect(event.reason).toMatch(reason);
  const audited = await t.db
    .selectFrom('audit_log')
    .select('after')
    .where('action', '=', 'auth.sso_refused')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(audited.after).toContain(event.reason!.slice(0, 20));
}

describe('SAML sign-in', () => {
  it('signs in with a valid response: the user is made on first sign-in with the mapped attributes, lands on My Courses', async () => {
    const id = await start();
    const response = await post(signedResponse(opts(id)));
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/');
    const cookie = response.cookies.find((c) => c.name === 'heed_session')!;
    const me = await t.app.inject({ method: 'GET', url: '/api/v3/me', cookies: { heed_session: cookie.value } });
    expect(me.json().data).toMatchObject({ username: 'ann@acme.test' });
    const user = await t.db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.first_name', 'users.last_name', 'users.role', 'users.company_id', 'departments.name'])
      .where('users.username', '=', 'ann@acme.test')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'Ann', last_name: 'Lee', role: 0, company_id: company, name: 'Warehouse' });
    expect((await lastEvent()).outcome).toBe('created');
    const login = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'auth.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(login.after).toContain('saml');
  });

  it('signs staff into the console, and takes a response signed as a whole', async () => {
    await createUser(t.db, { companyId: company, username: 'boss', email: 'boss@acme.test', role: 1 });
    const id = await start('/admin/users');
    const response = await post(signedResponse(opts(id, { nameId: 'boss@acme.test' }), idp, 'response'));
    expect(response.headers.location).toBe('/admin/users');
    expect((await lastEvent()).outcome).toBe('signed_in');
  });

  it('keeps the names of a user whose IdP sends none', async () => {
    await createUser(t.db, {
      companyId: company,
      username: 'cara',
      email: 'cara@acme.test',
      firstName: 'Cara',
      lastName: 'Moss',
    });
    const id = await start();
    const response = await post(signedResponse(opts(id, { nameId: 'cara@acme.test', attributes: {} })));
    expect(response.statusCode, response.body).toBe(303);
    const user = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('username', '=', 'cara')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'Cara', last_name: 'Moss' });
  });

  it('finds the company by e-mail domain for "Sign in with SSO"', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/v3/saml/discover?login=Someone%40ACME.test' });
    expect(found.json().data.start_url).toBe(`/api/v3/saml/${company}/start`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/saml/discover?login=a%40other.test' })).statusCode).toBe(
      404,
    );
  });

  it('refuses passwords for the company once SSO is required, except for site administrators', async () => {
    await createUser(t.db, { companyId: company, username: 'pat' });
    await admin.put('/api/v3/saml/settings', settingsBody({ require_sso: true }), scoped());
    await admin.get('/api/csrf-cookie');
    const client = new (admin.constructor as typeof TestClient)(t.app);
    await client.get('/api/csrf-cookie');
    const refused = await client.post('/api/v3/login', { login: 'pat', password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('single sign-on');
    await signedIn(t.app, 'root');
  });

  it('serves our SP metadata with the entity ID and ACS URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v3/saml/${company}/metadata` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('samlmetadata+xml');
    expect(response.body).toContain(`entityID="${audience}"`);
    expect(response.body).toContain(`Location="${acsUrl}"`);
  });

  it('records a test sign-in with the attributes received, without signing in', async () => {
    const test = await admin.post('/api/v3/saml/test', undefined, scoped());
    expect(test.statusCode).toBe(200);
    const id = test.json().data.request_id as string;
    expect(requestIdOf(test.json().data.redirect_url)).toBe(id);
    const response = await post(signedResponse(opts(id)));
    expect(response.headers.location).toBe(`/admin/settings/saml?test=${id}`);
    expect(response.cookies.find((c) => c.name === 'heed_session')).toBeUndefined();
    const events = (await admin.get(`/api/v3/saml/events?request_id=${id}`, scoped())).json();
    expect(events.data[0]).toMatchObject({
      outcome: 'tested',
      name_id: 'ann@acme.test',
      attributes: { firstName: ['Ann'], dept: ['Warehouse'] },
    });
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'ann@acme.test').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('responses refused, each with its reason logged', () => {
  it('no signature', async () => {
    const id = await start();
    const o = opts(id);
    await expectRefused(await post(responseXml(o, assertionXml(o))), /signature/i);
  });

  it('a signature by another key', async () => {
    const id = await start();
    await expectRefused(await post(signedResponse(opts(id), other)), /signature/i);
  });

  it('an assertion modified after signing', async () => {
    const id = await start();
    const tampered = signedResponse(opts(id)).replace('ann@acme.test', 'boss@acme.test');
    await expectRefused(await post(tampered), /signature/i);
  });

  it('XML signature wrapping: an unsigned assertion beside the signed one', async () => {
    const id = await start();
    const signed = signedResponse(opts(id));
    const evil = assertionXml(opts(id, { nameId: 'boss@acme.test' }));
    await expectRefused(await post(signed.replace('<samlp:Status>', `${evil}<samlp:Status>`)), /signature|assertion/i);
  });

  it('XML signature wrapping: the signed assertion hidden in Extensions, an evil one with its ID and signature in its place', async () => {
    const id = await start();
    const signed = signedResponse(opts(id));
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const originalId = /ID="([^"]+)"/.exec(original)![1]!;
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(original)![0];
    const evil = assertionXml(opts(id, { nameId: 'boss@acme.test', assertionId: originalId })).replace(
      '</saml:Issuer>',
      `</saml:Issuer>${signature}`,
    );
    const wrapped = signed
      .replace(original, evil)
      .replace('<samlp:Status>', `<samlp:Extensions>${original}</samlp:Extensions><samlp:Status>`);
    await expectRefused(await post(wrapped), /signature|digest|reference/i);
  });

  it('XML signature wrapping: the evil assertion inside the signed one', async () => {
    const id = await start();
    const signed = signedResponse(opts(id));
    const evil = assertionXml(opts(id, { nameId: 'boss@acme.test' }));
    await expectRefused(await post(signed.replace('</saml:Subject>', `</saml:Subject>${evil}`)), /signature/i);
  });

  it('a comment inside the NameID', async () => {
    const id = await start();
    const o = opts(id);
    const xml = sign(responseXml(o, assertionXml(o, 'boss@acme.test<!---->.evil.test')), idp);
    await expectRefused(await post(xml), /comment/i);
  });

  it('an XXE / DTD payload', async () => {
    const id = await start();
    const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${signedResponse(opts(id))}`;
    await expectRefused(await post(xml), /DTD/);
  });

  it('a wrong audience', async () => {
    const id = await start();
    await expectRefused(await post(signedResponse(opts(id, { audience: 'https://other.sp/metadata' }))), /audience/i);
  });

  it('a wrong recipient, or a wrong destination', async () => {
    let id = await start();
    await expectRefused(await post(signedResponse(opts(id, { recipient: 'https://evil.test/acs' }))), /Recipient/);
    id = await start();
    await expectRefused(await post(signedResponse(opts(id, { destination: 'https://evil.test/acs' }))), /Destination/);
  });

  it('expired, and not yet valid', async () => {
    let id = await start();
    const past = new Date(Date.now() - 10 * 60_000);
    await expectRefused(
      await post(signedResponse(opts(id, { notBefore: new Date(past.getTime() - 60_000), notOnOrAfter: past }))),
      /expired|NotOnOrAfter|SAML checks/i,
    );
    id = await start();
    const future = new Date(Date.now() + 10 * 60_000);
    await expectRefused(
      await post(signedResponse(opts(id, { notBefore: future, notOnOrAfter: new Date(future.getTime() + 60_000) }))),
      /not yet valid|NotBefore|SAML checks/i,
    );
  });

  it('a replayed assertion', async () => {
    const id = await start();
    const xml = signedResponse(opts(id));
    expect((await post(xml)).headers.location).toBe('/');
    await expectRefused(await post(xml), /replay|answered already/i);
  });

  it("a response to another request's ID, and to none of ours", async () => {
    await start();
    await expectRefused(await post(signedResponse(opts('_not-one-of-ours'))), /no request of ours/);
    const id = await start();
    // The signed confirmation names another request than the response does.
    const o = opts(id);
    const xml = sign(responseXml(o, assertionXml({ ...o, inResponseTo: '_another' })), idp);
    await expectRefused(await post(xml), /InResponseTo/);
  });

  it('an unsolicited response while IdP-initiated sign-in is off (taken once it is on)', async () => {
    await expectRefused(await post(signedResponse(opts(null))), /Unsolicited/);
    await admin.put('/api/v3/saml/settings', settingsBody({ allow_idp_initiated: true }), scoped());
    expect((await post(signedResponse(opts(null)))).headers.location).toBe('/');
  });

  it("another company's user, and users made when first sign-in creation is off", async () => {
    const otherCompany = (await createCompany(t.db, { name: 'Bravo' })).id;
    await createUser(t.db, { companyId: otherCompany, username: 'bea', email: 'bea@acme.test' });
    let id = await start();
    await expectRefused(await post(signedResponse(opts(id, { nameId: 'bea@acme.test' }))), /another company/);
    await admin.put('/api/v3/saml/settings', settingsBody({ create_users: false }), scoped());
    id = await start();
    await expectRefused(
      await post(signedResponse(opts(id, { nameId: 'new@acme.test' }))),
      /creating users on first sign-in is off/,
    );
  });
});

describe('settings', () => {
  it('reads the IdP from its metadata, refuses hostile metadata and bad certificates with 422', async () => {
    const settings = (await admin.get('/api/v3/saml/settings', scoped())).json().data;
    expect(settings).toMatchObject({
      enabled: true,
      idp_entity_id: 'https://idp.test/metadata',
      idp_sso_url: IDP_SSO_URL,
      email_domains: ['acme.test'],
    });
    expect(settings.idp_certificates[0].subject).toContain('test-idp');
    const hostile = await admin.put(
      '/api/v3/saml/settings',
      settingsBody({ idp_metadata: `<!DOCTYPE x [<!ENTITY e "x">]>${idpMetadata(idp)}` }),
      scoped(),
    );
    expect(hostile.statusCode).toBe(422);
    expect(hostile.json().error.details.idp_metadata[0]).toContain('DTD');
    const bad = await admin.put(
      '/api/v3/saml/settings',
      settingsBody({ idp_metadata: undefined, idp_sso_url: IDP_SSO_URL, idp_certificates: ['not a cert'] }),
      scoped(),
    );
    expect(bad.json().error.details['idp_certificates.0']).toBeDefined();
    // Two certificates during a rollover: a response signed by either is taken.
    const both = await admin.put(
      '/api/v3/saml/settings',
      settingsBody({
        idp_metadata: undefined,
        idp_entity_id: 'https://idp.test/metadata',
        idp_sso_url: IDP_SSO_URL,
        idp_certificates: [other.cert, idp.cert],
      }),
      scoped(),
    );
    expect(both.statusCode, both.body).toBe(200);
    const id = await start();
    expect((await post(signedResponse(opts(id)))).headers.location).toBe('/');
  });
});
