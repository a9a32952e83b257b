import { parse } from 'csv-parse/sync';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The audit log's text search through its index (migration 044, decision 084): every query's pages
// equal a plain recount — a substring of action, entity type, entity id, before or after, ignoring
// case — for rare terms (read from the index) and common ones (more matches than the index read
// allows: the time walk), LIKE's metacharacters, quotes, one and two characters, and CJK text.

let t: TestApp;
let admin: TestClient;
let companyA: number;
let companyB: number;
let actor: number;

interface Entry {
  id: number;
  created_at: string;
  company_id: number | null;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

const SPECIAL = [
  { name: '50% off' },
  { name: '50 percent' },
  { code: 'snake_case_name' },
  { code: 'snakeXcase' },
  { quote: `it's "quoted"` },
  { path: 'C:\\temp\\file' },
  { title: '研修を完了しました' },
  { title: '研修' },
  { name: 'MiXeD CaSe Needle' },
];
/** More entries hold "routine" than the index read of a rare term takes (2,000): the time walk. */
const COMMON = 2600;

beforeAll(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Heed' });
  companyA = (await createCompany(t.db, { name: 'Alpha' })).id;
  companyB = (await createCompany(t.db, { name: 'Beta' })).id;
  await createUser(t.db, { companyId: vendor.id, siteAdmin: true, role: 1, username: 'root' });
  actor = (await createUser(t.db, { companyId: companyA, role: 1, username: 'a.cm' })).id;
  const rows: Insertable<Database['audit_log']>[] = [];
  const at = (hours: number) => new Date(Date.UTC(2025, 0, 1) + hours * 3_600_000).toISOString();
  SPECIAL.forEach((value, i) => {
    rows.push({
      company_id: companyA,
      actor_id: actor,
      action: 'user.update',
      entity_type: 'user',
      entity_id: String(100 + i),
      before: null,
      after: JSON.stringify(value),
      created_at: at(50_000 + i),
    });
  });
  for (let i = 0; i < COMMON + 400; i++) {
    // Times in an order unlike the ids' (a permutation), some seconds shared: the id breaks the tie.
    const hour = (i * 7919) % 4000;
    rows.push({
      company_id: i % 5 === 4 ? companyB : i % 50 === 7 ? null : companyA,
      actor_id: i % 3 === 0 ? actor : null,
      action: i % 2 === 0 ? 'course.update' : 'auth.login',
      entity_type: i % 2 === 0 ? 'course' : 'session',
      entity_id: i % 11 === 0 ? null : `E${i % 300}`,
      before: i % 4 === 0 ? JSON.stringify({ step: i }) : null,
      after: i < COMMON ? JSON.stringify({ note: `routine check ${i}` }) : JSON.stringify({ note: `other ${i}` }),
      created_at: at(hour - (hour % 7 === 0 ? 1 : 0)),
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('audit_log')
      .values(rows.slice(i, i + 500))
      .execute();
  admin = await signedIn(t.app, 'root');
  admin.companyId = String(companyA);
});
afterAll(async () => t.close());

/** The search's meaning, in plain code: a substring of one of the five fields, ignoring case. */
const holds = (e: Entry, text: string) =>
  [e.action, e.entity_type, e.entity_id, e.before, e.after].some((f) =>
    (f ?? '').toLowerCase().includes(text.toLowerCase()),
  );

async function recount(where: (e: Entry) => boolean): Promise<number[]> {
  const all = (await t.db.selectFrom('audit_log').selectAll().execute()) as unknown as Entry[];
  return all
    .filter(where)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id))
    .map((e) => Number(e.id));
}

async function allPages(query: Record<string, string>, perPage = 100) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ per_page: String(perPage), ...query, ...(cursor ? { cursor } : {}) });
    const res = await admin.get(`/api/v3/audit-logs?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.data.map((e: { id: number }) => e.id));
    cursor = body.meta.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return ids;
}

const inA = (e: Entry) => e.company_id === companyA;

describe('GET /audit-logs?text=', () => {
  it('matches what a recount of the five fields matches, for rare and special texts', async () => {
    const texts = [
      'needle',
      'NEEDLE',
      'mixed case',
      '%',
      '50%',
      '_',
      'snake_case',
      "'",
      "it's",
      '"quoted"',
      '\\temp\\',
      'e', // one character
      'Xc', // two
      '研', // one CJK character
      '研修', // two
      '完了しま',
      'user.update',
      'E12',
      'no such text anywhere',
      'updateuser', // across two fields: never a match
    ];
    for (const text of texts) {
      const expected = await recount((e) => inA(e) && holds(e, text));
      expect(await allPages({ text }), text).toEqual(expected);
    }
    expect(await allPages({ text: 'snake_case' })).toHaveLength(1);
    expect(await allPages({ text: '50%' })).toHaveLength(1);
    expect(await allPages({ text: '研修' })).toHaveLength(2);
    expect(await allPages({ text: '完了しま' })).toHaveLength(1);
    expect(await allPages({ text: 'updateuser' })).toEqual([]);
  });

  it('pages a common text (the time walk) as a recount orders it, under other filters and across companies', async () => {
    const expected = await recount((e) => inA(e) && holds(e, 'routine'));
    expect(expected.length).toBeGreaterThan(2000);
    expect(await allPages({ text: 'routine' })).toEqual(expected);
    expect(await allPages({ text: 'ROUTINE check' }, 37)).toEqual(
      await recount((e) => inA(e) && holds(e, 'routine check')),
    );
    expect(await allPages({ text: 'routine', 'field[actor_id]': String(actor) })).toEqual(
      await recount((e) => inA(e) && e.actor_id === actor && holds(e, 'routine')),
    );
    // A filter that thins the walk (1 entry in 300): its entries are probed one by one.
    expect(await allPages({ text: 'routine', 'field[entity_id]': 'E7,E8' }, 5)).toEqual(
      await recount((e) => inA(e) && ['E7', 'E8'].includes(e.entity_id ?? '') && holds(e, 'routine')),
    );
    expect(await allPages({ text: 'routine', 'field[company_id]': 'all' }, 250)).toEqual(
      await recount((e) => holds(e, 'routine')),
    );
    expect(await allPages({ text: 'routine', 'field[company_id]': `${companyA},${companyB}` }, 250)).toEqual(
      await recount((e) => (e.company_id === companyA || e.company_id === companyB) && holds(e, 'routine')),
    );
    expect(await allPages({ text: 'other 2', 'field[company_id]': String(companyB) })).toEqual(
      await recount((e) => e.company_id === companyB && holds(e, 'other 2')),
    );
  });

  it('finds an entry written after the index was built, and forgets a deleted one', async () => {
    const row = await t.db
      .insertInto('audit_log')
      .values({
        company_id: companyA,
        action: 'user.update',
        entity_type: 'user',
        entity_id: '9',
        after: JSON.stringify({ name: 'Fresh Quokka' }),
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await allPages({ text: 'quokka' })).toEqual([Number(row.id)]);
    await t.db.deleteFrom('audit_log').where('id', '=', row.id).execute();
    expect(await allPages({ text: 'quokka' })).toEqual([]);
  });

  it('exports the entries a text matches', async () => {
    const res = await admin.get('/api/v3/audit-logs/export?format=csv&text=routine');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(await recount((e) => inA(e) && holds(e, 'routine')));
  });
});
