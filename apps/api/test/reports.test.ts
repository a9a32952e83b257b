import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createTextField, createUser } from './support/factories.ts';
import {
  type ReportCriteria,
  attributeRollupDrift,
  expiryRollupDrift,
  leaderboardCandidates,
  learnerPageRows,
  learnerRollupDrift,
  moveRollupWindow,
  rollupDrift,
  rollupTotalsDrift,
} from '../src/modules/reports/index.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { listCodeDrift } from '../src/modules/assignments/assignments-status-codes.repository.ts';
import { type CommonFilter, type FilteredRow, passesCommonFilter } from './support/report-filters.ts';
import { type StatusSource, derivedStatus, statusCounts } from './support/derived-status.ts';

// Every /reports/assignments/* widget against a plain recount of the assignments read back from the
// database, after random sequences of assignments, completions, removals, department moves and
// deactivations; for the whole company, with each filter, and for a Department Manager's subtree.

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;
let dm: TestClient;
let root: TestClient;
let now: string;
let fieldId: number;
let pool: number[];
const departments = () => [w.ops, w.opsEast, w.sales, null];
const SITES = ['North', 'South', '=HYPERLINK("x")'];

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2025, 6, 1) + n * DAY).toISOString();

/** An assignment with its learner, as the test reads it back. */
interface Row extends StatusSource, FilteredRow {
  id: number;
  user_id: number;
  completed_at: string | null;
  score: number | null;
  first_name: string;
  last_name: string;
  username: string;
  site: string | null;
}

const statusAt = (a: Row) => derivedStatus(a, now);

async function everything(): Promise<Row[]> {
  const rows = await t.db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .leftJoin('user_field_values as v', (join) =>
      join.onRef('v.user_id', '=', 'users.id').on('v.field_id', '=', fieldId),
    )
    .selectAll('assignments')
    .select([
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.suspended',
      'users.department_id',
      'v.value as site',
    ])
    .where('assignments.company_id', '=', w.companyA)
    .execute();
  return rows as Row[];
}

interface Filter extends CommonFilter {
  site?: string[];
}

function pick(rows: Row[], f: Filter): Row[] {
  return rows.filter((r) => passesCommonFilter(r, f) && (!f.site || (r.site !== null && f.site.includes(r.site))));
}

const average = (values: number[]) =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

const counts = (rows: Row[]) => statusCounts(rows, now);

function groupBy<K>(rows: Row[], key: (r: Row) => K): Map<K, Row[]> {
  const map = new Map<K, Row[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return map;
}

const scores = (rows: Row[]) => rows.filter((r) => r.status === 'completed' && r.score !== null).map((r) => r.score!);
const byId = <T extends Record<string, unknown>>(list: T[], id: (x: T) => unknown) =>
  new Map(list.map((x) => [id(x), x]));

function expected(rows: Row[]) {
  const deptRows = [...groupBy(rows, (r) => r.department_id)].map(([id, list]) => ({ id, ...counts(list) }));
  const bound = (days: number) => new Date(Date.parse(now) + days * DAY).toISOString();
  const valid = rows.filter((r) => r.status === 'completed' && r.expires_at !== null);
  const learners = [...groupBy(rows, (r) => r.user_id)].map(([id, list]) => ({
    id,
    first: list[0]!.first_name,
    last: list[0]!.last_name,
    assigned: list.length,
    completed: list.filter((r) => statusAt(r) === 'completed').length,
    overdue: list.filter((r) => statusAt(r) === 'overdue').length,
    average_score: average(scores(list)),
  }));
  // The users list's order: last name, first name, id, as the database compares them (binary).
  const binary = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const byName = (a: (typeof learners)[number], b: (typeof learners)[number]) =>
    binary(a.last, b.last) || binary(a.first, b.first) || a.id - b.id;
  return {
    statusCounts: counts(rows),
    departments: deptRows,
    courses: [...groupBy(rows, (r) => r.course_id)].map(([id, list]) => ({
      id,
      ...counts(list),
      average_score: average(scores(list)),
    })),
    sites: [...groupBy(rows, (r) => r.site)].map(([value, list]) => ({ value, ...counts(list) })),
    recertification: {
      expired: valid.filter((r) => r.expires_at! <= now).length,
      days_30: valid.filter((r) => r.expires_at! > now && r.expires_at! <= bound(30)).length,
      days_60: valid.filter((r) => r.expires_at! > bound(30) && r.expires_at! <= bound(60)).length,
      days_90: valid.filter((r) => r.expires_at! > bound(60) && r.expires_at! <= bound(90)).length,
    },
    learnersByName: [...learners].sort(byName),
    leaderboard: learners
      .filter((l) => l.completed > 0)
      .sort((a, b) => b.completed - a.completed || (b.average_score ?? -1) - (a.average_score ?? -1) || byName(a, b))
      .slice(0, 10),
    leaderboardSummary: deptRows
      .filter((d) => d.id !== null)
      .sort((a, b) => (b.completion_rate ?? 0) - (a.completion_rate ?? 0) || b.completed - a.completed)
      .slice(0, 10),
  };
}

function query(f: Filter & { departmentRoots?: number[] }): string {
  const params: string[] = [];
  if (f.courseIds) params.push(`field[course_id]=${f.courseIds.join(',')}`);
  if (f.departmentRoots) params.push(`field[department_id]=${f.departmentRoots.join(',')}`);
  if (f.period) params.push(`field[period]=${f.period[0]}..${f.period[1]}`);
  if (f.site) params.push(`field[cf.site]=${f.site.map(encodeURIComponent).join(',')}`);
  if (f.includeDeactivated) params.push('include_deactivated=1');
  return params.length ? `?${params.join('&')}` : '';
}

async function report(client: TestClient, path: string, q = '') {
  const response = await client.get(`/api/v3/reports/assignments/${path}${q}`);
  expect(response.statusCode, `${path}${q}: ${response.body}`).toBe(200);
  return response.json().data;
}

/** Every widget for one caller and filter equals the recount over `rows` picked by `f`. */
async function checkAll(client: TestClient, all: Row[], f: Filter & { departmentRoots?: number[] }) {
  const rows = pick(all, f);
  const e = expected(rows);
  const q = query(f);
  expect(await report(client, 'status-counts', q)).toEqual(e.statusCounts);

  const departments = await report(client, 'department-summary', q);
  expect(departments).toHaveLength(e.departments.length);
  const deptMap = byId(e.departments, (d) => d.id);
  for (const d of departments) {
    const { id, ...rest } = deptMap.get(d.department?.id ?? null)!;
    const { department, ...got } = d;
    expect(got).toEqual(rest);
  }
  const courses = await report(client, 'course-summary', q);
  expect(courses).toHaveLength(e.courses.length);
  const courseMap = byId(e.courses, (c) => c.id);
  for (const c of courses) {
    const { id, ...rest } = courseMap.get(c.course.id)!;
    const { course, ...got } = c;
    expect(got).toEqual(rest);
  }
  const attribute = await report(client, `attribute-summary${q ? `${q}&` : '?'}attribute=site`);
  expect(attribute.rows).toHaveLength(e.sites.length);
  const siteMap = byId(e.sites, (s) => s.value);
  for (const row of attribute.rows) expect(row).toEqual(siteMap.get(row.value));

  const recert = await report(client, 'recertification', q);
  expect({ ...recert, courses: undefined }).toEqual({ ...e.recertification, courses: undefined });
  expect(
    recert.courses.reduce((sum: number, c: { days_30: number; expired: number }) => sum + c.days_30 + c.expired, 0),
  ).toBe(e.recertification.days_30 + e.recertification.expired);

  const leaderboard = await report(client, 'leaderboard', q);
  expect(
    leaderboard.map((l: { learner: { id: number }; completed: number; average_score: number | null }) => [
      l.learner.id,
      l.completed,
      l.average_score,
    ]),
  ).toEqual(e.leaderboard.map((l) => [l.id, l.completed, l.average_score]));
  const summary = await report(client, 'leaderboard-summary', q);
  expect(
    summary.map((s: { completed: number; completion_rate: number | null }) => [s.completed, s.completion_rate]),
  ).toEqual(e.leaderboardSummary.map((s) => [s.completed, s.completion_rate]));

  const users = await client.get(`/api/v3/reports/assignments/user-completion-summary${q ? `${q}&` : '?'}per_page=100`);
  expect(users.statusCode).toBe(200);
  expect(users.json().meta.total).toBe(e.learnersByName.length);
  expect(
    users
      .json()
      .data.map(
        (u: {
          learner: { id: number };
          assigned: number;
          completed: number;
          overdue: number;
          average_score: number | null;
        }) => [u.learner.id, u.assigned, u.completed, u.overdue, u.average_score],
      ),
  ).toEqual(e.learnersByName.map((l) => [l.id, l.assigned, l.completed, l.overdue, l.average_score]));

  // Completion history: the months of the period (default the last 12), by assignment and completion date.
  const history = await report(client, 'completion-history', q);
  const historyRows = pick(all, { ...f, period: undefined });
  for (const month of history) {
    expect(month.assigned).toBe(historyRows.filter((r) => r.assigned_at.startsWith(month.month)).length);
    expect(month.completed).toBe(
      historyRows.filter((r) => r.status === 'completed' && r.completed_at?.startsWith(month.month)).length,
    );
  }
}

/**
 * The leaderboard's walk over the learner rollups finds the same candidates a learner at a time as in
 * one batch (the whole pool): the widget checks above see only the one-batch walk.
 */
const ONE_AT_A_TIME = { first: 1, growth: 1 };

async function checkLeaderboardWalk() {
  for (const reach of [
    { departments: null, includeDeactivated: false },
    { departments: null, includeDeactivated: true },
    { departments: [w.ops, w.opsEast], includeDeactivated: false },
  ]) {
    const c: ReportCriteria = { companyId: w.companyA, now, ...reach };
    const whole = await leaderboardCandidates(t.db, c, 10);
    expect(await leaderboardCandidates(t.db, c, 10, ONE_AT_A_TIME)).toEqual(whole);
    expect(await leaderboardCandidates(t.db, c, 3, ONE_AT_A_TIME)).toEqual(await leaderboardCandidates(t.db, c, 3));
  }
}

// --- the random changes ---

type Command =
  | { kind: 'assign'; learner: number; course: number; assigned: number; due: number | null }
  | { kind: 'start'; pick: number }
  | { kind: 'complete'; pick: number; score: number | null; completed: number; expires: number | null }
  | { kind: 'remove'; pick: number }
  | { kind: 'move'; learner: number; department: number }
  | { kind: 'deactivate'; learner: number; suspended: boolean }
  | { kind: 'site'; learner: number; site: number | null }
  | { kind: 'retype'; type: 'select' | 'boolean' | 'text' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('assign' as const),
    learner: fc.nat(20),
    course: fc.nat(2),
    assigned: fc.integer({ min: 0, max: 330 }),
    due: fc.option(fc.integer({ min: 0, max: 400 })),
  }),
  fc.record({ kind: fc.constant('start' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('complete' as const),
    pick: fc.nat(),
    score: fc.option(fc.integer({ min: 0, max: 100 })),
    completed: fc.integer({ min: 0, max: 240 }),
    expires: fc.option(fc.integer({ min: 200, max: 360 })),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), learner: fc.nat(20), department: fc.nat(3) }),
  fc.record({ kind: fc.constant('deactivate' as const), learner: fc.nat(20), suspended: fc.boolean() }),
  // A learner's site set, changed or cleared; the field retyped (select and yes/no are kept in the
  // attribute rollups, text is not: its summary reads the table).
  fc.record({ kind: fc.constant('site' as const), learner: fc.nat(20), site: fc.option(fc.nat(2)) }),
  fc.record({
    kind: fc.constant('retype' as const),
    type: fc.constantFrom('select' as const, 'boolean' as const, 'text' as const),
  }),
);

async function apply(commands: Command[]) {
  const courses = [w.courses.fire, w.courses.ethics, w.courses.retired];
  for (const c of commands) {
    const ids = (
      await t.db.selectFrom('assignments').select('id').where('company_id', '=', w.companyA).orderBy('id').execute()
    ).map((r) => r.id);
    const target = 'pick' in c && ids.length > 0 ? ids[c.pick % ids.length]! : undefined;
    switch (c.kind) {
      case 'assign':
        await insertAssignment(t.db, {
          companyId: w.companyA,
          userId: pool[c.learner % pool.length]!,
          courseId: courses[c.course]!,
          assignedAt: day(c.assigned),
          dueAt: c.due === null ? null : day(c.assigned + c.due),
        });
        break;
      case 'start':
        if (target)
          await t.db
            .updateTable('assignments')
            .set({ status: 'in_progress', progress: 40, started_at: day(1) })
            .where('id', '=', target)
            .execute();
        break;
      case 'complete':
        if (target)
          await t.db
            .updateTable('assignments')
            .set({
              status: 'completed',
              progress: 100,
              score: c.score,
              completed_at: day(c.completed),
              expires_at: c.expires === null ? null : day(c.completed + c.expires),
            })
            .where('id', '=', target)
            .execute();
        break;
      case 'remove':
        if (target) await t.db.deleteFrom('assignments').where('id', '=', target).execute();
        break;
      case 'move':
        await t.db
          .updateTable('users')
          .set({ department_id: departments()[c.department]! })
          .where('id', '=', pool[c.learner % pool.length]!)
          .execute();
        break;
      case 'deactivate':
        await t.db
          .updateTable('users')
          .set({ suspended: c.suspended ? 1 : 0 })
          .where('id', '=', pool[c.learner % pool.length]!)
          .execute();
        break;
      case 'site': {
        const learner = pool[c.learner % pool.length]!;
        if (c.site === null)
          await t.db
            .deleteFrom('user_field_values')
            .where('user_id', '=', learner)
            .where('field_id', '=', fieldId)
            .execute();
        else
          await t.db
            .insertInto('user_field_values')
            .values({ user_id: learner, field_id: fieldId, company_id: w.companyA, value: SITES[c.site]! })
            .onConflict((oc) => oc.columns(['user_id', 'field_id']).doUpdateSet({ value: SITES[c.site!]! }))
            .execute();
        break;
      }
      case 'retype':
        await t.db.updateTable('custom_fields').set({ type: c.type }).where('id', '=', fieldId).execute();
        break;
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now.toISOString();
  // The daily job's first run: the rollups answer from here on (decision 088).
  await moveRollupWindow(t.db, t.dialect, t.clock.now);
  w = await createAssignmentsWorld(t.db);
  // A select: its summary comes from the attribute rollups (the retype command turns it to text and back).
  fieldId = await createTextField(t.db, w.companyA, 'site', 'Site');
  await t.db
    .updateTable('custom_fields')
    .set({ type: 'select', options: JSON.stringify(SITES) })
    .where('id', '=', fieldId)
    .execute();
  pool = [w.learners.ops1, w.learners.ops2, w.learners.east1, w.learners.sales1, w.learners.sales2, w.learners.nodept];
  for (let i = 0; i < 15; i++) {
    const user = await createUser(t.db, {
      companyId: w.companyA,
      username: `pool${i}`,
      firstName: `First${i % 4}`,
      lastName: `Last${i % 7}`,
      departmentId: departments()[i % 4]!,
    });
    pool.push(user.id);
  }
  for (const [i, userId] of pool.entries()) {
    if (i % 5 === 4) continue;
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: userId, field_id: fieldId, company_id: w.companyA, value: SITES[i % SITES.length]! })
      .execute();
  }
  // Company B's assignments never count for A.
  for (let i = 0; i < 5; i++)
    await insertAssignment(t.db, {
      companyId: w.companyB,
      userId: w.learners.b1,
      courseId: w.courses.fire,
      status: 'completed',
      completedAt: day(100),
      assignedAt: day(90),
      score: 10,
    });
  await signInAgain();
}, 60_000);

async function signInAgain() {
  cm = await signedIn(t.app, 'a.cm');
  dm = await signedIn(t.app, 'a.dm');
  root = await signedIn(t.app, 'root');
}

afterAll(async () => {
  await t?.close();
});

describe('assignment reports equal a recount', () => {
  it('after any sequence of assignments, completions, removals, moves and deactivations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        await apply(commands);
        expect(await rollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await rollupTotalsDrift(t.db, w.companyA)).toEqual([]);
        expect(await learnerRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await expiryRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await attributeRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await listCodeDrift(t.db, w.companyA)).toEqual([]);
        await checkLeaderboardWalk();
        const all = await everything();
        await checkAll(cm, all, {});
        await checkAll(cm, all, { courseIds: [w.courses.fire] });
        await checkAll(cm, all, { departmentRoots: [w.ops], departmentIds: [w.ops, w.opsEast] });
        await checkAll(cm, all, { includeDeactivated: true });
        // Whole months (the rollups answer) and days (the table answers).
        await checkAll(cm, all, { period: ['2025-09-01', '2026-02-28'] });
        await checkAll(cm, all, { period: ['2025-09-03', '2026-03-01'] });
        await checkAll(cm, all, { site: ['North', SITES[2]!] });
        // The Department Manager of Ops: their subtree only, whatever the company holds elsewhere.
        await checkAll(dm, all, { departmentIds: [w.ops, w.opsEast] });
        await checkAll(dm, all, {
          departmentRoots: [w.opsEast],
          departmentIds: [w.opsEast],
          courseIds: [w.courses.ethics],
        });
      }),
      { numRuns: 12 },
    );
  }, 600_000);

  it('stays equal to a recount as days pass and the daily job moves the rollups’ window', async () => {
    const start = t.clock.now;
    try {
      for (const days of [1, 3, 10, 45]) {
        t.clock.advanceMinutes(days * 24 * 60);
        now = t.clock.now.toISOString();
        await signInAgain(); // days on, the sessions have lapsed
        // Before the move the window does not hold the new day: the table answers, with the same numbers.
        await checkAll(cm, await everything(), {});
        expect(await moveRollupWindow(t.db, t.dialect, t.clock.now)).toEqual({ moved: true, rebuilt: false });
        expect(await rollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await rollupTotalsDrift(t.db, w.companyA)).toEqual([]);
        expect(await learnerRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await expiryRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await attributeRollupDrift(t.db, w.companyA)).toEqual([]);
        expect(await listCodeDrift(t.db, w.companyA)).toEqual([]);
        await checkLeaderboardWalk();
        const all = await everything();
        await checkAll(cm, all, {});
        await checkAll(cm, all, { courseIds: [w.courses.fire], includeDeactivated: true });
        await checkAll(dm, all, { departmentIds: [w.ops, w.opsEast] });
      }
    } finally {
      // A clock that went back rebuilds every row.
      t.clock.now = start;
      now = start.toISOString();
      expect(await moveRollupWindow(t.db, t.dialect, t.clock.now)).toEqual({ moved: true, rebuilt: true });
      expect(await rollupDrift(t.db, w.companyA)).toEqual([]);
      expect(await rollupTotalsDrift(t.db, w.companyA)).toEqual([]);
      expect(await attributeRollupDrift(t.db, w.companyA)).toEqual([]);
      expect(await listCodeDrift(t.db, w.companyA)).toEqual([]);
      await signInAgain();
    }
    await checkAll(cm, await everything(), {});
  }, 120_000);

  it('answers a site admin for the company it picks, and never mixes in another company', async () => {
    const b = await root.get('/api/v3/reports/assignments/status-counts', {
      headers: { 'x-company-id': String(w.companyB) },
    });
    expect(b.json().data).toMatchObject({ assigned: 5, completed: 5, completion_rate: 100 });
    const own = await report(cm, 'course-summary');
    expect(own.some((c: { course: { id: number } }) => c.course.id === w.courses.betaOnly)).toBe(false);
  });
});

describe('the leaderboard', () => {
  it('ranks learners by completions valid now: stored completions that expired do not keep a learner on top', async () => {
    const company = await createCompany(t.db, { name: 'Leaderboard Walk Co' });
    const learner = async (i: number) =>
      (await createUser(t.db, { companyId: company.id, username: `walk${i}`, lastName: `Walker ${i}` })).id;
    const complete = (userId: number, courseId: number, expiresAt: string | null, score = 80) =>
      insertAssignment(t.db, {
        companyId: company.id,
        userId,
        courseId,
        status: 'completed',
        assignedAt: day(10),
        completedAt: day(20),
        expiresAt,
        score,
      });
    const expired = new Date(Date.parse(now) - DAY).toISOString();
    const courses = [w.courses.fire, w.courses.ethics, w.courses.retired];
    // Three stored completions each, all expired (valid 0) or two expired (valid 1): first in the rollups.
    const allExpired = await learner(0);
    const oneValid = await learner(1);
    for (const course of courses) await complete(allExpired, course, expired, 100);
    for (const [i, course] of courses.entries()) await complete(oneValid, course, i < 2 ? expired : null, 100);
    // Ten learners with two valid completions each, scores 70..79.
    const twoValid: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await learner(2 + i);
      twoValid.push(id);
      for (const course of courses.slice(0, 2)) await complete(id, course, null, 70 + i);
    }
    // An eleventh ties the last of them (two valid, average 70) and comes first by name: it takes tenth place.
    const tied = await createUser(t.db, { companyId: company.id, username: 'walk12', lastName: 'Aardvark' });
    for (const course of courses.slice(0, 2)) await complete(tied.id, course, null, 70);
    const board = await root.get('/api/v3/reports/assignments/leaderboard', {
      headers: { 'x-company-id': String(company.id) },
    });
    expect(board.statusCode).toBe(200);
    const expectedBoard = [...twoValid.slice(1)].reverse().concat(tied.id);
    expect(
      board.json().data.map((row: { learner: { id: number }; completed: number }) => [row.learner.id, row.completed]),
    ).toEqual(expectedBoard.map((id) => [id, 2]));
    // A learner at a time, the walk still keeps both learners tied for tenth place.
    const c: ReportCriteria = { companyId: company.id, now, departments: null, includeDeactivated: false };
    expect(new Set(await leaderboardCandidates(t.db, c, 10, ONE_AT_A_TIME))).toEqual(new Set([...twoValid, tied.id]));
    expect(await learnerRollupDrift(t.db, company.id)).toEqual([]);
  });
});

describe('recertification', () => {
  it('puts completions in the right bucket on the days its bounds fall in, whether rollups or the table answer', async () => {
    // The rollups read a bound's day on one side of its instant (before noon: up to it; after: past
    // it) and take the other side from the day's total: a clock in each half of the day tries both.
    const start = t.clock.now;
    try {
      for (const offset of [0, 12]) {
        t.clock.now = new Date(start.getTime() + offset * 3_600_000);
        now = t.clock.now.toISOString();
        await moveRollupWindow(t.db, t.dialect, t.clock.now);
        await signInAgain();
        await checkBoundDays(`Recertification Bounds Co ${offset}`);
      }
    } finally {
      t.clock.now = start;
      now = start.toISOString();
      await moveRollupWindow(t.db, t.dialect, t.clock.now);
      await signInAgain();
    }
  });
});

/** A company whose completions expire on each side of every bound's instant, by the hour: each lands in its bucket. */
async function checkBoundDays(name: string) {
  const company = await createCompany(t.db, { name });
  const learner = (await createUser(t.db, { companyId: company.id, username: `recert${company.id}` })).id;
  const at = (hours: number) => new Date(Date.parse(now) + hours * 3_600_000).toISOString();
  const H = 24;
  const expiries = {
    expired: [at(-1), at(-10 * H)],
    // Two on one side of a bound, one on the other: a side read as the other's would miscount.
    days_30: [at(1), at(2), at(10 * H), at(30 * H - 2), at(30 * H - 1)],
    days_60: [at(30 * H + 1), at(45 * H), at(60 * H - 2), at(60 * H - 1)],
    days_90: [at(60 * H + 1), at(75 * H), at(90 * H - 2), at(90 * H - 1)],
    later: [at(90 * H + 1)],
  };
  for (const expiresAt of Object.values(expiries).flat())
    await insertAssignment(t.db, {
      companyId: company.id,
      userId: learner,
      courseId: w.courses.fire,
      status: 'completed',
      assignedAt: day(10),
      completedAt: day(20),
      expiresAt,
    });
  expect(await expiryRollupDrift(t.db, company.id)).toEqual([]);
  const headers = { 'x-company-id': String(company.id) };
  const expected = { expired: 2, days_30: 5, days_60: 4, days_90: 4 };
  // No period: the rollups answer; a period covering every assignment: the table does.
  for (const q of ['', '?field[period]=2025-01-01..2026-12-31']) {
    const response = await root.get(`/api/v3/reports/assignments/recertification${q}`, { headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      ...expected,
      courses: [{ course: { id: w.courses.fire }, ...expected }],
    });
  }
}

describe('custom field summary', () => {
  it('keeps a select field’s counts through values set, changed and cleared, a retype, a learner deleted and the field deleted', async () => {
    const company = await createCompany(t.db, { name: 'Attribute Rollups Co' });
    const headers = { 'x-company-id': String(company.id) };
    const created = await root.post(
      '/api/v3/custom-fields',
      { key: 'shift', label: 'Shift', type: 'select', options: ['Early', 'Late'] },
      { headers },
    );
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json().data.id as number;
    const learners: number[] = [];
    for (const [i, status] of (['not_started', 'completed', 'in_progress', 'completed'] as const).entries()) {
      const learner = (await createUser(t.db, { companyId: company.id, username: `shift${i}` })).id;
      learners.push(learner);
      for (const courseId of [w.courses.fire, w.courses.ethics])
        await insertAssignment(t.db, {
          companyId: company.id,
          userId: learner,
          courseId,
          status,
          score: status === 'completed' ? 60 + i * 10 : null,
          completedAt: status === 'completed' ? day(200) : null,
          dueAt: i === 0 ? day(100) : null,
        });
    }
    const setShift = (learner: number, value: string) =>
      t.db
        .insertInto('user_field_values')
        .values({ user_id: learner, field_id: field, company_id: company.id, value })
        .onConflict((oc) => oc.columns(['user_id', 'field_id']).doUpdateSet({ value }))
        .execute();
    /** The summary's rows: from the rollups (no period) and from the table (a period covering every assignment), equal. */
    const summary = async () => {
      const [rollups, table] = await Promise.all(
        ['', '&field[period]=2020-01-01..2030-12-31'].map(async (q) => {
          const response = await root.get(`/api/v3/reports/assignments/attribute-summary?attribute=shift${q}`, {
            headers,
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json().data.rows as { value: string | null; assigned: number; completed: number }[];
        }),
      );
      expect(rollups).toEqual(table);
      expect(await attributeRollupDrift(t.db, company.id)).toEqual([]);
      return rollups!.map((row) => [row.value, row.assigned, row.completed]);
    };
    const keptRows = async () =>
      Number(
        (
          await t.db
            .selectFrom('attribute_rollups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('field_id', '=', field)
            .executeTakeFirstOrThrow()
        ).n,
      );

    await setShift(learners[0]!, 'Early');
    await setShift(learners[1]!, 'Late');
    await setShift(learners[3]!, 'Late');
    expect(await summary()).toEqual([
      ['Early', 2, 0],
      ['Late', 4, 4],
      [null, 2, 0],
    ]);
    await setShift(learners[0]!, 'Late'); // changed
    await t.db.deleteFrom('user_field_values').where('user_id', '=', learners[1]!).execute(); // cleared
    expect(await summary()).toEqual([
      ['Late', 4, 2],
      [null, 4, 2],
    ]);
    // A text field is not kept: its rows go, and its summary reads the table; back to select, they return.
    await t.db.updateTable('custom_fields').set({ type: 'text' }).where('id', '=', field).execute();
    expect(await keptRows()).toBe(0);
    expect(await summary()).toEqual([
      ['Late', 4, 2],
      [null, 4, 2],
    ]);
    await t.db.updateTable('custom_fields').set({ type: 'select' }).where('id', '=', field).execute();
    expect(await keptRows()).toBeGreaterThan(0);
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', learners[0]!).execute();
    expect(await summary()).toEqual([
      ['Late', 2, 2],
      [null, 4, 2],
    ]);
    await t.db.deleteFrom('users').where('id', '=', learners[3]!).execute();
    expect(await summary()).toEqual([[null, 4, 2]]);
    const removed = await root.delete(`/api/v3/custom-fields/${field}`, { headers });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await keptRows()).toBe(0);
  });
});

describe('a select field filter on the other widgets', () => {
  it('comes from the attribute rollups (the field’s own summary too), learners turning today included, and equals the table’s answer', async () => {
    const company = await createCompany(t.db, { name: 'Attribute Filter Co' });
    const headers = { 'x-company-id': String(company.id) };
    const created = await root.post(
      '/api/v3/custom-fields',
      { key: 'crew', label: 'Crew', type: 'select', options: ['Red', 'Blue'] },
      { headers },
    );
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json().data.id as number;
    const at = (hours: number) => new Date(Date.parse(now) + hours * 3_600_000).toISOString();
    // Per learner: one due an hour ago (overdue since today), one due in an hour, one completion expiring
    // an hour ago and one in an hour, and one overdue for long; learners of each crew and none.
    for (const [i, crew] of (['Red', 'Blue', 'Red', null, 'Blue'] as const).entries()) {
      const learner = (await createUser(t.db, { companyId: company.id, username: `crew${i}` })).id;
      if (crew)
        await t.db
          .insertInto('user_field_values')
          .values({ user_id: learner, field_id: field, company_id: company.id, value: crew })
          .execute();
      const courseId = i % 2 === 0 ? w.courses.fire : w.courses.ethics;
      const base = { companyId: company.id, userId: learner, courseId };
      await insertAssignment(t.db, { ...base, dueAt: at(-1) });
      await insertAssignment(t.db, { ...base, dueAt: at(1), status: 'in_progress', startedAt: day(50) });
      const done = { ...base, status: 'completed' as const, completedAt: day(50), score: 70 + i };
      await insertAssignment(t.db, { ...done, expiresAt: at(-1) });
      await insertAssignment(t.db, { ...done, expiresAt: at(1) });
      if (i < 2) await insertAssignment(t.db, { ...base, dueAt: day(10) });
    }
    expect(await attributeRollupDrift(t.db, company.id)).toEqual([]);
    const widget = async (path: string, q: string) => {
      const response = await root.get(`/api/v3/reports/assignments/${path}?${q}`, { headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    // No period: the attribute rollups answer; a period holding every assignment: the table does.
    const everything = '&field[period]=2020-01-01..2030-12-31';
    for (const crews of ['Red', 'Blue', 'Red,Blue']) {
      const q = `field[cf.crew]=${crews}`;
      for (const path of ['status-counts', 'department-summary', 'course-summary', 'attribute-summary'])
        expect(await widget(path, `${q}&attribute=crew`), `${path} ${crews}`).toEqual(
          await widget(path, `${q}&attribute=crew${everything}`),
        );
    }
    // Red: learners 0 and 2, five assignments each less learner 2's long-overdue one.
    expect(await widget('status-counts', 'field[cf.crew]=Red')).toMatchObject({
      assigned: 9,
      not_started: 0,
      in_progress: 2,
      overdue: 3,
      completed: 2,
      expired: 2,
    });
    expect((await widget('status-counts', '')).assigned).toBe(22);
    const crewRows = await widget('attribute-summary', 'attribute=crew&field[cf.crew]=Red');
    expect(crewRows.rows.map((row: { value: string | null; assigned: number }) => [row.value, row.assigned])).toEqual([
      ['Red', 9],
    ]);
  });
});

describe('filters and scope', () => {
  it('reads a select option holding a comma as one value, as the users list does', async () => {
    const created = await root.post(
      '/api/v3/custom-fields',
      { key: 'office', label: 'Office', type: 'select', options: ['Chicago, IL', 'Remote'] },
      { headers: { 'x-company-id': String(w.companyA) } },
    );
    expect(created.statusCode, created.body).toBe(201);
    const learner = pool[0]!;
    await insertAssignment(t.db, { companyId: w.companyA, userId: learner, courseId: w.courses.ethics });
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: learner, field_id: created.json().data.id, company_id: w.companyA, value: 'Chicago, IL' })
      .execute();
    const own = await t.db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', learner)
      .where('status', '<>', 'renewed')
      .executeTakeFirstOrThrow();
    const q = `?field[cf.office]=${encodeURIComponent('Chicago, IL')}&include_deactivated=1`;
    expect((await report(cm, 'status-counts', q)).assigned).toBe(Number(own.n));
    const users = await cm.get(`/api/v3/reports/assignments/user-completion-summary${q}`);
    expect(users.json().meta.total).toBe(1);
    // Reports filter by exact values: a text field's prefix is the users list's, not theirs.
    await t.db.updateTable('custom_fields').set({ type: 'text' }).where('id', '=', fieldId).execute();
    const prefix = await cm.get('/api/v3/reports/assignments/status-counts?field[cf.site]=Nor*');
    expect(prefix.statusCode).toBe(422);
    expect(prefix.json().error.details['field[cf.site]']).toEqual([
      'Reports filter custom fields by exact values: leave out * and date ranges.',
    ]);
    await t.db.deleteFrom('user_field_values').where('field_id', '=', created.json().data.id).execute();
  });

  it('refuses a department outside a Department Manager’s reach with 403', async () => {
    const response = await dm.get(`/api/v3/reports/assignments/status-counts?field[department_id]=${w.sales}`);
    expect(response.statusCode).toBe(403);
  });

  it('names each bad filter in a 422', async () => {
    const response = await cm.get(
      '/api/v3/reports/assignments/status-counts?field[course_id]=x&field[period]=2026-13-01..&field[cf.nope]=1&field[colour]=red',
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.details).sort()).toEqual([
      'field[cf.nope]',
      'field[colour]',
      'field[course_id]',
      'field[period]',
    ]);
    // A day that does not exist is refused, not rolled over into March.
    const missingDay = await cm.get('/api/v3/reports/assignments/status-counts?field[period]=2026-02-30..2026-03-31');
    expect(missingDay.statusCode).toBe(422);
    expect(Object.keys(missingDay.json().error.details)).toEqual(['field[period]']);
    const other = await cm.get(`/api/v3/reports/assignments/status-counts?field[department_id]=999999`);
    expect(other.statusCode).toBe(422);
    const attribute = await cm.get('/api/v3/reports/assignments/attribute-summary?attribute=nope');
    expect(attribute.statusCode).toBe(422);
    expect(attribute.json().error.details).toEqual({ attribute: ['Unknown custom field.'] });
  });

  it('shows the months of the period in completion-history, 12 by default', async () => {
    const months = await report(cm, 'completion-history');
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    const period = await report(cm, 'completion-history', '?field[period]=2025-11-15..2026-01-10');
    expect(period.map((m: { month: string }) => m.month)).toEqual(['2025-11', '2025-12', '2026-01']);
  });
});

describe('exports', () => {
  it('writes what the widget shows, formula cells neutralised, and audits it', async () => {
    const response = await cm.get(
      '/api/v3/reports/assignments/export?report=attribute-summary&attribute=site&format=csv',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const widget = await report(cm, 'attribute-summary?attribute=site');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Site,Assigned,Not started,In progress,Overdue,Completed,Expired,Completion rate (%)');
    expect(lines).toHaveLength(widget.rows.length + 1);
    expect(response.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    if (widget.rows.some((r: { value: string | null }) => r.value === SITES[2]))
      expect(response.body).toContain(`'=HYPERLINK`);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'reports.export').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('exports every learner of user-completion-summary in the widget’s order, batch after batch', async () => {
    for (const userId of pool)
      await insertAssignment(t.db, { companyId: w.companyA, userId, courseId: w.courses.fire });
    const widget = await cm.get(
      '/api/v3/reports/assignments/user-completion-summary?per_page=100&include_deactivated=1',
    );
    const usernames = widget.json().data.map((row: { learner: { username: string } }) => row.learner.username);
    expect(usernames.length).toBeGreaterThanOrEqual(pool.length);
    const csv = await cm.get(
      '/api/v3/reports/assignments/export?report=user-completion-summary&format=csv&include_deactivated=1',
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(usernames.length);
    for (const [i, username] of usernames.entries()) expect(lines[i]).toContain(username);
    // The export's batches walk on from the last learner of the one before: one learner a batch here.
    const c: ReportCriteria = { companyId: w.companyA, now, departments: null, includeDeactivated: true };
    const walked: number[] = [];
    let after: Awaited<ReturnType<typeof learnerPageRows>>[number] | undefined;
    for (;;) {
      const [row] = await learnerPageRows(t.db, c, { limit: 1, after });
      if (!row) break;
      walked.push(row.user_id);
      after = row;
    }
    expect(walked).toEqual((await learnerPageRows(t.db, c, { limit: 1000 })).map((row) => row.user_id));
    expect(walked).toHaveLength(usernames.length);
  });

  it('streams every learner of user-completion-summary as XLSX', async () => {
    const response = await cm.get('/api/v3/reports/assignments/export?report=user-completion-summary&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('benchmarks', () => {
  it('compare only with at least five other companies, as the unweighted average of their rates', async () => {
    const fresh = await createTestApp();
    try {
      const companies: number[] = [];
      const rates = [100, 50, 0, 25, 75, 50];
      for (const i of rates.keys()) {
        const company = await createCompany(fresh.db, { name: `Bench ${i}` });
        companies.push(company.id);
      }
      const course = await fresh.db
        .insertInto('courses')
        .values({
          name: 'Shared',
          description: null,
          duration_minutes: null,
          passing_score: null,
          recertify_months: null,
          attempts_allowed: null,
          thumbnail_path: null,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const fill = async (companyId: number, rate: number) => {
        const learner = await createUser(fresh.db, { companyId });
        for (let i = 0; i < 4; i++)
          await insertAssignment(fresh.db, {
            companyId,
            userId: learner.id,
            courseId: course.id,
            status: i < rate / 25 ? 'completed' : 'not_started',
            completedAt: i < rate / 25 ? day(10) : null,
            score: i < rate / 25 ? 80 : null,
          });
      };
      await createUser(fresh.db, { companyId: companies[0]!, role: 1, username: 'bench.cm' });
      const client = await signedIn(fresh.app, 'bench.cm');
      // Four companies with figures: no comparison.
      for (const [i, companyId] of companies.slice(0, 4).entries()) await fill(companyId, rates[i]!);
      let data = (await client.get('/api/v3/reports/assignments/completion-benchmark')).json().data;
      expect(data).toMatchObject({ company: 100, others: null, comparison_available: false });
      expect(data.courses[0]).toMatchObject({ company: 100, others: null });
      // Five others (six companies): the average of their rates, rounded.
      await fill(companies[4]!, rates[4]!);
      data = (await client.get('/api/v3/reports/assignments/completion-benchmark')).json().data;
      expect(data.others).toBeNull();
      await fill(companies[5]!, rates[5]!);
      data = (await client.get('/api/v3/reports/assignments/completion-benchmark')).json().data;
      expect(data).toMatchObject({
        company: 100,
        others: Math.round((50 + 0 + 25 + 75 + 50) / 5),
        comparison_available: true,
      });
      // Scores: companies with no scored completion have no figure, so there are too few.
      const scores = (await client.get('/api/v3/reports/assignments/score-benchmark')).json().data;
      expect(scores).toMatchObject({ company: 80, others: null, comparison_available: false });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
