import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The audit log (issue 18 item 6): site admins only, newest first by keyset, every filter equal to a
// plain recount of the table, the readable diff, and the export streamed with formula cells neutralised.

const CANARY = 'CANARY-audit-b';
let t: TestApp;
let admin: TestClient;
let companyA: number;
let companyB: number;
let cmA: number;
let dmA: number;
let rootId: number;

interface Entry {
  id: number;
  created_at: string;
  actor_id: number | null;
  impersonator_id: number | null;
  company_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

const ACTIONS = ['user.create', 'user.update', 'assignment.create', 'course.update', 'auth.login'];

beforeAll(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Heed' });
  companyA = (await createCompany(t.db, { name: 'Alpha' })).id;
  companyB = (await createCompany(t.db, { name: `Beta ${CANARY}` })).id;
  rootId = (await createUser(t.db, { companyId: vendor.id, siteAdmin: true, role: 1, username: 'root' })).id;
  cmA = (
    await createUser(t.db, { companyId: companyA, role: 1, username: 'a.cm', firstName: 'Cora', lastName: 'Manning' })
  ).id;
  dmA = (
    await createUser(t.db, { companyId: companyA, role: 2, username: 'a.dm', firstName: 'Dan', lastName: 'Mills' })
  ).id;
  const rows: Insertable<Database['audit_log']>[] = [];
  for (let i = 0; i < 90; i++) {
    // Every third entry shares its second with the one before: the id breaks the tie.
    const second = i - Math.floor(i / 3);
    const at = new Date(Date.UTC(2025, 5, 1) + second * 3_600_000).toISOString();
    const action = ACTIONS[i % ACTIONS.length]!;
    rows.push({
      company_id: companyA,
      actor_id: i % 4 === 0 ? dmA : cmA,
      impersonator_id: i % 10 === 0 ? rootId : null,
      action,
      entity_type: action.split('.')[0]!,
      entity_id: String(i % 7),
      before: i % 2 === 0 ? JSON.stringify({ name: `Old ${i}`, role: 0 }) : null,
      after: JSON.stringify({ name: `New ${i}`, role: i % 2 === 0 ? 0 : 2, note: i === 42 ? 'needle' : null }),
      ip: `198.51.100.${i}`,
      created_at: at,
    });
  }
  for (let i = 0; i < 5; i++)
    rows.push({
      company_id: companyB,
      actor_id: null,
      impersonator_id: null,
      action: 'user.update',
      entity_type: 'user',
      entity_id: '1',
      before: null,
      after: JSON.stringify({ name: CANARY }),
      ip: null,
      created_at: new Date(Date.UTC(2025, 5, 2, i)).toISOString(),
    });
  rows.push({
    company_id: null,
    actor_id: rootId,
    impersonator_id: null,
    action: 'company.create',
    entity_type: 'company',
    entity_id: String(companyB),
    before: null,
    after: JSON.stringify({ name: '=HYPERLINK("http://x.test","click")' }),
    ip: '203.0.113.9',
    created_at: '2025-06-03T10:00:00.000Z',
  });
  await t.db.insertInto('audit_log').values(rows).execute();
  admin = await signedIn(t.app, 'root');
  admin.companyId = String(companyA);
});
afterAll(async () => t.close());

async function recount(where: (e: Entry) => boolean): Promise<number[]> {
  const all = (await t.db.selectFrom('audit_log').selectAll().execute()) as unknown as Entry[];
  return all
    .filter(where)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id))
    .map((e) => Number(e.id));
}

/** Every page of a list, following next_cursor. */
async function allPages(query: string, perPage = 7) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = query ? '&' : '';
    const url: string = `/api/v3/audit-logs?per_page=${perPage}${sep}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeLessThanOrEqual(perPage);
    ids.push(...body.data.map((e: { id: number }) => e.id));
    cursor = body.meta.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return ids;
}

describe('GET /audit-logs', () => {
  it("lists the header's company newest first, page after page, as a recount orders it", async () => {
    const ids = await allPages('');
    expect(ids).toEqual(await recount((e) => e.company_id === companyA));
    expect(ids).toHaveLength(90);
  });

  it('filters by actor, impersonator, action, entity, dates and text, each equal to a recount', async () => {
    const a = (e: Entry) => e.company_id === companyA;
    const cases: [string, (e: Entry) => boolean][] = [
      [`field[actor_id]=${dmA}`, (e) => a(e) && e.actor_id === dmA],
      [`field[impersonator_id]=${rootId}`, (e) => a(e) && e.impersonator_id === rootId],
      ['field[action]=user.update,course.update', (e) => a(e) && ['user.update', 'course.update'].includes(e.action)],
      ['field[entity_type]=user&field[entity_id]=3', (e) => a(e) && e.entity_type === 'user' && e.entity_id === '3'],
      [
        'field[created_at]=2025-06-02..2025-06-03',
        (e) => a(e) && e.created_at >= '2025-06-02T00:00:00.000Z' && e.created_at <= '2025-06-03T23:59:59.999Z',
      ],
      ['text=NEEDLE', (e) => a(e) && (e.after ?? '').includes('needle')],
      ['text=50%25', () => false],
    ];
    for (const [query, where] of cases) expect(await allPages(query), query).toEqual(await recount(where));
  });

  it('shows every company and the platform entries with field[company_id]=all, another company by id', async () => {
    expect(await allPages('field[company_id]=all', 25)).toEqual(await recount(() => true));
    expect(await allPages(`field[company_id]=${companyB}`)).toEqual(await recount((e) => e.company_id === companyB));
  });

  it("never shows another company's entries in the company the header names", async () => {
    const res = await admin.get('/api/v3/audit-logs?per_page=500');
    expect(res.body).not.toContain(CANARY);
  });

  it('names actor, impersonator and company, and shows the change as a field-by-field diff', async () => {
    const res = await admin.get(`/api/v3/audit-logs?per_page=500&field[impersonator_id]=${rootId}`);
    const entry = res.json().data.find((e: { after: { name: string } }) => e.after.name === 'New 0');
    expect(entry.actor).toEqual({ id: dmA, name: 'Dan Mills', username: 'a.dm' });
    expect(entry.impersonated_by.username).toBe('root');
    expect(entry.company).toEqual({ id: companyA, name: 'Alpha' });
    expect(entry.ip).toBe('198.51.100.0');
    expect(entry.before).toEqual({ name: 'Old 0', role: 0 });
    // role did not change; note was set (null → null counts as unchanged)
    expect(entry.changes).toEqual([{ field: 'name', before: 'Old 0', after: 'New 0' }]);
    const created = (await admin.get('/api/v3/audit-logs?per_page=500&field[action]=user.create')).json().data;
    const set = created.find((e: { before: unknown }) => e.before === null);
    expect(set.changes.map((c: { field: string }) => c.field)).toEqual(['name', 'role']);
    expect(set.changes[0].before).toBeNull();
  });

  it('answers 422 for a bad cursor, an unknown filter or a bad date, never 5xx', async () => {
    for (const query of [
      'cursor=bm9wZQ',
      'cursor=!!',
      'field[colour]=red',
      'field[created_at]=yesterday',
      'field[created_at]=2026-02-30..2026-03-31',
      'field[actor_id]=x',
    ])
      expect((await admin.get(`/api/v3/audit-logs?${query}`)).statusCode, query).toBe(422);
  });

  it('is for site admins only', async () => {
    for (const login of ['a.cm', 'a.dm']) {
      const client = await signedIn(t.app, login);
      expect((await client.get('/api/v3/audit-logs')).statusCode).toBe(403);
      expect((await client.get('/api/v3/audit-logs/export')).statusCode).toBe(403);
    }
  });
});

describe('GET /audit-logs/export', () => {
  it('streams the filter as CSV with formula cells neutralised, and audits the export', async () => {
    const res = await admin.get('/api/v3/audit-logs/export?field[company_id]=all&field[action]=company.create');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true });
    expect(rows[0]).toEqual([
      'ID',
      'Time (UTC)',
      'Actor',
      'Actor username',
      'Impersonated by',
      'Company',
      'Action',
      'Entity type',
      'Entity ID',
      'Changes',
      'IP',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![6]).toBe('company.create');
    expect(rows[1]![9]).toBe('name: (none) → =HYPERLINK("http://x.test","click")');
    const logged = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'audit_logs.export').execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(String(logged[0]!.after))).toMatchObject({ format: 'csv', rows: 1, completed: true });
  });

  it('exports the same rows as the list shows, in its order, as XLSX', async () => {
    const listed = await allPages(`field[actor_id]=${dmA}`, 500);
    const res = await admin.get(`/api/v3/audit-logs/export?format=xlsx&field[actor_id]=${dmA}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const exported: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) exported.push(Number(row.getCell(1).value));
    });
    expect(exported).toEqual(listed);
  });

  it('neutralises a value that starts like a formula', async () => {
    await t.db
      .insertInto('audit_log')
      .values({
        company_id: companyA,
        actor_id: cmA,
        impersonator_id: null,
        action: '=cmd|calc',
        entity_type: 'user',
        entity_id: '@sum',
        before: null,
        after: null,
        ip: null,
        created_at: '2024-01-01T00:00:00.000Z',
      })
      .execute();
    const res = await admin.get('/api/v3/audit-logs/export?field[created_at]=..2024-12-31');
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true });
    expect(rows[1]![6]).toBe("'=cmd|calc");
    expect(rows[1]![8]).toBe("'@sum");
  });
});
