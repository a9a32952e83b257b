import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lists from '../src/db/lists/index.ts';
import { ASSIGNMENT_ORDER, assignmentsList } from '../src/modules/assignments/assignments-list.repository.ts';
import { listCodesDay } from '../src/modules/assignments/assignments-status-codes.repository.ts';
import { moveRollupWindow } from '../src/modules/reports/index.ts';
import {
  type AssignmentsWorld,
  createAssignmentsWorld,
  createLearners,
  insertAssignmentRows,
} from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { migrateTestDb } from './support/migrate-test-db.ts';
import { type StatusSource, derivedStatus } from './support/derived-status.ts';
import { STATUS_RANK, compareKeys } from './support/list-order.ts';

// The assignments list runs on the list engine (db/lists): every page of every sort and filter must
// equal a fetch of every match sorted here (statuses derived at the test clock), with the right total.

const PER_PAGE = 25;
const SORTS = [
  'id',
  'learner',
  'course',
  'department',
  'assigned_at',
  'due_at',
  'status',
  'completed_at',
  'score',
  'expires_at',
  'source',
] as const;
type Sort = (typeof SORTS)[number];
const LAST_NAMES = ['Abbott', 'Baker', 'Carter', 'Dunn', 'Evans', 'Foster', 'Grant', 'Hughes', 'Irwin', 'Jones'];
const FIRST_NAMES = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'];

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;
let dm: TestClient;
let now: string;

interface Row {
  id: number;
  user_id: number;
  learner: string;
  learnerText: string;
  /** First name, last name and username: what a term shorter than a trigram matches the start of. */
  prefixes: string[];
  course: string;
  course_id: number;
  department: string;
  department_id: number | null;
  status: keyof typeof STATUS_RANK;
  source: string;
  assigned_at: string;
  due_at: string | null;
  completed_at: string | null;
  score: number | null;
  expires_at: string | null;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

async function insertMany() {
  const departments = [w.ops, w.opsEast, w.sales, null];
  const learners = await createLearners(t.db, w.companyA, 60, (i) => ({
    firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length]!,
    departmentId: departments[i % departments.length]!,
  }));
  const courses = [w.courses.fire, w.courses.ethics, w.courses.retired];
  const rows = [];
  for (let i = 0; i < 900; i++) {
    const kind = i % 5;
    const assigned = (i * 13) % 80;
    const completed = kind === 3 || kind === 4;
    rows.push({
      company_id: w.companyA,
      user_id: learners[(i * 11) % learners.length]!,
      course_id: courses[i % courses.length]!,
      status: completed ? 'completed' : kind === 1 ? 'in_progress' : kind === 2 ? 'overdue' : 'not_started',
      source: ['manual', 'rule', 'import'][i % 3]!,
      rule_id: null,
      assigned_by: i % 3 === 0 ? w.actors.cm : null,
      assigned_at: day(assigned),
      due_at: i % 7 === 0 ? null : day(assigned + ((i * 3) % 60)),
      started_at: kind === 1 ? day(assigned + 1) : null,
      completed_at: completed ? day(assigned + (i % 9)) : null,
      progress: completed ? 100 : kind === 1 ? 50 : 0,
      score: completed ? 60 + (i % 41) : null,
      recertify_months: null,
      expires_at: completed && i % 2 === 0 ? day(assigned + 40 + (i % 30)) : null,
      created_at: day(assigned),
      updated_at: day(assigned),
    });
  }
  await insertAssignmentRows(t.db, rows);
  // Company B's, never listed for A.
  await t.db
    .insertInto('assignments')
    .values({ ...rows[0]!, company_id: w.companyB, user_id: w.learners.b1 })
    .execute();
}

const statusAt = (a: StatusSource) => derivedStatus(a, now);

async function everything(): Promise<Row[]> {
  const rows = await t.db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .selectAll('assignments')
    .select([
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.email',
      'users.department_id',
      'courses.name as course_name',
      'departments.name as department_name',
    ])
    .where('assignments.company_id', '=', w.companyA)
    // A renewed completion is history (decision 081): no list shows it.
    .where('assignments.status', '<>', 'renewed')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    learner: `${r.last_name.toLowerCase()} ${r.first_name.toLowerCase()}`,
    learnerText: `${r.first_name} ${r.last_name} ${r.username} ${r.email ?? ''}`.toLowerCase(),
    prefixes: [r.first_name, r.last_name, r.username].map((v) => v.toLowerCase()),
    course: r.course_name.toLowerCase(),
    course_id: r.course_id,
    department: (r.department_name ?? '').toLowerCase(),
    department_id: r.department_id,
    status: statusAt(r),
    source: r.source,
    assigned_at: r.assigned_at,
    due_at: r.due_at,
    completed_at: r.completed_at,
    score: r.score,
    expires_at: r.expires_at,
  }));
}

interface Query {
  sort: Sort;
  order: 'asc' | 'desc';
  text?: string;
  filters?: Record<string, string>;
  keep?: (row: Row) => boolean;
}

/** The users list's text rules: a substring of names, username or e-mail; under three letters, the start of a name or username. */
function matchesText(r: Row, text: string | undefined) {
  if (!text) return true;
  const term = text.toLowerCase();
  return [...term].length < 3 ? r.prefixes.some((p) => p.startsWith(term)) : r.learnerText.includes(term);
}

function expected(all: Row[], q: Query): number[] {
  const key = (r: Row): string | number | null =>
    q.sort === 'status' ? STATUS_RANK[r.status] : q.sort === 'id' ? r.id : (r[q.sort] as string | number | null);
  const compare = compareKeys;
  const sign = q.order === 'asc' ? 1 : -1;
  // Within a status, by due date (its nulls where the database puts them), then id.
  const tie = (a: Row, b: Row) => (q.sort === 'status' ? compare(a.due_at, b.due_at) : 0);
  return all
    .filter((r) => (q.keep ? q.keep(r) : true) && matchesText(r, q.text))
    .sort((a, b) => (compare(key(a), key(b)) || tie(a, b) || a.id - b.id) * sign)
    .map((r) => r.id);
}

async function listed(client: TestClient, q: Query, page: number) {
  const query: Record<string, string> = {
    sort: q.sort,
    order: q.order,
    per_page: String(PER_PAGE),
    page: String(page),
  };
  if (q.text) query.text = q.text;
  for (const [name, value] of Object.entries(q.filters ?? {})) query[`field[${name}]`] = value;
  const response = await client.get('/api/v3/assignments', { query });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number }[]; meta: { total: number } };
  return { ids: body.data.map((a) => a.id), total: body.meta.total };
}

async function checkPages(client: TestClient, all: Row[], q: Query) {
  const want = expected(all, q);
  const last = Math.max(1, Math.ceil(want.length / PER_PAGE));
  for (const page of [...new Set([1, 2, Math.ceil(last / 2), last])]) {
    const got = await listed(client, q, page);
    const label = `${q.sort} ${q.order} ${q.text ?? ''} ${JSON.stringify(q.filters ?? {})} page ${page}`;
    expect(got.total, label).toBe(want.length);
    expect(got.ids, label).toEqual(want.slice((page - 1) * PER_PAGE, page * PER_PAGE));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  await insertMany();
  now = t.clock.now.toISOString();
  cm = await signedIn(t.app, 'a.cm');
  dm = await signedIn(t.app, 'a.dm');
}, 120_000);
afterAll(async () => t.close());

describe('GET /assignments pages', () => {
  it('every sort, both orders, equals fetch-and-sort', async () => {
    const all = await everything();
    for (const sort of SORTS) for (const order of ['asc', 'desc'] as const) await checkPages(cm, all, { sort, order });
  }, 120_000);

  it('the learner order follows renamed learners, whoever renames them', async () => {
    const renamed = await t.db
      .selectFrom('assignments')
      .select('user_id')
      .where('company_id', '=', w.companyA)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.db.updateTable('users').set({ last_name: 'Aardvark' }).where('id', '=', renamed[0]!.user_id).execute();
    await t.db
      .updateTable('users')
      .set({ first_name: 'Zed', last_name: 'zzz' })
      .where('id', '=', renamed[1]!.user_id)
      .execute();
    const all = await everything();
    for (const order of ['asc', 'desc'] as const) await checkPages(cm, all, { sort: 'learner', order });
    const first = await cm.get('/api/v3/assignments?sort=learner&order=asc&per_page=1');
    expect(first.json().data[0].learner.id).toBe(renamed[0]!.user_id);
    const last = await cm.get('/api/v3/assignments?sort=learner&order=desc&per_page=1');
    expect(last.json().data[0].learner.id).toBe(renamed[1]!.user_id);
  }, 120_000);

  it('every filter equals fetch-and-sort', async () => {
    const all = await everything();
    const between = (v: string | null, from: string, to: string) => v !== null && v >= from && v <= to;
    const cases: Omit<Query, 'sort' | 'order'>[] = [
      { filters: { status: 'overdue' }, keep: (r) => r.status === 'overdue' },
      { filters: { status: 'completed,expired' }, keep: (r) => r.status === 'completed' || r.status === 'expired' },
      { filters: { status: 'not_started' }, keep: (r) => r.status === 'not_started' },
      { filters: { status: 'in_progress' }, keep: (r) => r.status === 'in_progress' },
      { filters: { course_id: String(w.courses.ethics) }, keep: (r) => r.course_id === w.courses.ethics },
      {
        filters: { department_id: String(w.ops) },
        keep: (r) => r.department_id === w.ops || r.department_id === w.opsEast,
      },
      { filters: { source: 'rule,import' }, keep: (r) => r.source !== 'manual' },
      {
        filters: { assigned_at: '2026-01-10..2026-02-05' },
        keep: (r) => between(r.assigned_at, day(9), '2026-02-05T23:59:59.999Z'),
      },
      { filters: { due_at: '..2026-02-01' }, keep: (r) => r.due_at !== null && r.due_at <= '2026-02-01T23:59:59.999Z' },
      { filters: { completed_at: '2026-02-01..' }, keep: (r) => r.completed_at !== null && r.completed_at >= day(31) },
      {
        filters: { expires_at: '2026-03-01..2026-04-30' },
        keep: (r) => between(r.expires_at, day(59), '2026-04-30T23:59:59.999Z'),
      },
      { filters: { score: '80..90' }, keep: (r) => r.score !== null && r.score >= 80 && r.score <= 90 },
      { text: 'abbo' },
      { text: 'learner1' },
      { text: 'ev' },
      {
        text: 'ann',
        filters: { status: 'overdue', course_id: String(w.courses.fire) },
        keep: (r) => r.status === 'overdue' && r.course_id === w.courses.fire,
      },
    ];
    for (const filter of cases)
      for (const [sort, order] of [
        ['due_at', 'asc'],
        ['learner', 'asc'],
        ['assigned_at', 'desc'],
      ] as const)
        await checkPages(cm, all, { ...filter, sort, order });
  }, 120_000);

  it("a Department Manager's pages hold their subtree's learners only", async () => {
    const all = (await everything()).filter((r) => r.department_id === w.ops || r.department_id === w.opsEast);
    for (const sort of ['learner', 'due_at', 'status'] as const) await checkPages(dm, all, { sort, order: 'asc' });
    await checkPages(dm, all, {
      sort: 'assigned_at',
      order: 'desc',
      filters: { status: 'overdue' },
      keep: (r) => r.status === 'overdue',
    });
  }, 120_000);

  it('a write on another connection shows on the very next request, kept totals and pages included', async () => {
    const q: Query = { sort: 'due_at', order: 'asc' };
    const before = await listed(cm, q, 20);
    const other = t.openSecondConnection();
    try {
      await other.db
        .insertInto('assignments')
        .values({
          company_id: w.companyA,
          user_id: w.learners.ops1,
          course_id: w.courses.fire,
          status: 'not_started',
          source: 'manual',
          assigned_at: day(1),
          due_at: '2020-01-01T00:00:00.000Z',
          created_at: day(1),
          updated_at: day(1),
        })
        .execute();
    } finally {
      await other.close();
    }
    const all = await everything();
    const after = await listed(cm, q, 20);
    expect(after.total).toBe(before.total + 1);
    await checkPages(cm, all, q);
  }, 120_000);
});

describe('column sorts read their index alone', () => {
  it('walks each sort’s (company, key, id, status) index without reading the table, renewed completions left out', async () => {
    const spec = assignmentsList(now);
    const indexOf = {
      assigned_at: 'assignments_company_assigned',
      due_at: 'assignments_company_due',
      completed_at: 'assignments_company_completed',
      score: 'assignments_company_score',
      expires_at: 'assignments_company_expires',
      learner: 'assignments_company_learner',
    } as const;
    for (const [sort, name] of Object.entries(indexOf) as [keyof typeof indexOf, string][]) {
      const orderBy = ASSIGNMENT_ORDER[sort];
      const page = { orderBy, order: 'desc' as const, limit: 25, offset: 500 };
      const ids = lists.buildMatchIdsQuery(
        t.db,
        t.dialect,
        spec,
        { companyId: w.companyA, scope: null },
        page,
        undefined,
        page,
      );
      const compiled = ids.compile();
      const plan = await t.db.transaction().execute(async (trx) => {
        if (t.dialect === 'postgres')
          for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
            await sql`SELECT set_config(${setting}, 'off', true)`.execute(trx);
        const prefix = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
        const { rows } = await trx.executeQuery<Record<string, string>>(
          CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
        );
        return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
      });
      // SQLite: from the index alone; PostgreSQL: through the index (its visibility map decides the rest).
      expect(plan, sort).toContain(t.dialect === 'sqlite' ? `COVERING INDEX ${name}` : name);
    }
  });

  it('walks the due and assignment date orders with each row’s learner from the index (a learner text’s walk, migration 058)', async () => {
    const spec = assignmentsList(now);
    for (const [sort, name] of [
      ['due_at', 'assignments_company_due'],
      ['assigned_at', 'assignments_company_assigned'],
    ] as const) {
      const page = { orderBy: ASSIGNMENT_ORDER[sort], order: 'asc' as const };
      const hint = { mode: 'sortDriven' as const, sortLead: sort };
      const range = { limit: 1_000, offset: 0, owner: 'user_id' };
      const walk = lists.buildMatchIdsQuery(
        t.db,
        'sqlite',
        spec,
        { companyId: w.companyA, scope: null },
        page,
        hint,
        range,
      );
      if (t.dialect === 'sqlite') expect(await explain(walk), sort).toContain(`COVERING INDEX ${name}`);
      else {
        const columns = await sql<{ column: string }>`SELECT a.attname AS column FROM pg_index i
          JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE c.relname = ${name}`.execute(t.db);
        expect(columns.rows.map((r) => r.column)).toContain('user_id');
      }
    }
  });
});

describe('a department subtree or reach under each plan', () => {
  it('gives the same pages whether each walked row’s learner is probed, a set of learners is built, or the matches fetched', async () => {
    now = t.clock.now.toISOString();
    const all = await everything();
    const inOps = (r: Row) => r.department_id === w.ops || r.department_id === w.opsEast;
    const spec = assignmentsList(now);
    const cases = [
      { criteria: { companyId: w.companyA, scope: null, departmentIds: [w.ops] }, keep: inOps },
      { criteria: { companyId: w.companyA, scope: [w.ops, w.opsEast] }, keep: inOps },
      { criteria: { companyId: w.companyA, scope: [w.sales] }, keep: (r: Row) => r.department_id === w.sales },
    ];
    for (const { criteria, keep } of cases)
      for (const sort of ['due_at', 'learner', 'assigned_at'] as const) {
        const orderBy = ASSIGNMENT_ORDER[sort];
        const want = expected(all, { sort, order: 'asc', keep });
        expect(want.length).toBeGreaterThan(50);
        for (const hint of [
          { mode: 'sortDriven' as const, sortLead: orderBy[0]!, probe: true },
          { mode: 'sortDriven' as const, sortLead: orderBy[0]! },
          { mode: 'matchDriven' as const, sortLead: orderBy[0]! },
        ])
          for (const offset of [0, 25, want.length - 10]) {
            const page = { orderBy, order: 'asc' as const, limit: 25, offset };
            const rows = await lists.buildPageQuery(t.db, t.dialect, spec, criteria, page, hint).execute();
            const label = `${JSON.stringify(criteria)} ${sort} ${JSON.stringify(hint)} @${offset}`;
            expect(
              rows.map((r) => r.id),
              label,
            ).toEqual(want.slice(offset, offset + 25));
          }
      }
  });
});

/** The plan of a query; on PostgreSQL as its statistics would choose at 10M rows, not for these few hundred. */
async function explain(query: { compile(): { sql: string; parameters: readonly unknown[] } } | CompiledQuery) {
  const compiled = 'compile' in query ? query.compile() : query;
  // PostgreSQL plans from statistics, as a server's autovacuum keeps them: without them every estimate is
  // one row, and which of two equally cheap indexes wins falls to the order they were created in.
  if (t.dialect === 'postgres') await sql`ANALYZE assignments, users`.execute(t.db);
  return t.db.transaction().execute(async (trx) => {
    if (t.dialect === 'postgres')
      for (const setting of ['enable_seqscan', 'enable_bitmapscan'])
        await sql`SELECT set_config(${setting}, 'off', true)`.execute(trx);
    const prefix = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const { rows } = await trx.executeQuery<Record<string, string>>(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
    return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
  });
}

describe('statuses from the list codes (decision 096)', () => {
  const at = (time: string) => `${t.clock.now.toISOString().slice(0, 10)}T${time}:00.000Z`;

  /** Rows whose status turns today, on both sides of the clock (09:00): due or expiring at 05:00 and 15:00. */
  async function insertTurningToday() {
    const base = {
      company_id: w.companyA,
      course_id: w.courses.fire,
      source: 'manual',
      rule_id: null,
      assigned_by: null,
      assigned_at: day(30),
      recertify_months: null,
      created_at: day(30),
      updated_at: day(30),
    };
    const learners = [w.learners.ops1, w.learners.ops2, w.learners.east1, w.learners.sales1];
    const rows = [];
    for (const [i, time] of ['05:00', '15:00', '00:00', '08:59', '09:01'].entries()) {
      const user_id = learners[i % learners.length]!;
      rows.push(
        {
          ...base,
          user_id,
          status: 'not_started',
          due_at: at(time),
          started_at: null,
          completed_at: null,
          progress: 0,
        },
        {
          ...base,
          user_id,
          status: 'in_progress',
          due_at: at(time),
          started_at: day(31),
          completed_at: null,
          progress: 40,
        },
        {
          ...base,
          user_id,
          status: 'completed',
          due_at: day(40),
          started_at: day(31),
          completed_at: day(32),
          progress: 100,
          score: 90,
          expires_at: at(time),
        },
      );
    }
    await t.db.insertInto('assignments').values(rows).execute();
  }

  /** Every status alone and together, and the status order, in the orders a walk serves, against fetch-and-sort. */
  async function checkStatuses() {
    now = t.clock.now.toISOString();
    const all = await everything();
    const filters: [string, (r: Row) => boolean][] = [
      ...(Object.keys(STATUS_RANK) as Row['status'][]).map(
        (s) => [s, (r: Row) => r.status === s] as [string, (r: Row) => boolean],
      ),
      ['overdue,expired', (r) => r.status === 'overdue' || r.status === 'expired'],
      ['not_started,completed', (r) => r.status === 'not_started' || r.status === 'completed'],
    ];
    for (const [status, keep] of filters)
      for (const [sort, order] of [
        ['due_at', 'asc'],
        ['due_at', 'desc'],
        ['assigned_at', 'desc'],
        ['learner', 'asc'],
        ['status', 'asc'],
      ] as const)
        await checkPages(cm, all, { sort, order, filters: { status }, keep });
    for (const order of ['asc', 'desc'] as const) await checkPages(cm, all, { sort: 'status', order });
    // A status in one course: one range of (company, course, code, due date) (migration 055).
    const fire = (r: Row) => r.course_id === w.courses.fire;
    for (const [status, keep] of filters.slice(2, 6))
      for (const order of ['asc', 'desc'] as const) {
        const filters = { status, course_id: String(w.courses.fire) };
        await checkPages(cm, all, { sort: 'due_at', order, filters, keep: (r) => keep(r) && fire(r) });
      }
    await checkPages(
      dm,
      all.filter((r) => r.department_id === w.ops || r.department_id === w.opsEast),
      {
        sort: 'status',
        order: 'asc',
      },
    );
  }

  /** Each row's list code is its status as the window day begins (the instant before 00:00 UTC). */
  async function expectCodesAtWindowStart() {
    const { start_day } = await t.db
      .selectFrom('assignment_rollup_window')
      .select('start_day')
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('assignments').selectAll().execute();
    const previous = now;
    now = new Date(Date.parse(`${start_day}T00:00:00.000Z`) - 1).toISOString();
    try {
      for (const r of rows)
        expect(r.list_code, `assignment ${r.id}`).toBe(r.status === 'renewed' ? null : STATUS_RANK[statusAt(r)]);
    } finally {
      now = previous;
    }
  }

  it('every status and the status order equal fetch-and-sort, with rows turned since the codes were set', async () => {
    await insertTurningToday();
    expect(await moveRollupWindow(t.db, t.dialect, t.clock.now)).toMatchObject({ moved: true });
    await expectCodesAtWindowStart();
    await checkStatuses();
    // A day and four hours on, the window not yet moved: a day's turns are read apart.
    t.clock.advanceMinutes(28 * 60);
    cm = await signedIn(t.app, 'a.cm');
    dm = await signedIn(t.app, 'a.dm');
    await checkStatuses();
    expect(await moveRollupWindow(t.db, t.dialect, t.clock.now)).toMatchObject({ moved: true });
    await expectCodesAtWindowStart();
    await checkStatuses();
  }, 180_000);

  it('a row written after the move is coded at once: started, completed, due date moved, renewed', async () => {
    const [a, b, c, d] = await t.db
      .selectFrom('assignments')
      .select('id')
      .where('company_id', '=', w.companyA)
      .where('status', '=', 'not_started')
      .where('due_at', '>', t.clock.now.toISOString())
      .orderBy('id')
      .limit(4)
      .execute();
    await t.db.updateTable('assignments').set({ started_at: now, progress: 10 }).where('id', '=', a!.id).execute();
    await t.db
      .updateTable('assignments')
      .set({ status: 'completed', completed_at: now, progress: 100, expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', b!.id)
      .execute();
    await t.db.updateTable('assignments').set({ due_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', c!.id).execute();
    await t.db.updateTable('assignments').set({ status: 'renewed' }).where('id', '=', d!.id).execute();
    await expectCodesAtWindowStart();
    await checkStatuses();
  }, 180_000);

  it('walks a status in one course in due date order through (company, course, code, due date)', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    now = t.clock.now.toISOString();
    const spec = assignmentsList(now, await listCodesDay(t.db, now));
    const criteria = {
      companyId: w.companyA,
      scope: null,
      now,
      statuses: ['overdue' as const],
      courseIds: [w.courses.fire],
    };
    const page = { orderBy: ASSIGNMENT_ORDER.due_at, order: 'asc' as const, limit: 25, offset: 100 };
    const compiled = lists
      .buildPageQuery(t.db, t.dialect, spec, criteria, page, { mode: 'sortDriven', sortLead: 'due_at' })
      .compile();
    const plan = await explain(compiled);
    // The settled overdue rows: the course's code range, in due order (no sort of the course's rows).
    expect(plan).toMatch(
      t.dialect === 'sqlite'
        ? /COVERING INDEX assignments_company_course \(company_id=\? AND course_id=\? AND list_code=\?\)/
        : /Only Scan using assignments_company_course .*\n\s*Index Cond: \(\(company_id = \d+\) AND \(course_id = \d+\) AND \(list_code = 3\)\)/,
    );
    expect(plan).toMatch(t.dialect === 'sqlite' ? /MERGE \(UNION ALL\)/ : /Merge Append/);
    // One course without a status walks the due-date index, which holds the course (migration 057).
    const oneCourse = { companyId: w.companyA, scope: null, courseIds: [w.courses.fire] };
    const walk = await explain(
      lists.buildPageQuery(t.db, t.dialect, spec, oneCourse, page, { mode: 'sortDriven', sortLead: 'due_at' }),
    );
    expect(walk).toMatch(
      t.dialect === 'sqlite'
        ? /COVERING INDEX assignments_company_due/
        : /Index Only Scan using assignments_company_due/,
    );
    // PostgreSQL: its total reads the course's rollup rows, not the company's (migration 056).
    if (t.dialect === 'sqlite') return;
    const rollups = await explain(
      sql`SELECT sum(n) FROM assignment_rollups WHERE company_id = ${w.companyA} AND course_id = ${w.courses.fire}`.compile(
        t.db,
      ),
    );
    expect(rollups).toMatch(/assignment_rollups_course/);
  });

  it('walks one status in due date, assignment date and status order through its codes, merging the turned rows', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    now = t.clock.now.toISOString();
    const codedAt = await listCodesDay(t.db, now);
    expect(codedAt).toBe(`${now.slice(0, 10)}T00:00:00.000Z`);
    const spec = assignmentsList(now, codedAt);
    const criteria = { companyId: w.companyA, scope: null, now, statuses: ['expired' as const] };
    // PostgreSQL reads the status order a status at a time (its groups, below): a part holding its rank
    // as a constant cannot be merged there.
    const orders = [ASSIGNMENT_ORDER.due_at, ASSIGNMENT_ORDER.assigned_at];
    if (t.dialect === 'sqlite') orders.push(ASSIGNMENT_ORDER.status);
    for (const orderBy of orders) {
      const page = { orderBy, order: 'desc' as const, limit: 25, offset: 0 };
      const hint = { mode: 'sortDriven' as const, sortLead: orderBy[0]! };
      const plan = await explain(lists.buildPageQuery(t.db, t.dialect, spec, criteria, page, hint));
      expect(plan, orderBy.join()).toMatch(/assignments_company_code_(due|assigned)/);
      // Both merge the parts in order: each comes from its index range in order.
      expect(plan, orderBy.join()).toMatch(t.dialect === 'sqlite' ? /MERGE \(UNION ALL\)/ : /Merge Append/);
    }
  });

  it('walks a status’s codes under a department subtree with each row’s department copy from the index (migration 059)', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    now = t.clock.now.toISOString();
    const spec = assignmentsList(now, await listCodesDay(t.db, now));
    const page = { orderBy: ASSIGNMENT_ORDER.due_at, order: 'asc' as const };
    const hint = { mode: 'sortDriven' as const, sortLead: 'due_at', probe: true };
    const criteria = { companyId: w.companyA, scope: null, departmentIds: [w.ops], statuses: ['not_started' as const] };
    const walk = lists.buildMatchIdsQuery(t.db, 'sqlite', spec, { ...criteria, now }, page, hint, { limit: 25 });
    const plan = await explain(walk);
    if (t.dialect === 'sqlite') expect(plan).toContain('COVERING INDEX assignments_company_code_due');
    else expect(plan).toContain('assignments_company_code_due');
  });
});

describe('the course and department orders, read group by group', () => {
  const inOps = (r: Row) => r.department_id === w.ops || r.department_id === w.opsEast;

  /** Pages of the sort through the API and, with its kept counts spied on, through the grouped path. */
  async function checkGrouped(
    sort: 'course' | 'department' | 'status',
    cases: { criteria: object; keep: (r: Row) => boolean }[],
  ) {
    now = t.clock.now.toISOString();
    const all = await everything();
    for (const order of ['asc', 'desc'] as const) {
      await checkPages(cm, all, { sort, order });
      await checkPages(dm, all.filter(inOps), { sort, order });
    }
    const spec = assignmentsList(now, await listCodesDay(t.db, now));
    const counted: (number | undefined)[] = [];
    const quick = t.dialect === 'sqlite' ? spec.sqlite : spec.postgres;
    const quickCount = quick.quickCount!;
    quick.quickCount = async (db, criteria) => {
      const count = await quickCount(db, criteria);
      counted.push(count);
      return count;
    };
    for (const { criteria, keep } of cases)
      for (const order of ['asc', 'desc'] as const) {
        const want = expected(all, { sort, order, keep });
        for (const offset of [0, 290, 310, want.length - 10]) {
          const page = { orderBy: ASSIGNMENT_ORDER[sort], order, limit: 25, offset };
          const full = { companyId: w.companyA, scope: null, now, ...criteria };
          const { rows, total } = await lists.listPage(t.db, t.dialect, spec, full, page);
          const label = `${sort} ${JSON.stringify(criteria)} ${order} @${offset}`;
          expect(total, label).toBe(want.length);
          expect(
            rows.map((r) => r.id),
            label,
          ).toEqual(want.slice(offset, offset + 25));
        }
      }
    // The engine took the grouped path: every group had a kept count (else the planners serve it).
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((count) => typeof count === 'number')).toBe(true);
  }

  it('skips whole courses by their kept counts and equals fetch-and-sort, courses named alike interleaving by id', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    // Two courses whose names differ only in case are one group: their rows interleave by id.
    const ethics = await t.db
      .selectFrom('courses')
      .select('name')
      .where('id', '=', w.courses.ethics)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('courses')
      .set({ name: ethics.name.toUpperCase() })
      .where('id', '=', w.courses.retired)
      .execute();
    const fireOrRetired = (r: Row) => r.course_id === w.courses.fire || r.course_id === w.courses.retired;
    await checkGrouped('course', [
      { criteria: {}, keep: () => true },
      { criteria: { scope: [w.ops, w.opsEast] }, keep: inOps },
      { criteria: { courseIds: [w.courses.fire, w.courses.retired] }, keep: fireOrRetired },
    ]);
  });

  it('reads the status order a status at a time, skipping whole statuses by their counts', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    const overdueOrExpired = (r: Row) => r.status === 'overdue' || r.status === 'expired';
    await checkGrouped('status', [
      { criteria: {}, keep: () => true },
      { criteria: { statuses: ['overdue', 'expired'] }, keep: overdueOrExpired },
      // With a reach or a course the planners serve it (parts in rank order): the same pages.
      { criteria: { scope: [w.ops, w.opsEast] }, keep: inOps },
      { criteria: { courseIds: [w.courses.fire] }, keep: (r: Row) => r.course_id === w.courses.fire },
    ]);
  });

  it('reads each department apart from the learners’ department copies, as learners move and departments go', async () => {
    await moveRollupWindow(t.db, t.dialect, t.clock.now);
    const cases = () => [
      { criteria: {}, keep: () => true },
      { criteria: { scope: [w.ops, w.opsEast] }, keep: inOps },
      { criteria: { departmentIds: [w.ops] }, keep: inOps },
      { criteria: { courseIds: [w.courses.fire] }, keep: (r: Row) => r.course_id === w.courses.fire },
    ];
    // Learners without a department come first (their name sorts as '').
    await checkGrouped('department', cases());

    // Departments named alike are one group: Sales renamed as Operations in capitals.
    const ops = await t.db.selectFrom('departments').select('name').where('id', '=', w.ops).executeTakeFirstOrThrow();
    await t.db.updateTable('departments').set({ name: ops.name.toUpperCase() }).where('id', '=', w.sales).execute();
    // A learner moved (through any writer) takes their assignments along.
    const mover = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', w.companyA)
      .where('department_id', '=', w.sales)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ department_id: w.opsEast }).where('id', '=', mover.id).execute();
    await checkGrouped('department', cases());

    // A department deleted leaves its learners without one: their assignments move to the first group.
    await t.db.deleteFrom('departments').where('id', '=', w.sales).execute();
    const moved = await t.db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', w.companyA)
      .where('learner_department_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBeGreaterThan(0);
    await checkGrouped('department', cases());

    // Migration 054 fills the copies of the assignments already there.
    await migrateTestDb(t, '053-assignment-course-order');
    await migrateTestDb(t);
    await checkGrouped('department', cases());
  }, 120_000);
});

// Last: a migration run again recreates indexes, which PostgreSQL may not use for a while
// (`indcheckxmin`: the table has HOT chains, and other test files' transactions hold old snapshots),
// so the plan tests above must run before.
describe('migrations fill the copies of the assignments already there', () => {
  it('migration 045 fills the learner copies of the assignments already there', async () => {
    await migrateTestDb(t, '044-audit-text-search');
    await migrateTestDb(t);
    const all = await everything();
    for (const order of ['asc', 'desc'] as const) await checkPages(cm, all, { sort: 'learner', order });
  }, 120_000);
});
