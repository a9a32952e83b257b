import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The companies list runs on the list engine (db/lists) like the users list: these tests hold its
// pages to the same rule as the users' (users-match-lists.test.ts, users-search.test.ts): every
// page, deep ones from kept lists included, equals a fetch of every match sorted here, with the
// right total, and a write on any connection shows on the very next request.

const COMPANIES = 6_200;
const PREFIXES = ['acme', 'Borealis', 'CEDAR', 'delta'];
const PER_PAGE = 25;

let t: TestApp;
let admin: TestClient;
/** A second connection to the same database, as another API process would write. */
let other: DbHandle;

interface Listed {
  ids: number[];
  total: number;
}

/** A name sorts apart from its id: the numbers are a permutation of the ids, the prefixes rotate in mixed case. */
function companyName(i: number) {
  const number = (i * 7_919) % COMPANIES;
  return `${PREFIXES[i % PREFIXES.length]}${String(number).padStart(5, '0')}`;
}

async function insertCompanies() {
  const rows = Array.from({ length: COMPANIES }, (_, i) => ({
    name: companyName(i),
    suspended: (i % 3 === 0 ? 1 : 0) as 0 | 1,
    logout_url: null,
    branding: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  for (let at = 0; at < rows.length; at += 500)
    await t.db
      .insertInto('companies')
      .values(rows.slice(at, at + 500))
      .execute();
}

/** Every company a query matches, fetched whole and sorted here: the answer each page must be a slice of. */
async function expected(query: { name?: string | undefined; suspended?: string | undefined }): Promise<number[]> {
  const rows = await t.db.selectFrom('companies').select(['id', 'name', 'suspended']).execute();
  const name = query.name?.toLowerCase();
  return rows
    .filter(
      (row) =>
        (name === undefined || row.name.toLowerCase().includes(name)) &&
        !(query.suspended === '0' && row.suspended === 1),
    )
    .sort((a, b) =>
      a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id,
    )
    .map((row) => row.id);
}

async function listed(query: Record<string, string>): Promise<Listed> {
  const response = await admin.get('/api/v3/companies', { query: { per_page: String(PER_PAGE), ...query } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number }[]; meta: { total: number } };
  return { ids: body.data.map((company) => company.id), total: body.meta.total };
}

beforeAll(async () => {
  t = await createTestApp();
  const heed = await createCompany(t.db, { name: 'heed00000' });
  await createUser(t.db, { companyId: heed.id, siteAdmin: true, role: 1, username: 'root', email: 'root@heed.test' });
  await insertCompanies();
  admin = await signedIn(t.app, 'root');
  other = t.openSecondConnection();
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const QUERIES: { name?: string; suspended?: string }[] = [
  {},
  { suspended: '0' },
  { name: 'ACME' },
  { name: 'cedar', suspended: '0' },
  { name: '00' },
  { name: '%' },
];

describe('the companies list on the list engine', () => {
  it.each(QUERIES)('answers every kind of page of %o as fetch-and-sort does, with the total', async (query) => {
    const all = await expected(query);
    const lastPage = Math.max(1, Math.ceil(all.length / PER_PAGE));
    // Page 1, the next, a deep page (from a kept list once past 1,000 rows), the last, and past the end.
    for (const page of [1, 2, 61, 62, lastPage, lastPage + 1]) {
      const offset = (page - 1) * PER_PAGE;
      const answer = await listed({ ...query, page: String(page) });
      expect(answer, `page ${page}`).toEqual({ ids: all.slice(offset, offset + PER_PAGE), total: all.length });
    }
  });

  it('shows a rename, a suspension and a company added by another connection on the next request, deep pages too', async () => {
    const deep = { page: '100' };
    await listed(deep);
    await listed({ ...deep, suspended: '0' });
    const [first] = (await listed({})).ids;
    await admin.put(`/api/v3/companies/${first}`, { name: 'zzz renamed', suspended: true });
    await other.db
      .insertInto('companies')
      .values({
        name: 'aaa00000',
        logout_url: null,
        branding: null,
        created_at: '2026-01-02T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const queries: Record<string, string>[] = [deep, { ...deep, suspended: '0' }, { name: 'zzz' }];
    for (const query of queries) {
      const all = await expected(query);
      const offset = (Number(query.page ?? 1) - 1) * PER_PAGE;
      expect(await listed(query), JSON.stringify(query)).toEqual({
        ids: all.slice(offset, offset + PER_PAGE),
        total: all.length,
      });
    }
    expect((await listed({})).ids[0]).not.toBe(first);
  });

  it("counts each company's users", async () => {
    const [id] = (await listed({ name: 'delta' })).ids;
    await createUser(t.db, { companyId: id!, role: 0, username: 'delta.one' });
    await createUser(t.db, { companyId: id!, role: 0, username: 'delta.two' });
    const response = await admin.get('/api/v3/companies', { query: { name: 'delta', per_page: '1' } });
    expect(response.json().data[0]).toMatchObject({ id, user_count: 2 });
  });
});
