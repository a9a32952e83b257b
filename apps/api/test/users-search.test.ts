import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import type { UserCriteria } from '../src/modules/users/users.criteria.ts';
import { walkTextPage } from '../src/db/lists/index.ts';
import { USER_ORDER, buildCountQuery, buildPageQuery, usersList } from '../src/modules/users/users-list.repository.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createNumberedUsers, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;

/** Names full of LIKE, FTS5 and SQL metacharacters, and decoys that an unescaped pattern would also match. */
const NAMES: [string, string, string][] = [
  ['pct', 'Percy', '100% Sure'],
  ['decoy1', 'Dora', '100 Sure'],
  ['under', 'Uma', 'Under_score'],
  ['oscar', 'Oscar', 'Decoy'],
  ['obrien', 'Owen', "O'Brien"],
  ['quote', 'Quinn', 'Say "Hi"'],
  ['star', 'Stan', 'Star*Gazer'],
  ['zoe', 'Zoë', 'Ökonom'],
];

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  for (const [username, firstName, lastName] of NAMES) {
    await createUser(t.db, { companyId: f.company, username, firstName, lastName });
  }
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const search = async (client: TestClient, path: string, text: string) => {
  const response = await client.get(path, { query: { text } });
  expect(response.statusCode, `${text}: ${response.body}`).toBe(200);
  return (response.json().data as { username: string }[]).map((u) => u.username).sort();
};

describe('text search on GET /users', () => {
  it('matches substrings of names, username and e-mail, ignoring case', async () => {
    expect(await search(cm, '/api/v3/users', 'ZIMM')).toEqual(['anna']);
    expect(await search(cm, '/api/v3/users', 'immer')).toEqual(['anna']);
    expect(await search(cm, '/api/v3/users', 'bob@example')).toEqual(['bob']);
    expect(await search(cm, '/api/v3/users', 'anna zim')).toEqual(['anna']);
    expect(await search(cm, '/api/v3/users', 'ökon')).toEqual(['zoe']);
    expect(await search(cm, '/api/v3/users', 'zzzz')).toEqual([]);
  });

  it('treats %, _, quotes and * as plain characters', async () => {
    const cases: [string, string[]][] = [
      ['0% s', ['pct']],
      ['_sc', ['under']],
      ["o'b", ['obrien']],
      ['y "h', ['quote']],
      ['r*g', ['star']],
      ['%', []],
      ['_', []],
      ['%%%', []],
      ['___', []],
      ['"', []],
      ["'", []],
      ['*', []],
      ["' OR 1=1 --", []],
      ['NEAR(a b)', []],
      ['a AND b OR c', []],
      ['col:val', []],
      ['^abc', []],
      ['\\', []],
    ];
    for (const [text, expected] of cases) {
      expect(await search(cm, '/api/v3/users', text), text).toEqual(expected);
      expect(await search(cm, '/api/v3/users/all', text), text).toEqual(expected);
    }
  });

  it('matches terms shorter than three characters as name and username prefixes', async () => {
    expect(await search(cm, '/api/v3/users', 'zi')).toEqual(['anna']);
    expect(await search(cm, '/api/v3/users', 'an')).toEqual(['anna']);
    expect(await search(cm, '/api/v3/users', 'O')).toEqual(['obrien', 'oscar']);
    expect(await search(cm, '/api/v3/users', 'mm')).toEqual([]);
  });

  it('combines text with filters and counts the same rows it pages', async () => {
    const response = await cm.get('/api/v3/users?text=100&per_page=1&field[role]=0');
    expect(response.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
  });
});

describe('GET /users/all', () => {
  it("searches the caller's company, each hit with its company", async () => {
    const response = await cm.get('/api/v3/users/all?text=zimmer');
    expect(response.json()).toEqual({
      data: [
        {
          id: f.ids.anna,
          username: 'anna',
          name: 'Anna Zimmer',
          email: 'anna@example.test',
          role: 0,
          suspended: false,
          company: { id: f.company, name: 'Acme' },
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
    });
  });

  it('lets a site admin search every company', async () => {
    const vendor = await createCompany(t.db, { name: 'Heed' });
    await createUser(t.db, { companyId: vendor.id, username: 'root', siteAdmin: true, role: 1 });
    const admin = await signedIn(t.app, 'root');
    const response = await admin.get('/api/v3/users/all?text=zimmer');
    const hits = response.json().data as { username: string; company: { name: string } }[];
    expect(hits.map((h) => [h.username, h.company.name]).sort()).toEqual([
      ['anna', 'Acme'],
      ['foreigner', 'Other Co'],
    ]);
  });

  it('leaves deactivated users out with suspended=0', async () => {
    expect(await search(cm, '/api/v3/users/all', 'cleo')).toEqual(['cleo']);
    const active = await cm.get('/api/v3/users/all?text=cleo&suspended=0');
    expect(active.json().data).toEqual([]);
    const paged = await cm.get('/api/v3/users/all?page=2&per_page=5');
    expect(paged.json().meta).toMatchObject({ current_page: 2, per_page: 5, total: 14 });
  });
});

/** The plan of a compiled query: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential scans priced out. */
async function plan(db: Kysely<Database>, build: (db: Kysely<Database>) => { compile(): CompiledQuery }) {
  return db.transaction().execute(async (trx) => {
    if (t.dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const compiled = build(trx).compile();
    const prefix = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const result = await trx.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
    return (result.rows as Record<string, unknown>[]).map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n');
  });
}

describe('query plans', () => {
  const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25, offset: 0 };

  it('reads a page in index order, without scanning users', async () => {
    const criteria: UserCriteria = { companyId: f.company, scope: null };
    const text = await plan(t.db, (db) => buildPageQuery(db, t.dialect, criteria, page));
    expect(text).toContain('users_company_last_name');
    if (t.dialect === 'sqlite') {
      expect(text).toContain('COVERING INDEX users_company_last_name');
      expect(text).not.toMatch(/SCAN users\b/);
    }
  });

  it('filters through the filter indexes, in their order, on SQLite', async () => {
    // PostgreSQL plans by statistics, which a handful of rows do not give.
    if (t.dialect !== 'sqlite') return;
    const criteria: UserCriteria = { companyId: f.company, scope: null, suspended: [0] };
    const text = await plan(t.db, (db) => buildPageQuery(db, t.dialect, criteria, page));
    expect(text).toContain('COVERING INDEX users_company_suspended');
    const count = await plan(t.db, (db) => buildCountQuery(db, t.dialect, criteria));
    // Either covering (company_id, suspended, …) index counts it (users_company_pick: migration 039).
    expect(count).toMatch(/COVERING INDEX users_company_(suspended|pick) \(company_id=\? AND suspended=\?\)/);
  });

  it('matches short terms through index ranges on SQLite', async () => {
    if (t.dialect !== 'sqlite') return;
    const criteria: UserCriteria = { companyId: f.company, scope: null, text: 'zi' };
    const text = await plan(t.db, (db) => buildCountQuery(db, t.dialect, criteria));
    expect(text).toContain('MULTI-INDEX OR');
    expect(text).not.toMatch(/SCAN users\b/);
  });

  it('searches text through the trigram index', async () => {
    // Across companies no other index applies, so the plan shows whether the trigram index can serve the term.
    const everywhere: UserCriteria = { companyId: null, scope: null, text: 'zimmer' };
    const inCompany: UserCriteria = { companyId: f.company, scope: null, text: 'zimmer', roles: [0] };
    const plans = [];
    for (const criteria of t.dialect === 'sqlite' ? [everywhere, inCompany] : [everywhere]) {
      plans.push(await plan(t.db, (db) => buildPageQuery(db, t.dialect, criteria, page)));
      plans.push(await plan(t.db, (db) => buildCountQuery(db, t.dialect, criteria)));
    }
    for (const text of plans) {
      if (t.dialect === 'sqlite') {
        expect(text).toContain('users_search VIRTUAL TABLE');
        expect(text).not.toMatch(/SCAN users\b/);
      } else expect(text).toContain('users_search_trgm');
    }
  });
});

describe('text searches with many matches (SQLite walks in sort order)', () => {
  const addUsers = (count: number, prefix: string, domain: string) =>
    createNumberedUsers(t.db, { companyId: f.company, count, prefix, domain });
  const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25 };
  const usernames = (rows: { username: string }[]) => rows.map((row) => row.username);

  it('answer the page of fetch-and-sort when the walk reaches it, and fall short (never wrong) when it does not', async () => {
    if (t.dialect !== 'sqlite') return;
    // 300 users sorted before 200 matches: a walk of 400 users ends inside the matches.
    await addUsers(300, 'Aaron', '@elsewhere.test');
    await addUsers(200, 'Bell', '@walkers.test');
    const criteria: UserCriteria = { companyId: f.company, scope: null, text: 'walkers' };
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', f.company)
      .where('last_name', '<', 'Bell')
      .executeTakeFirstOrThrow();
    const reached = 400 - Number(before.n);
    expect(reached).toBeGreaterThan(50);
    for (const offset of [0, 25, reached - 25, reached - 24, 175]) {
      const fetched = await buildPageQuery(t.db, t.dialect, criteria, { ...page, offset }).execute();
      const walked = await walkTextPage(t.db, usersList, criteria, { ...page, offset }, 200, { cap: 400, expected: 1 });
      expect(fetched).toHaveLength(25);
      if (offset + 25 <= reached)
        expect(Array.from(walked ?? []), `offset ${offset}`).toEqual(fetched.map((u) => u.id));
      else expect(walked, `offset ${offset}`).toBeUndefined();
    }
  });

  it('page through 20,000 matches in name order, also where a walk would fall short', async () => {
    if (t.dialect !== 'sqlite') return;
    // 41,000 non-matching users sort before the 20,000 matches: more than a walk may step over.
    await addUsers(41_000, 'Aaron', '@elsewhere.test');
    await addUsers(20_000, 'Bell', '@walkers.test');
    const first = await cm.get('/api/v3/users', { query: { text: 'walkers', sort: 'last_name', per_page: '25' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta.total).toBe(20_000);
    expect(usernames(first.json().data)).toEqual(Array.from({ length: 25 }, (_, i) => `bell${i + 1}`));
    // Matches spread over the order: a walk through "Pat" users of both kinds reaches them at once.
    const spread = await cm.get('/api/v3/users', { query: { text: 'pat', sort: 'last_name', page: '2' } });
    expect(spread.json().meta.total).toBeGreaterThanOrEqual(61_000);
    expect(usernames(spread.json().data)).toEqual(Array.from({ length: 25 }, (_, i) => `aaron${i + 26}`));
  });
});
