import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/types.ts';
import type { UserCriteria } from '../src/modules/users/users.criteria.ts';
import { USER_ORDER, buildCountQuery, buildPageQuery, countUsers } from '../src/modules/users/users.repository.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createNumberedUsers, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

// The SQLite search index keys each user by company and id (migration 016, decision 052): a company's
// matches are counted and listed from the index alone. These tests hold its counts and pages to the
// same query answered by reading the users, and its entries to the users they index.

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25 };

/** The total as an SQL count over the users reads it (on SQLite: each match's row, its company checked). */
async function countedByRows(criteria: UserCriteria): Promise<number> {
  return Number((await buildCountQuery(t.db, t.dialect, criteria).executeTakeFirstOrThrow()).total);
}

async function listed(text: string, query: Record<string, string> = {}) {
  const response = await cm.get('/api/v3/users', { query: { text, sort: 'last_name', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number; username: string }[]; meta: { total: number } };
  return { usernames: body.data.map((u) => u.username), ids: body.data.map((u) => u.id), total: body.meta.total };
}

describe("a company's text matches", () => {
  it("are counted and listed without another company's matches, however many it has", async () => {
    await createNumberedUsers(t.db, { companyId: f.company, count: 30, prefix: 'Ours', domain: '@shared.test' });
    await createNumberedUsers(t.db, {
      companyId: f.otherCompany,
      count: 3000,
      prefix: 'Theirs',
      domain: '@shared.test',
    });
    const ours: UserCriteria = { companyId: f.company, scope: null, text: 'shared.test' };
    expect(await countUsers(t.db, t.dialect, ours)).toBe(30);
    expect(await countedByRows(ours)).toBe(30);
    const all: UserCriteria = { companyId: null, scope: null, text: 'shared.test' };
    expect(await countUsers(t.db, t.dialect, all)).toBe(3030);
    expect(await countedByRows(all)).toBe(3030);
    const first = await listed('shared.test');
    expect(first.total).toBe(30);
    expect(first.usernames).toEqual(Array.from({ length: 25 }, (_, i) => `ours${i + 1}`));
    expect((await listed('shared.test', { page: '2' })).usernames).toEqual([
      'ours26',
      'ours27',
      'ours28',
      'ours29',
      'ours30',
    ]);
  });

  it('follow a user who moves to another company, is renamed or is deleted', async () => {
    if (t.dialect !== 'sqlite') return; // The index and its triggers are SQLite's; PostgreSQL indexes the users row itself.
    const mover = await createUser(t.db, {
      companyId: f.company,
      username: 'mover',
      firstName: 'Moira',
      lastName: 'Quillfeather',
    });
    const ours: UserCriteria = { companyId: f.company, scope: null, text: 'quillfeather' };
    const theirs: UserCriteria = { companyId: f.otherCompany, scope: null, text: 'quillfeather' };
    expect([await countUsers(t.db, t.dialect, ours), await countUsers(t.db, t.dialect, theirs)]).toEqual([1, 0]);
    await t.db
      .updateTable('users')
      .set({ company_id: f.otherCompany, department_id: null })
      .where('id', '=', mover.id)
      .execute();
    expect([await countUsers(t.db, t.dialect, ours), await countUsers(t.db, t.dialect, theirs)]).toEqual([0, 1]);
    await t.db.updateTable('users').set({ last_name: 'Inkwell' }).where('id', '=', mover.id).execute();
    expect(await countUsers(t.db, t.dialect, theirs)).toBe(0);
    expect(await countUsers(t.db, t.dialect, { ...theirs, text: 'inkwell' })).toBe(1);
    await t.db.deleteFrom('users').where('id', '=', mover.id).execute();
    expect(await countUsers(t.db, t.dialect, { ...theirs, text: 'inkwell' })).toBe(0);
  });

  it('give the pages of fetch-and-sort on every ask, when clustered in sort order or spread over it', async () => {
    // 3,000 users before 1,500 clustered matches ("Bell…" last names) and 1,500 spread ones (first name
    // Walker, last names among the rest): a walk meets the spread matches at once, never the clustered.
    await createNumberedUsers(t.db, { companyId: f.company, count: 3000, prefix: 'Aaron', domain: '@elsewhere.test' });
    await createNumberedUsers(t.db, { companyId: f.company, count: 1500, prefix: 'Bell', domain: '@clustered.test' });
    await sql`UPDATE users SET first_name = 'Walker' WHERE company_id = ${f.company} AND username LIKE 'aaron%'
      AND CAST(substr(username, 6) AS INTEGER) % 2 = 0`.execute(t.db);
    for (const text of ['clustered.test', 'walker']) {
      const criteria: UserCriteria = { companyId: f.company, scope: null, text };
      const expectedTotal = await countedByRows(criteria);
      expect(expectedTotal).toBe(1500);
      // Asked once (top-k), again (a list is built), then from the kept list; pages 1, 2 and a deep one.
      for (const [ask, pageNumber] of [
        [1, 1],
        [2, 1],
        [3, 2],
        [4, 60],
        [5, 1],
      ] as const) {
        const expected = await buildPageQuery(t.db, t.dialect, criteria, {
          ...page,
          offset: (pageNumber - 1) * 25,
        }).execute();
        const answer = await listed(text, { page: String(pageNumber) });
        expect(answer.total, `${text} ask ${ask}`).toBe(expectedTotal);
        expect(answer.ids, `${text} ask ${ask}, page ${pageNumber}`).toEqual(expected.map((u) => u.id));
      }
    }
  });
});

describe('a text search most of a big company matches', () => {
  // 260,000 users written and searched: seconds on a quiet machine, more beside the other test lanes.
  it('is counted and paged without reading its matches, and follows changes', async () => {
    if (t.dialect !== 'sqlite') return; // Its set of matches is too big to keep (SQLite's walk probes the index instead).
    await createNumberedUsers(t.db, { companyId: f.company, count: 40, prefix: 'Aaron', domain: '@elsewhere.test' });
    await createNumberedUsers(t.db, { companyId: f.company, count: 260_000, prefix: 'Dense', domain: '@dense.test' });
    const criteria: UserCriteria = { companyId: f.company, scope: null, text: 'dense.test' };
    const fetched = async (offset: number) =>
      (await buildPageQuery(t.db, t.dialect, criteria, { ...page, offset }).execute()).map((u) => u.id);
    for (const ask of [1, 2]) {
      const first = await listed('dense.test');
      expect(first.total, `ask ${ask}`).toBe(260_000);
      expect(first.ids, `ask ${ask}`).toEqual(await fetched(0));
    }
    expect((await listed('dense.test', { page: '2' })).ids).toEqual(await fetched(25));
    await createUser(t.db, { companyId: f.company, username: 'early', lastName: 'Bdense', email: 'early@dense.test' });
    const changed = await listed('dense.test');
    expect(changed.total).toBe(260_001);
    expect(changed.usernames[0]).toBe('early');
  }, 90_000);
});

describe('migration 016', () => {
  it('re-keys an existing search index by company, so users written before it stay found in their company', async () => {
    if (t.dialect !== 'sqlite') return; // It changes nothing on PostgreSQL.
    const database = new SQLite(':memory:');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    try {
      await migrateTo(db, '015-users-sparse-indexes');
      const now = '2026-01-01T00:00:00.000Z';
      const companies = await db
        .insertInto('companies')
        .values(['Alpha', 'Beta'].map((name) => ({ name, created_at: now, updated_at: now })) as never)
        .returning('id')
        .execute();
      const [alpha, beta] = companies.map((c) => c.id) as [number, number];
      await createNumberedUsers(db, { companyId: alpha, count: 3, prefix: 'Early', domain: '@before.test' });
      await createNumberedUsers(db, { companyId: beta, count: 5, prefix: 'Prior', domain: '@before.test' });
      await migrateToLatest(db);
      for (const [companyId, count] of [
        [alpha, 3],
        [beta, 5],
        [null, 8],
      ] as const) {
        const criteria: UserCriteria = { companyId, scope: null, text: 'before.test' };
        expect(await countUsers(db, 'sqlite', criteria), `company ${companyId}`).toBe(count);
      }
      const rowids = await sql<{ rowid: number }>`SELECT rowid FROM users_search`.execute(db);
      expect(rowids.rows).toHaveLength(8);
      await migrateTo(db, '015-users-sparse-indexes');
      const back: UserCriteria = { companyId: null, scope: null, text: 'before.test' };
      expect(await countedByRowsOf(db, back)).toBe(8);
    } finally {
      await db.destroy();
    }
  });
});

async function countedByRowsOf(db: Kysely<Database>, criteria: UserCriteria): Promise<number> {
  return Number((await buildCountQuery(db, 'sqlite', criteria).executeTakeFirstOrThrow()).total);
}
