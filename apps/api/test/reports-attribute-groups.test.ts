import { ATTRIBUTE_TOP_VALUES, type AttributeSummary } from '@heed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createTextField, createUser } from './support/factories.ts';
import { attributeRollupDrift, moveRollupWindow } from '../src/modules/reports/index.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type CommonFilter, type FilteredRow, passesCommonFilter } from './support/report-filters.ts';
import { type StatusSource, statusCounts } from './support/derived-status.ts';

// attribute-summary by each kind of field (decision 097): a date field by year, a text or number field
// as its 20 values with the most assignments and the rest summed, a select field per value as before;
// each against a recount of the rows read back, for the whole company, each filter and a Department
// Manager's subtree.

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;
let dm: TestClient;
let now: string;
const fields: Record<'badge' | 'hired' | 'shift' | 'grade', number> = { badge: 0, hired: 0, shift: 0, grade: 0 };

const DAY = 86_400_000;
const LEARNERS = 34;
/** Badges B00…B26 (27 distinct values) and none for the last four learners; three learners share B00…B02. */
const badgeOf = (i: number) => (i >= 30 ? null : `B${String(i % 27).padStart(2, '0')}`);
const YEARS = ['2019', '2021', '2023'];
/** A hire date in one of three years, none for every seventh learner. */
const hiredOf = (i: number) =>
  i % 7 === 6
    ? null
    : `${YEARS[i % 3]}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
const shiftOf = (i: number) => (i % 5 === 4 ? null : i % 2 === 0 ? 'Early' : 'Late');
const gradeOf = (i: number) => (i % 4 === 3 ? null : String([1, 2, 10][i % 3]));

/** An assignment with its learner, as the test reads it back. */
interface Row extends StatusSource, FilteredRow {
  user_id: number;
  values: Record<keyof typeof fields, string | null>;
}

const counts = (rows: Row[]) => statusCounts(rows, now);
function groupBy(rows: Row[], key: (r: Row) => string | null): Map<string | null, Row[]> {
  const map = new Map<string | null, Row[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return map;
}
const binary = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every assignment of company A with its learner and the learner's values, read back. */
async function everything(): Promise<Row[]> {
  const rows = await t.db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .select([
      'assignments.user_id',
      'assignments.course_id',
      'assignments.status',
      'assignments.assigned_at',
      'assignments.due_at',
      'assignments.started_at',
      'assignments.progress',
      'assignments.expires_at',
      'users.suspended',
      'users.department_id',
    ])
    .where('assignments.company_id', '=', w.companyA)
    .where('assignments.status', '<>', 'renewed')
    .execute();
  const values = await t.db
    .selectFrom('user_field_values')
    .select(['user_id', 'field_id', 'value'])
    .where('company_id', '=', w.companyA)
    .execute();
  const byUser = new Map<number, Row['values']>();
  for (const v of values) {
    const held = byUser.get(v.user_id) ?? { badge: null, hired: null, shift: null, grade: null };
    byUser.set(v.user_id, held);
    const name = (Object.keys(fields) as (keyof typeof fields)[]).find((key) => fields[key] === v.field_id);
    if (name) held[name] = v.value;
  }
  return rows.map((row) => ({
    ...row,
    values: byUser.get(row.user_id) ?? { badge: null, hired: null, shift: null, grade: null },
  })) as Row[];
}

interface Filter extends CommonFilter {
  departmentRoots?: number[];
  shift?: string[];
  badge?: string[];
}

function pick(rows: Row[], f: Filter): Row[] {
  return rows.filter(
    (r) =>
      passesCommonFilter(r, f) &&
      (!f.shift || (r.values.shift !== null && f.shift.includes(r.values.shift))) &&
      (!f.badge || (r.values.badge !== null && f.badge.includes(r.values.badge))),
  );
}

function query(f: Filter): string {
  const params: string[] = [];
  if (f.courseIds) params.push(`field[course_id]=${f.courseIds.join(',')}`);
  if (f.departmentRoots) params.push(`field[department_id]=${f.departmentRoots.join(',')}`);
  if (f.period) params.push(`field[period]=${f.period[0]}..${f.period[1]}`);
  if (f.shift) params.push(`field[cf.shift]=${f.shift.join(',')}`);
  if (f.badge) params.push(`field[cf.badge]=${f.badge.join(',')}`);
  if (f.includeDeactivated) params.push('include_deactivated=1');
  return params.join('&');
}

const noValueLast = (rows: { value: string | null }[]) => [
  ...rows.filter((r) => r.value !== null),
  ...rows.filter((r) => r.value === null),
];

/** The summary of a text or number field, recounted: the 20 largest values, most first (ties by value), the rest, no value. */
function expectedTop(rows: Row[], field: keyof typeof fields) {
  const valued = groupBy(
    rows.filter((r) => r.values[field] !== null),
    (r) => r.values[field],
  );
  const ranked = [...valued]
    .map(([value, list]) => ({ value, list }))
    .sort((a, b) => b.list.length - a.list.length || binary(a.value!, b.value!));
  const listed = ranked.slice(0, ATTRIBUTE_TOP_VALUES);
  const rest = ranked.slice(ATTRIBUTE_TOP_VALUES);
  const none = rows.filter((r) => r.values[field] === null);
  return {
    grouping: 'top',
    rows: [
      ...listed.map(({ value, list }) => ({ value, ...counts(list) })),
      ...(none.length > 0 ? [{ value: null, ...counts(none) }] : []),
    ],
    other: rest.length > 0 ? { ...counts(rest.flatMap((g) => g.list)), values: rest.length } : null,
  };
}

/** A date field's summary, recounted: a group per year, in order, then no value. */
function expectedYears(rows: Row[]) {
  const years = groupBy(rows, (r) => r.values.hired?.slice(0, 4) ?? null);
  const groups = [...years].map(([value, list]) => ({ value, ...counts(list) }));
  return {
    grouping: 'year',
    rows: noValueLast(groups.sort((a, b) => binary(a.value ?? '', b.value ?? ''))),
    other: null,
  };
}

/** A select field's summary, recounted: a group per value, by value as before, then no value. */
function expectedValues(rows: Row[]) {
  const groups = [...groupBy(rows, (r) => r.values.shift)].map(([value, list]) => ({ value, ...counts(list) }));
  return {
    grouping: 'value',
    rows: noValueLast(groups.sort((a, b) => binary(a.value ?? '', b.value ?? ''))),
    other: null,
  };
}

async function summary(client: TestClient, attribute: string, q: string): Promise<AttributeSummary> {
  const response = await client.get(`/api/v3/reports/assignments/attribute-summary?attribute=${attribute}&${q}`);
  expect(response.statusCode, `${attribute} ${q}: ${response.body}`).toBe(200);
  return response.json().data;
}

/** Each field's summary for one caller and filter equals the recount over the rows `f` picks. */
async function checkAll(client: TestClient, all: Row[], f: Filter) {
  const rows = pick(all, f);
  const q = query(f);
  const { field: badgeField, ...badge } = await summary(client, 'badge', q);
  expect(badgeField).toEqual({ key: 'badge', label: 'Badge' });
  expect(badge, `badge ${q}`).toEqual(expectedTop(rows, 'badge'));
  const { field: gradeField, ...grade } = await summary(client, 'grade', q);
  expect(grade, `grade ${q}`).toEqual(expectedTop(rows, 'grade'));
  const { field: hiredField, ...hired } = await summary(client, 'hired', q);
  expect(hiredField).toEqual({ key: 'hired', label: 'Hired' });
  expect(hired, `hired ${q}`).toEqual(expectedYears(rows));
  const { field: shiftField, ...shift } = await summary(client, 'shift', q);
  expect(shift, `shift ${q}`).toEqual(expectedValues(rows));
  return { badge, hired, shift };
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now.toISOString();
  // The rollups answer from here on: the select field's summary comes from the attribute rollups.
  await moveRollupWindow(t.db, t.dialect, t.clock.now);
  w = await createAssignmentsWorld(t.db);
  fields.badge = await createTextField(t.db, w.companyA, 'badge', 'Badge');
  fields.hired = await createTextField(t.db, w.companyA, 'hired', 'Hired');
  fields.shift = await createTextField(t.db, w.companyA, 'shift', 'Shift');
  fields.grade = await createTextField(t.db, w.companyA, 'grade', 'Grade');
  await t.db.updateTable('custom_fields').set({ type: 'date' }).where('id', '=', fields.hired).execute();
  await t.db.updateTable('custom_fields').set({ type: 'number' }).where('id', '=', fields.grade).execute();
  await t.db
    .updateTable('custom_fields')
    .set({ type: 'select', options: JSON.stringify(['Early', 'Late']) })
    .where('id', '=', fields.shift)
    .execute();
  const departments = [w.ops, w.opsEast, w.sales, null];
  const at = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();
  const shapes = [
    {},
    { status: 'in_progress', startedAt: at(-3), progress: 40 },
    { dueAt: at(-2) },
    { status: 'completed', completedAt: at(-5), score: 80 },
    { status: 'completed', completedAt: at(-400), expiresAt: at(-35), score: 70 },
    { dueAt: at(20) },
  ];
  for (let i = 0; i < LEARNERS; i++) {
    const learner = (
      await createUser(t.db, {
        companyId: w.companyA,
        username: `g${i}`,
        departmentId: departments[i % 4]!,
        // Two deactivated learners: left out unless include_deactivated.
        suspended: i === 5 || i === 22,
      })
    ).id;
    for (const [key, value] of [
      ['badge', badgeOf(i)],
      ['hired', hiredOf(i)],
      ['shift', shiftOf(i)],
      ['grade', gradeOf(i)],
    ] as const) {
      if (value !== null)
        await t.db
          .insertInto('user_field_values')
          .values({ user_id: learner, field_id: fields[key], company_id: w.companyA, value })
          .execute();
    }
    // 1 to 4 assignments a learner, of varied statuses, over two courses and several months.
    for (let j = 0; j < 1 + ((i * 7) % 4); j++)
      await insertAssignment(t.db, {
        companyId: w.companyA,
        userId: learner,
        courseId: j % 2 === 0 ? w.courses.fire : w.courses.ethics,
        assignedAt: at(-30 * (1 + ((i + j) % 5))),
        ...shapes[(i + j) % shapes.length],
      });
  }
  cm = await signedIn(t.app, 'a.cm');
  dm = await signedIn(t.app, 'a.dm');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('custom field summary groups', () => {
  it('a text field: the 20 values with the most assignments, the rest as one group, then no value', async () => {
    const all = await everything();
    const { badge } = await checkAll(cm, all, {});
    // 25 badges among active learners (B05 and B22 are held by deactivated ones only): 20 listed, most
    // assignments first, ties by value; the cut falls inside the values with one assignment each.
    expect(badge.grouping).toBe('top');
    expect(badge.rows.map((row) => [row.value, row.assigned])).toEqual([
      ['B02', 7],
      ['B01', 5],
      ...['B09', 'B13', 'B17', 'B21', 'B25'].map((value) => [value, 4]),
      ...['B00', 'B06', 'B10', 'B14', 'B18', 'B26'].map((value) => [value, 3]),
      ...['B03', 'B07', 'B11', 'B15', 'B19', 'B23'].map((value) => [value, 2]),
      ['B04', 1],
      [null, 10],
    ]);
    // B08, B12, B16, B20, B24: learners 8, 12, 16, 20 and 24, one assignment each (shapes 2, 0, 4, 2, 0).
    expect(badge.other).toEqual({
      assigned: 5,
      not_started: 2,
      in_progress: 0,
      overdue: 2,
      completed: 0,
      expired: 1,
      completion_rate: 0,
      values: 5,
    });
    // Deactivated learners' badges too: two more values left out.
    const everyone = await summary(cm, 'badge', 'include_deactivated=1');
    expect(everyone.other?.values).toBe(7);
    expect(everyone.rows.slice(0, 3).map((row) => row.value)).toEqual(['B02', 'B01', 'B05']);
  });

  it('a date field: a group per year in order, then no value', async () => {
    const { hired } = await checkAll(cm, await everything(), {});
    expect(hired.rows.map((row) => row.value)).toEqual([...YEARS, null]);
    expect(hired.other).toBeNull();
  });

  it('a number field with fewer than 21 values: each listed, most assignments first, no other group', async () => {
    const grade = await summary(cm, 'grade', '');
    expect(grade.grouping).toBe('top');
    expect(grade.other).toBeNull();
    expect(new Set(grade.rows.map((row) => row.value))).toEqual(new Set(['1', '2', '10', null]));
  });

  it('keeps every filter: departments, course, period, deactivated, another field and its own values', async () => {
    const all = await everything();
    await checkAll(cm, all, { departmentRoots: [w.ops], departmentIds: [w.ops, w.opsEast] });
    await checkAll(cm, all, { courseIds: [w.courses.fire] });
    await checkAll(cm, all, { period: ['2025-11-15', '2026-01-20'] });
    await checkAll(cm, all, { includeDeactivated: true });
    await checkAll(cm, all, { shift: ['Early'] });
    await checkAll(cm, all, { badge: ['B01', 'B02', 'B03'] });
    await checkAll(cm, all, {
      departmentRoots: [w.sales],
      departmentIds: [w.sales],
      courseIds: [w.courses.ethics],
      includeDeactivated: true,
    });
  });

  it('a Department Manager sees their subtree only', async () => {
    const all = await everything();
    const { badge } = await checkAll(dm, all, { departmentIds: [w.ops, w.opsEast] });
    // Learners of Ops and Ops East only: fewer values than 21, nothing left out.
    expect(badge.other).toBeNull();
    await checkAll(dm, all, { departmentIds: [w.opsEast], departmentRoots: [w.opsEast], courseIds: [w.courses.fire] });
    const outside = await dm.get(
      `/api/v3/reports/assignments/attribute-summary?attribute=badge&field[department_id]=${w.sales}`,
    );
    expect(outside.statusCode).toBe(403);
  });

  it('a select field: per value as before, the same from the attribute rollups and from the table', async () => {
    const fromRollups = await summary(cm, 'shift', '');
    const fromTable = await summary(cm, 'shift', 'field[period]=2020-01-01..2030-12-31');
    expect(fromRollups).toEqual(fromTable);
    expect(fromRollups.grouping).toBe('value');
    expect(fromRollups.other).toBeNull();
    expect(fromRollups.rows.map((row) => row.value)).toEqual(['Early', 'Late', null]);
    expect(await attributeRollupDrift(t.db, w.companyA)).toEqual([]);
  });

  it('a year and a listed value open the assignments list with as many assignments', async () => {
    const list = async (filter: string) => {
      const response = await cm.get(`/api/v3/assignments?per_page=10&field[learner_status]=active&${filter}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().meta.total;
    };
    const hired = await summary(cm, 'hired', '');
    for (const row of hired.rows.filter((r) => r.value !== null))
      expect(await list(`field[cf.hired]=${row.value}-01-01..${row.value}-12-31`), row.value!).toBe(row.assigned);
    const badge = await summary(cm, 'badge', '');
    for (const row of badge.rows.slice(0, 3)) expect(await list(`field[cf.badge]=${row.value}`)).toBe(row.assigned);
  });
});

describe('the export of a custom field summary', () => {
  const csv = async (attribute: string) => {
    const response = await cm.get(
      `/api/v3/reports/assignments/export?report=attribute-summary&attribute=${attribute}&format=csv`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
  };

  it('a text field: the listed values, "Other values (N)" and "(no value)"', async () => {
    const widget = await summary(cm, 'badge', '');
    const lines = await csv('badge');
    expect(lines[0]).toBe('Badge,Assigned,Not started,In progress,Overdue,Completed,Expired,Completion rate (%)');
    expect(lines).toHaveLength(1 + ATTRIBUTE_TOP_VALUES + 2);
    const cells = (row: {
      assigned: number;
      not_started: number;
      in_progress: number;
      overdue: number;
      completed: number;
      expired: number;
      completion_rate: number | null;
    }) =>
      [
        row.assigned,
        row.not_started,
        row.in_progress,
        row.overdue,
        row.completed,
        row.expired,
        row.completion_rate ?? '',
      ].join(',');
    for (const [i, row] of widget.rows.slice(0, -1).entries()) expect(lines[1 + i]).toBe(`${row.value},${cells(row)}`);
    expect(lines.at(-2)).toBe(`Other values (5),${cells(widget.other!)}`);
    expect(lines.at(-1)).toBe(`(no value),${cells(widget.rows.at(-1)!)}`);
  });

  it('a date field: a row per year', async () => {
    const lines = await csv('hired');
    expect(lines[0]?.startsWith('Hired (year),Assigned,')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...YEARS, '(no value)']);
  });
});
