import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import type { PlanHint } from '../src/modules/users/users.criteria.ts';
import { USER_ORDER, buildCountQuery, buildPageQuery } from '../src/modules/users/users.repository.ts';
import { listCriteria } from '../src/modules/users/users.service.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, addCustomField, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;
let fields: Record<string, number>;

/** Sets custom field values straight in the table (the API's own writes are tested elsewhere). */
async function setValues(fieldId: number, companyId: number, values: Record<number, string>) {
  await t.db
    .insertInto('user_field_values')
    .values(
      Object.entries(values).map(([userId, value]) => ({
        user_id: Number(userId),
        field_id: fieldId,
        company_id: companyId,
        value,
      })),
    )
    .execute();
}

/**
 * Acme's users (fixture) with a date field `started`, a number field `grade` and the text field
 * `site` (Bob: Leeds, Cleo: York). Olly works in Ops beside Dan, the Department Manager. Other Co
 * has its own `site` field, whose values would match every filter below.
 */
beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  const olly = (await createUser(t.db, { companyId: f.company, username: 'olly', departmentId: f.ids.ops })).id;
  f.ids.olly = olly;
  fields = {
    started: await addCustomField(t.db, f.company, 'started', 'date'),
    grade: await addCustomField(t.db, f.company, 'grade', 'number'),
    code: await addCustomField(t.db, f.company, 'code', 'text'),
    foreignSite: await addCustomField(t.db, f.otherCompany, 'site', 'text'),
  };
  const { anna, bob, cleo, dan } = f.ids as Record<string, number>;
  await setValues(fields.started!, f.company, {
    [anna!]: '2023-11-30',
    [bob!]: '2024-01-01',
    [cleo!]: '2024-06-30',
    [dan!]: '2024-07-01',
  });
  await setValues(fields.grade!, f.company, { [anna!]: '3', [bob!]: '12', [olly]: '3' });
  await setValues(fields.code!, f.company, { [anna!]: 'A_1', [bob!]: 'AB1', [cleo!]: 'a_2', [olly]: 'A%9' });
  await setValues(fields.foreignSite!, f.otherCompany, { [f.ids.foreigner!]: 'Leeds' });
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const usernames = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/v3/users?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  const body = response.json() as { data: { username: string }[]; meta: { total: number } };
  expect(body.meta.total, query).toBe(body.data.length);
  return body.data.map((u) => u.username).sort();
};

const refused = async (query: string) => {
  const response = await cm.get(`/api/v3/users?${query}`);
  expect(response.statusCode, query).toBe(422);
  return response.json().error.details as Record<string, string[]>;
};

describe('custom field filters: date ranges', () => {
  it('keeps dates inside an inclusive range, or from / until one end', async () => {
    expect(await usernames(cm, 'field[cf.started]=2024-01-01..2024-06-30')).toEqual(['bob', 'cleo']);
    expect(await usernames(cm, 'field[cf.started]=2024-01-01..')).toEqual(['bob', 'cleo', 'dan']);
    expect(await usernames(cm, 'field[cf.started]=..2024-01-01')).toEqual(['anna', 'bob']);
    expect(await usernames(cm, 'field[cf.started]=2024-07-01')).toEqual(['dan']);
    expect(await usernames(cm, 'field[cf.started]=2023-11-30,2024-06-01..2024-12-31')).toEqual(['anna', 'cleo', 'dan']);
  });

  it('refuses malformed or reversed ranges with 422 naming the filter', async () => {
    for (const value of [
      '2024-06-30..2024-01-01',
      '..',
      '2024-02-30..',
      '2024-01-01..2024-02-01..2024-03-01',
      'x..y',
    ]) {
      expect(Object.keys(await refused(`field[cf.started]=${value}`)), value).toEqual(['field[cf.started]']);
    }
    expect(await refused('field[cf.started]=2024-06-30..2024-01-01')).toEqual({
      'field[cf.started]': ['Put the earlier date first.'],
    });
  });

  it('combines with the other filters and the text search', async () => {
    expect(await usernames(cm, 'field[cf.started]=2024-01-01..&field[suspended]=0')).toEqual(['bob', 'dan']);
    expect(await usernames(cm, `field[cf.started]=2024-01-01..&field[department_id]=${f.ids.hq}`)).toEqual([
      'bob',
      'cleo',
    ]);
    expect(await usernames(cm, 'field[cf.started]=2024-01-01..&text=walsh')).toEqual(['dan']);
  });
});

describe('custom field filters: text prefixes', () => {
  it('matches values starting with the text before *, case and metacharacters exactly', async () => {
    expect(await usernames(cm, 'field[cf.code]=A*')).toEqual(['anna', 'bob', 'olly']);
    expect(await usernames(cm, 'field[cf.code]=A_*')).toEqual(['anna']);
    expect(await usernames(cm, 'field[cf.code]=a_*')).toEqual(['cleo']);
    expect(await usernames(cm, `field[cf.code]=${encodeURIComponent('A%*')}`)).toEqual(['olly']);
    expect(await usernames(cm, 'field[cf.code]=AB1*')).toEqual(['bob']);
    expect(await usernames(cm, 'field[cf.code]=AB12*')).toEqual([]);
  });

  it('reads * alone as "has a value", and mixes prefixes with exact values', async () => {
    expect(await usernames(cm, 'field[cf.code]=*')).toEqual(['anna', 'bob', 'cleo', 'olly']);
    expect(await usernames(cm, 'field[cf.site]=*')).toEqual(['bob', 'cleo']);
    expect(await usernames(cm, 'field[cf.site]=York,Le*')).toEqual(['bob', 'cleo']);
  });

  it('leaves * and .. literal on select fields, and exact on number fields; ranges on numbers are refused', async () => {
    await addCustomField(t.db, f.company, 'shift', 'select', { options: '["Early*","Late","Leeds, UK","Leeds"]' });
    const shift = (
      await t.db.selectFrom('custom_fields').select('id').where('key', '=', 'shift').executeTakeFirstOrThrow()
    ).id;
    await setValues(shift, f.company, { [f.ids.bob!]: 'Early*', [f.ids.cleo!]: 'Late' });
    expect(await usernames(cm, 'field[cf.shift]=Early*')).toEqual(['bob']);
    // Options holding commas: the filter's comma-separated fragments are joined back into them.
    await setValues(shift, f.company, { [f.ids.anna!]: 'Leeds, UK', [f.ids.dan!]: 'Leeds' });
    expect(await usernames(cm, `field[cf.shift]=${encodeURIComponent('Leeds, UK')}`)).toEqual(['anna']);
    expect(await usernames(cm, `field[cf.shift]=Late,${encodeURIComponent('Leeds,UK')}`)).toEqual(['anna', 'cleo']);
    expect(await usernames(cm, 'field[cf.shift]=Leeds')).toEqual(['dan']);
    expect(await usernames(cm, 'field[cf.grade]=3')).toEqual(['anna', 'olly']);
    expect(await usernames(cm, 'field[cf.grade]=03,12.0')).toEqual(['anna', 'bob', 'olly']);
    expect(await refused('field[cf.grade]=1..5')).toEqual({
      'field[cf.grade]': ['Number fields filter by exact values; ranges work on date fields.'],
    });
  });
});

describe('custom field filters: scope and tenancy', () => {
  it("never widen a Department Manager's subtree", async () => {
    const dm = await signedIn(t.app, 'dan');
    expect(await usernames(dm, 'field[cf.code]=*')).toEqual(['olly']);
    expect(await usernames(dm, 'field[cf.started]=2000-01-01..')).toEqual(['dan']);
    expect(await usernames(dm, 'field[cf.site]=*')).toEqual([]);
  });

  it("never reach another company's values, even under the same key", async () => {
    expect(await usernames(cm, 'field[cf.site]=Le*')).toEqual(['bob']);
    expect(await usernames(cm, 'field[cf.site]=Leeds')).toEqual(['bob']);
  });

  it('apply to the export as to the list', async () => {
    const response = await cm.get('/api/v3/users/export?field[cf.started]=2024-01-01..2024-06-30');
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain('bob');
    expect(lines.join('\n')).toContain('cleo');
  });
});

/** The plan of the count query: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential scans priced out. */
async function countPlan(db: Kysely<Database>, query: Record<string, string>) {
  const criteria = await listCriteria(
    { db, dialect: t.dialect },
    { companyId: f.company, user: { id: 1, role: 1, site_admin: 0, department_id: null } } as never,
    { page: 1, per_page: 25, sort: 'id', order: 'asc', ...query } as never,
  );
  return db.transaction().execute(async (trx) => {
    if (t.dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const compiled = buildCountQuery(trx, t.dialect, criteria).compile();
    const prefix = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const result = await trx.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
    return (result.rows as Record<string, unknown>[]).map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n');
  });
}

describe('custom field filter plans', () => {
  it('answer the same rows whichever way SQLite is told to run them', async () => {
    const queries: Record<string, string>[] = [
      { 'field[cf.code]': 'A*' },
      { 'field[cf.started]': '2024-01-01..' },
      { 'field[cf.grade]': '3,12', 'field[cf.code]': 'A_*' },
      { 'field[cf.site]': 'York,Le*' },
    ];
    const ctx = { companyId: f.company, user: { id: 1, role: 1, site_admin: 0, department_id: null } } as never;
    const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25, offset: 0 };
    const hints: (PlanHint | undefined)[] = [
      undefined,
      { mode: 'plain', sortLead: 'last_name' },
      { mode: 'matchDriven', sortLead: 'last_name' },
      { mode: 'sortDriven', sortLead: 'last_name' },
      { mode: 'sortDriven', sortLead: 'last_name', probe: true },
    ];
    for (const query of queries) {
      const criteria = await listCriteria({ db: t.db, dialect: t.dialect }, ctx, {
        page: 1,
        per_page: 25,
        sort: 'last_name',
        order: 'asc',
        ...query,
      } as never);
      const answers = [];
      for (const hint of hints) {
        const rows = await buildPageQuery(t.db, t.dialect, criteria, page, hint).execute();
        answers.push(rows.map((row) => row.username));
      }
      expect(answers[0]!.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const answer of answers) expect(answer, JSON.stringify(query)).toEqual(answers[0]);
    }
  });

  it('probe a walked row through the covering index on SQLite, without building the set of matches', async () => {
    if (t.dialect !== 'sqlite') return;
    const criteria = await listCriteria(
      { db: t.db, dialect: t.dialect },
      { companyId: f.company, user: { id: 1, role: 1, site_admin: 0, department_id: null } } as never,
      { page: 1, per_page: 25, sort: 'last_name', order: 'asc', 'field[cf.site]': 'Leeds' } as never,
    );
    const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25, offset: 0 };
    const compiled = buildPageQuery(t.db, t.dialect, criteria, page, {
      mode: 'sortDriven',
      sortLead: 'last_name',
      probe: true,
    }).compile();
    const result = await t.db.executeQuery(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = (result.rows as { detail: string }[]).map((row) => row.detail).join('\n');
    expect(text).toContain('EXISTS USING COVERING INDEX user_field_values_filter');
    expect(text).not.toContain('LIST SUBQUERY 1');
  });

  it('fetch a department subtree through its own index and sort it, when told to (SQLite), with the same rows', async () => {
    const criteria = await listCriteria(
      { db: t.db, dialect: t.dialect },
      { companyId: f.company, user: { id: 1, role: 1, site_admin: 0, department_id: null } } as never,
      { page: 1, per_page: 25, sort: 'last_name', order: 'asc', 'field[department_id]': String(f.ids.hq) } as never,
    );
    const page = { orderBy: USER_ORDER.last_name, order: 'asc' as const, limit: 25, offset: 0 };
    const hint: PlanHint = { mode: 'filterDriven', sortLead: 'last_name' };
    const plain = await buildPageQuery(t.db, t.dialect, criteria, page).execute();
    const fetched = await buildPageQuery(t.db, t.dialect, criteria, page, hint).execute();
    expect(fetched.map((row) => row.username)).toEqual(['cleo', 'bob', 'anna']);
    expect(fetched).toEqual(plain);
    if (t.dialect !== 'sqlite') return;
    const compiled = buildPageQuery(t.db, t.dialect, criteria, page, hint).compile();
    const result = await t.db.executeQuery(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = (result.rows as { detail: string }[]).map((row) => row.detail).join('\n');
    // The department index drives; the name index, which would walk the whole company, is not used.
    expect(text).toContain('users_company_department');
    expect(text).not.toContain('users_company_last_name');
  });

  it('read a range of the (company, field, value) index for a prefix and a date range', async () => {
    const queries: Record<string, string>[] = [
      { 'field[cf.code]': 'A_*' },
      { 'field[cf.started]': '2024-01-01..2024-06-30' },
    ];
    for (const query of queries) {
      const text = await countPlan(t.db, query);
      expect(text, JSON.stringify(query)).toContain('user_field_values_filter');
      if (t.dialect === 'sqlite')
        expect(text).toMatch(/user_field_values_filter \(company_id=\? AND field_id=\? AND value>\?/);
      else expect(text).toMatch(/Index Cond: .*value >=/);
    }
  });
});
