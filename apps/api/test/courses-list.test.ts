import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { type CatalogWorld, createCatalogWorld, createCategoryRow } from './support/courses-fixture.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The courses list runs on the list engine (db/lists): like the companies list (list-engine.test.ts),
// every page, deep ones from kept lists included, must equal a fetch of every match sorted here, with
// the right total, and a write on another connection must show on the very next request.

const COURSES = 2_000;
const PREFIXES = ['acme', 'Borealis', 'CEDAR', 'delta'];
const PER_PAGE = 50;
const SORTS = [
  'id',
  'name',
  'duration_minutes',
  'passing_score',
  'recertify_months',
  'created_at',
  'learners',
] as const;
type Sort = (typeof SORTS)[number];

let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;
let dm: TestClient;
let other: DbHandle;
let categories: { top: number; sub: number; apart: number };

interface Course {
  id: number;
  name: string;
  description: string | null;
  duration_minutes: number;
  passing_score: number;
  recertify_months: number | null;
  active: number;
  all_companies: number;
  category_id: number | null;
  created_at: string;
  kinds: Set<string>;
  usableByA: boolean;
  learnersA: number;
}

async function insertCatalog() {
  categories = { top: 0, sub: 0, apart: 0 };
  categories.top = await createCategoryRow(t.db, 'Top');
  categories.sub = await createCategoryRow(t.db, 'Sub', categories.top);
  categories.apart = await createCategoryRow(t.db, 'Apart');
  const categoryOf = [categories.top, categories.sub, categories.apart, null];
  const rows = Array.from({ length: COURSES }, (_, i) => ({
    name: `${PREFIXES[i % PREFIXES.length]}${String((i * 7_919) % COURSES).padStart(5, '0')}`,
    description: i % 6 === 0 ? `About Alpha_${i}%` : `Plain ${i}`,
    duration_minutes: ((i * 7) % 120) + 1,
    passing_score: (i * 13) % 101,
    recertify_months: i % 4 === 0 ? null : (i % 24) + 1,
    active: i % 5 === 0 ? 0 : 1,
    all_companies: i % 3 === 0 ? 1 : 0,
    category_id: categoryOf[i % 4]!,
    attempts_allowed: null,
    thumbnail_path: null,
    created_at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += 250) {
    const inserted = await t.db
      .insertInto('courses')
      .values(rows.slice(at, at + 250))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  const links = ids.filter((_, i) => i % 3 === 1).map((course_id) => ({ course_id, company_id: w.companyA }));
  const linksB = ids.filter((_, i) => i % 3 === 2).map((course_id) => ({ course_id, company_id: w.companyB }));
  for (const batch of [links, linksB])
    for (let at = 0; at < batch.length; at += 500)
      await t.db
        .insertInto('course_companies')
        .values(batch.slice(at, at + 500))
        .execute();
  const topics = ids.flatMap((course_id, i) => [
    ...(i % 2 === 0 ? [{ course_id, name: 'Text', content: null, position: 1, kind: 'text' }] : []),
    ...(i % 5 === 0 ? [{ course_id, name: 'Quiz', content: null, position: 2, kind: 'questions' }] : []),
  ]);
  for (let at = 0; at < topics.length; at += 500)
    await t.db
      .insertInto('topics')
      .values(topics.slice(at, at + 500))
      .execute();
  const learner = await createUser(t.db, { companyId: w.companyA, role: 0 });
  const learnerB = await createUser(t.db, { companyId: w.companyB, role: 0 });
  const assignment = (company_id: number, user_id: number, course_id: number) => ({
    company_id,
    user_id,
    course_id,
    status: 'assigned',
    source: 'manual',
    assigned_at: 'x',
    created_at: 'x',
    updated_at: 'x',
  });
  const assignments = ids.flatMap((course_id, i) => [
    ...Array.from({ length: i % 4 }, () => assignment(w.companyA, learner.id, course_id)),
    ...(i % 7 === 0 ? [assignment(w.companyB, learnerB.id, course_id)] : []),
  ]);
  for (let at = 0; at < assignments.length; at += 500)
    await t.db
      .insertInto('assignments')
      .values(assignments.slice(at, at + 500))
      .execute();
}

/** Every course with what the filters and sorts read, from the database. */
async function everything(): Promise<Course[]> {
  const courses = await t.db.selectFrom('courses').selectAll().execute();
  const topics = await t.db.selectFrom('topics').select(['course_id', 'kind']).execute();
  const links = await t.db.selectFrom('course_companies').selectAll().execute();
  const assignments = await t.db.selectFrom('assignments').select(['course_id', 'company_id']).execute();
  return courses.map((c) => ({
    ...c,
    duration_minutes: c.duration_minutes ?? 0,
    passing_score: c.passing_score ?? 0,
    kinds: new Set(topics.filter((tp) => tp.course_id === c.id).map((tp) => tp.kind)),
    usableByA: c.all_companies === 1 || links.some((l) => l.course_id === c.id && l.company_id === w.companyA),
    learnersA: assignments.filter((a) => a.course_id === c.id && a.company_id === w.companyA).length,
  }));
}

interface Query {
  sort: Sort;
  order: 'asc' | 'desc';
  text?: string;
  active?: '0' | '1';
  recertify?: '0' | '1';
  kind?: string;
  category?: number[];
  usableOnly?: boolean;
}

function expected(all: Course[], q: Query): number[] {
  const text = q.text?.toLowerCase();
  const key = (c: Course): string | number =>
    q.sort === 'name'
      ? c.name.toLowerCase()
      : q.sort === 'learners'
        ? c.learnersA
        : q.sort === 'recertify_months'
          ? (c.recertify_months ?? 0)
          : (c[q.sort] as string | number);
  const sign = q.order === 'asc' ? 1 : -1;
  return all
    .filter(
      (c) =>
        (!q.usableOnly || c.usableByA) &&
        (text === undefined ||
          c.name.toLowerCase().includes(text) ||
          (c.description ?? '').toLowerCase().includes(text)) &&
        (q.active === undefined || c.active === Number(q.active)) &&
        (q.recertify === undefined || (c.recertify_months !== null) === (q.recertify === '1')) &&
        (q.kind === undefined || c.kinds.has(q.kind)) &&
        (q.category === undefined || q.category.includes(c.category_id ?? -1)),
    )
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
    })
    .map((c) => c.id);
}

async function listed(client: TestClient, q: Query, page: number) {
  const query: Record<string, string> = {
    sort: q.sort,
    order: q.order,
    per_page: String(PER_PAGE),
    page: String(page),
  };
  if (q.text !== undefined) query.text = q.text;
  if (q.active !== undefined) query['field[active]'] = q.active;
  if (q.recertify !== undefined) query['field[recertify]'] = q.recertify;
  if (q.kind !== undefined) query['field[kind]'] = q.kind;
  if (q.category !== undefined) query['field[category_id]'] = String(q.category[0]);
  const response = await client.get('/api/v3/courses', { query, headers: { 'x-company-id': String(w.companyA) } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number }[]; meta: { total: number; last_page: number } };
  return { ids: body.data.map((c) => c.id), total: body.meta.total, last: body.meta.last_page };
}

/** Page 1, 2, a middle one and the last, twice (the second ask may come from a kept list). */
async function checkPages(client: TestClient, all: Course[], q: Query) {
  const want = expected(all, q);
  const last = Math.max(1, Math.ceil(want.length / PER_PAGE));
  for (const page of [...new Set([1, 2, Math.ceil(last / 2), last])])
    for (const ask of [1, 2]) {
      const got = await listed(client, q, page);
      const label = `${JSON.stringify(q)} page ${page} ask ${ask}`;
      expect(got.total, label).toBe(want.length);
      expect(got.last, label).toBe(last);
      expect(got.ids, label).toEqual(want.slice((page - 1) * PER_PAGE, page * PER_PAGE));
    }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createCatalogWorld(t.db);
  await insertCatalog();
  admin = await signedIn(t.app, 'root');
  dm = await signedIn(t.app, 'a.dm');
  other = t.openSecondConnection();
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('GET /courses pages', () => {
  it('every sort, both orders, equals fetch-and-sort', async () => {
    const all = await everything();
    for (const sort of SORTS)
      for (const order of ['asc', 'desc'] as const) await checkPages(admin, all, { sort, order });
  }, 120_000);

  it('every filter, alone and together, equals fetch-and-sort', async () => {
    const all = await everything();
    const filters: Omit<Query, 'sort' | 'order'>[] = [
      { text: 'alpha_1' },
      { text: 'ACME01' },
      { text: '%' },
      { active: '0' },
      { active: '1' },
      { recertify: '1' },
      { recertify: '0' },
      { kind: 'questions' },
      { kind: 'text' },
      { category: [categories.top, categories.sub] },
      { category: [categories.sub] },
      { active: '1', kind: 'text', recertify: '0', text: 'plain' },
    ];
    for (const filter of filters)
      for (const sort of ['name', 'learners', 'id'] as const)
        await checkPages(admin, all, { ...filter, sort, order: sort === 'learners' ? 'desc' : 'asc' });
  }, 120_000);

  it("a Department Manager's list holds the courses their company may use", async () => {
    const all = await everything();
    for (const sort of ['name', 'learners'] as const)
      await checkPages(dm, all, { sort, order: 'asc', usableOnly: true });
    await checkPages(dm, all, { sort: 'id', order: 'desc', usableOnly: true, kind: 'questions', active: '1' });
  }, 120_000);

  it('a write on another connection shows on the very next request', async () => {
    const before = await listed(admin, { sort: 'name', order: 'asc' }, 1);
    const { id } = await other.db
      .insertInto('courses')
      .values({
        name: '   aaa first',
        description: null,
        duration_minutes: 5,
        passing_score: 50,
        recertify_months: null,
        category_id: null,
        attempts_allowed: null,
        thumbnail_path: null,
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await listed(admin, { sort: 'name', order: 'asc' }, 1);
    expect(after.total).toBe(before.total + 1);
    expect(after.ids[0]).toBe(id);
    await other.db.insertInto('course_companies').values({ course_id: id, company_id: w.companyA }).execute();
    const all = await everything();
    await checkPages(dm, all, { sort: 'name', order: 'asc', usableOnly: true });
  });

  it('refuses unknown filters and values with 422 details', async () => {
    for (const [query, field] of [
      ['field[colour]=red', 'field[colour]'],
      ['field[active]=2', 'field[active]'],
      ['field[kind]=audio', 'field[kind]'],
      ['field[category_id]=x', 'field[category_id]'],
      ['sort=topics', 'sort'],
    ] as const) {
      const response = await admin.get(`/api/v3/courses?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys((response.json() as { error: { details: object } }).error.details)).toEqual([field]);
    }
  });
});
