import type { LightMyRequestResponse } from 'fastify';
import { type TestClient, signedIn } from './client.ts';
import { createCompany, createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

export interface ScimWorld {
  companyA: number;
  companyB: number;
  admin: TestClient;
  tokenA: string;
  tokenB: string;
  bUserId: number;
}

/** Two companies, a site admin, a SCIM token for each company made through the HRIS page's API, and a user in B. */
export async function createScimWorld(t: TestApp): Promise<ScimWorld> {
  const companyA = (await createCompany(t.db, { name: 'Acme' })).id;
  const companyB = (await createCompany(t.db, { name: 'Bravo' })).id;
  await createUser(t.db, { companyId: companyA, siteAdmin: true, username: 'root', role: 1 });
  const bUser = await createUser(t.db, {
    companyId: companyB,
    username: 'bravo.person',
    firstName: 'Bea',
    lastName: 'Bravo',
  });
  const admin = await signedIn(t.app, 'root');
  const token = async (companyId: number) => {
    const response = await admin.post(
      '/api/v3/scim/tokens',
      { name: 'IdP' },
      { headers: { 'x-company-id': String(companyId) } },
    );
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.token as string;
  };
  return { companyA, companyB, admin, tokenA: await token(companyA), tokenB: await token(companyB), bUserId: bUser.id };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A SCIM client as an IdP is: a bearer token, application/scim+json, no cookies and no CSRF. */
export function scimClient(t: TestApp, token: string | null) {
  return (
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A user as Entra ID's provisioning (and its SCIM validator) sends one. */
export function entraUser(n: number, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId: `entra-${n}`,
    userName: `entra.user${n}@contoso.test`,
    active: true,
    displayName: `Entra User${n}`,
    emails: [{ primary: true, type: 'work', value: `entra.user${n}@contoso.test` }],
    name: { formatted: `Entra User${n}`, familyName: `User${n}`, givenName: 'Entra' },
    [ENTERPRISE]: { department: 'Finance' },
    ...extra,
  };
}

/** A user as Okta's SCIM 2.0 test suite sends one (it also sends a password, which Heed ignores). */
export function oktaUser(n: number) {
  return {
    schemas: [USER_SCHEMA],
    userName: `okta.user${n}@example.test`,
    name: { givenName: 'Okta', familyName: `User${n}` },
    emails: [{ primary: true, value: `okta.user${n}@example.test`, type: 'work' }],
    displayName: `Okta User${n}`,
    locale: 'en-US',
    externalId: `00u${n}`,
    groups: [],
    password: '1mz050nq',
    active: true,
  };
}
