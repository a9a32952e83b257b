import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, addCustomField, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  await addCustomField(t.db, f.company, 'shoe', 'number');
  await addCustomField(t.db, f.company, 'shift', 'select', { options: '["Early","Late"]' });
  const vendor = await createCompany(t.db, { name: 'Heed' });
  await createUser(t.db, { companyId: vendor.id, username: 'root', siteAdmin: true, role: 1 });
  cm = await signedIn(t.app, 'cm');
  admin = await signedIn(t.app, 'root');
});
afterAll(async () => t.close());

const RUNS = { numRuns: 100 };
const TIMEOUT = 120_000;

/** Strings that have broken search and SQL code before: metacharacters, NUL, unicode, very long. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    'constructor',
    '__proto__',
    'toString',
    '%',
    '_',
    "'",
    '"',
    '*',
    '\\',
    '\u0000',
    'NEAR(a b)',
    'a AND b',
    '--',
    "' OR 1=1 --",
    '😀',
    '\uD800',
    '0',
    '-1',
    '1e309',
  ),
  fc.nat({ max: 100_000 }).map((n) => 'x'.repeat(n)),
);
const weird: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1e308),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

const LIST_KEYS = [
  'page',
  'per_page',
  'sort',
  'order',
  'text',
  'suspended',
  'field[role]',
  'field[user_id]',
  'field[suspended]',
  'field[department_id]',
  'field[manager_id]',
  'field[cf.site]',
  'field[cf.shoe]',
  'field[nope]',
  'field[]',
  'field[cf.]',
  'field[constructor]',
  'field[cf.constructor]',
  'field',
];
const queryArb = fc.dictionary(fc.oneof(fc.constantFrom(...LIST_KEYS), nasty), nasty, { maxKeys: 5 });
/** Raw, possibly malformed query strings (bad percent escapes and all). */
const rawQueryArb = fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x21-\x7e]|#/g, ''));

const USER_KEYS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'department_id',
  'manager_id',
  'phone',
  'hired_at',
  'suspended',
  'password',
  'custom_fields',
  'site_admin',
  'company_id',
  'id',
  'password_hash',
];
/** Bodies that pass the schema, so the database checks and writes run on odd but valid values. */
const plausibleUserArb = fc.record(
  {
    username: fc.stringMatching(/^[a-z0-9._@+-]{2,30}$/),
    first_name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    last_name: fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), nasty),
    email: fc.option(fc.emailAddress()),
    role: fc.constantFrom(0, 1, 2, 3),
    department_id: fc.option(fc.constantFrom(1, 2, 3, 4, 5, 999_999)),
    manager_id: fc.option(fc.constantFrom(1, 3, 5, 7, 999_999)),
    phone: fc.option(fc.stringMatching(/^[+0-9 ()-]{0,20}$/)),
    hired_at: fc.option(fc.constantFrom('2025-01-01', '2025-02-30', '0000-01-01', '9999-12-31')),
    suspended: fc.boolean(),
    custom_fields: fc.dictionary(fc.constantFrom('site', 'shoe', 'shift', 'nope'), weird, { maxKeys: 3 }),
  },
  { requiredKeys: ['username', 'first_name', 'last_name'] },
);
const userBodyArb = fc.oneof(
  plausibleUserArb,
  fc.dictionary(fc.constantFrom(...USER_KEYS), weird, { maxKeys: 8 }),
  fc.record({
    username: fc.oneof(nasty, fc.stringMatching(/^[a-z0-9._]{2,20}$/)),
    first_name: nasty,
    last_name: nasty,
    custom_fields: fc.dictionary(fc.constantFrom('site', 'shoe', 'shift', 'nope'), weird, { maxKeys: 3 }),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

async function expectNoServerError(client: TestClient, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const response = await client.request(method, url, body === undefined ? {} : { body: body as object });
  expect(
    response.statusCode,
    `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
}

const toQuery = (query: Record<string, string>) => new URLSearchParams(query).toString();

describe('arbitrary input never causes a 5xx', () => {
  it('GET /users', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => expectNoServerError(cm, 'GET', `/api/v3/users?${toQuery(query)}`)),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(rawQueryArb, async (raw) => expectNoServerError(cm, 'GET', `/api/v3/users?${raw}`)),
      RUNS,
    );
  });

  it('GET /users/all', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, fc.boolean(), async (query, asAdmin) =>
        expectNoServerError(asAdmin ? admin : cm, 'GET', `/api/v3/users/all?${toQuery(query)}`),
      ),
      RUNS,
    );
  });

  it('POST /users', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(userBodyArb, async (body) => expectNoServerError(cm, 'POST', '/api/v3/users', body)),
      RUNS,
    );
  });

  it('PUT /users/{id}', { timeout: TIMEOUT }, async () => {
    const idArb = fc.oneof(
      fc.constantFrom(
        String(f.ids.bob),
        String(f.ids.anna),
        String(f.ids.foreigner),
        '0',
        '-1',
        'abc',
        '1e3',
        '99999999999999999999',
        '%00',
      ),
      fc.nat().map(String),
    );
    await fc.assert(
      fc.asyncProperty(idArb, userBodyArb, async (id, body) =>
        expectNoServerError(cm, 'PUT', `/api/v3/users/${id}`, body),
      ),
      RUNS,
    );
  });

  it('POST /users/preferences', { timeout: TIMEOUT }, async () => {
    const bodyArb = fc.oneof(
      fc.record(
        {
          name: fc.oneof(nasty, weird),
          data_type: fc.oneof(fc.constant('json'), weird),
          value: fc.oneof(weird, fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => expectNoServerError(cm, 'POST', '/api/v3/users/preferences', body)),
      RUNS,
    );
  });

  it('malformed and deeply nested JSON bodies', async () => {
    const deep = `{"name":"deep","value":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    for (const payload of ['{', '{"name":', 'null', '[]', '"x"', deep]) {
      for (const url of ['/api/v3/users', '/api/v3/users/preferences', `/api/v3/users/${f.ids.bob}`]) {
        const method = url.endsWith(String(f.ids.bob)) ? 'PUT' : 'POST';
        const response = await cm.request(method, url, {
          body: payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${method} ${url} ${payload.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });
});
