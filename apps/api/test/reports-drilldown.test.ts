import type { StatusCounts } from '@heed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createTextField } from './support/factories.ts';
import { moveRollupWindow } from '../src/modules/reports/index.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The Home dashboard's numbers open the assignments list with the same filter (the console's
// `drillUrl`): each status-counts figure, with and without deactivated learners, must equal the
// list's total under the drill-down's query.

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  const at = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();
  const { learners, courses } = w;
  // One learner of each department deactivated, with assignments in every status like the others.
  await t.db.updateTable('users').set({ suspended: 1 }).where('id', 'in', [learners.ops2, learners.sales2]).execute();
  const shapes = [
    { status: 'not_started' },
    { status: 'in_progress', startedAt: at(-3), progress: 40 },
    { status: 'not_started', dueAt: at(-2) },
    { status: 'in_progress', startedAt: at(-9), dueAt: at(-1), progress: 10 },
    { status: 'completed', completedAt: at(-5), score: 80 },
    { status: 'completed', completedAt: at(-400), expiresAt: at(-35), score: 70 },
  ];
  const people = [learners.ops1, learners.ops2, learners.east1, learners.sales1, learners.sales2, learners.nodept];
  for (const [i, userId] of people.entries()) {
    for (const [j, shape] of shapes.entries()) {
      if ((i + j) % 4 === 3) continue;
      await insertAssignment(t.db, {
        companyId: w.companyA,
        userId,
        courseId: j % 2 === 0 ? courses.fire : courses.ethics,
        assignedAt: at(-60 + j),
        ...shape,
      });
    }
  }
  // A custom field some learners hold (one deactivated): the attribute summary's groups drill down by it.
  const fieldId = await createTextField(t.db, w.companyA, 'site', 'Site');
  const sites: [number, string][] = [
    [learners.ops1, 'North'],
    [learners.ops2, 'North'],
    [learners.east1, 'South'],
    [learners.sales1, 'North'],
  ];
  await t.db
    .insertInto('user_field_values')
    .values(sites.map(([userId, value]) => ({ user_id: userId, field_id: fieldId, company_id: w.companyA, value })))
    .execute();
  cm = await signedIn(t.app, 'a.cm');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const FIGURES = ['assigned', 'not_started', 'in_progress', 'overdue', 'completed', 'expired'] as const;

/** The drill-down's query as the dashboard's `drillUrl` writes it. */
function drillQuery(figure: (typeof FIGURES)[number], includeDeactivated: boolean, extra = '') {
  const parts = [
    ...(figure === 'assigned' ? [] : [`field[status]=${figure}`]),
    ...(includeDeactivated ? [] : ['field[learner_status]=active']),
  ];
  return `${parts.join('&')}${extra}`;
}

async function statusCounts(query: string): Promise<StatusCounts> {
  const response = await cm.get(`/api/v3/reports/assignments/status-counts?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function listTotal(query: string): Promise<number> {
  const response = await cm.get(`/api/v3/assignments?per_page=10&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().meta.total;
}

describe('dashboard drill-downs', () => {
  for (const includeDeactivated of [false, true]) {
    for (const [label, filter] of [
      ['the whole company', () => ''],
      ['a department subtree and a course', () => `&field[department_id]=${w.ops}&field[course_id]=${w.courses.fire}`],
    ] as const) {
      it(`status counts equal the list's totals, ${label}, ${includeDeactivated ? 'with' : 'without'} deactivated learners`, async () => {
        const counts = await statusCounts(`${includeDeactivated ? 'include_deactivated=1' : ''}${filter()}`);
        expect(counts.assigned).toBeGreaterThan(0);
        for (const figure of FIGURES) {
          expect(await listTotal(drillQuery(figure, includeDeactivated, filter())), figure).toBe(counts[figure]);
        }
      });
    }
  }

  it('the figures differ with deactivated learners, so the filter matters', async () => {
    const active = await statusCounts('');
    const all = await statusCounts('include_deactivated=1');
    expect(all.overdue).toBeGreaterThan(active.overdue);
    expect(await listTotal('field[learner_status]=deactivated')).toBe(all.assigned - active.assigned);
    expect(await listTotal('field[learner_status]=active,deactivated')).toBe(all.assigned);
    expect(await listTotal('')).toBe(all.assigned);
  });

  for (const includeDeactivated of [false, true]) {
    it(`each custom-field group of the attribute summary equals the list under field[cf.site], ${includeDeactivated ? 'with' : 'without'} deactivated learners`, async () => {
      const response = await cm.get(
        `/api/v3/reports/assignments/attribute-summary?attribute=site${includeDeactivated ? '&include_deactivated=1' : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const rows: (StatusCounts & { value: string | null })[] = response.json().data.rows;
      const groups = rows.filter((row) => row.value !== null);
      expect(groups.map((row) => row.value).sort()).toEqual(['North', 'South']);
      for (const row of groups) {
        for (const figure of FIGURES) {
          const total = await listTotal(drillQuery(figure, includeDeactivated, `&field[cf.site]=${row.value}`));
          expect(total, `${row.value} ${figure}`).toBe(row[figure]);
        }
      }
      // Both values at once: the learners holding either.
      const both = await listTotal(drillQuery('assigned', includeDeactivated, '&field[cf.site]=North,South'));
      expect(both).toBe(groups.reduce((sum, row) => sum + row.assigned, 0));
    });
  }

  it('a custom-field filter names a field of the company: an unknown key is a 422 naming the filter', async () => {
    const response = await cm.get('/api/v3/assignments?field[cf.nope]=x');
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('field[cf.nope]');
    expect(JSON.stringify(response.json())).toContain('Unknown custom field.');
    // A control character is refused as the users list refuses it.
    const nul = await cm.get('/api/v3/assignments?field[cf.site]=%00');
    expect(nul.statusCode).toBe(422);
    expect(JSON.stringify(nul.json())).toContain('Remove control characters.');
  });

  it('a text prefix matches like the users list: North* and *', async () => {
    const north = await listTotal('field[cf.site]=North');
    expect(await listTotal('field[cf.site]=Nor*')).toBe(north);
    expect(await listTotal('field[cf.site]=*')).toBe(await listTotal('field[cf.site]=North,South'));
    expect(await listTotal('field[cf.site]=Elsewhere')).toBe(0);
  });

  it('refuses an unknown learner status', async () => {
    const response = await cm.get('/api/v3/assignments?field[learner_status]=gone');
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('field[learner_status]');
  });

  it('counts the list from the report rollups once their window holds today, with the same totals', async () => {
    // Assignments turning today, before and after the request's instant (the rollups read these from
    // the table), for an active and a deactivated learner.
    const at = (minutes: number) => new Date(t.clock.now.getTime() + minutes * 60_000).toISOString();
    for (const userId of [w.learners.ops1, w.learners.sales2]) {
      for (const minutes of [-30, 30]) {
        await insertAssignment(t.db, {
          companyId: w.companyA,
          userId,
          courseId: w.courses.fire,
          assignedAt: at(-9000),
          dueAt: at(minutes),
        });
        await insertAssignment(t.db, {
          companyId: w.companyA,
          userId,
          courseId: w.courses.ethics,
          status: 'completed',
          assignedAt: at(-9000),
          completedAt: at(-8000),
          expiresAt: at(minutes),
          score: 90,
        });
      }
    }
    const queries = FIGURES.flatMap((figure) =>
      [false, true].flatMap((all) => [
        drillQuery(figure, all),
        drillQuery(figure, all, `&field[department_id]=${w.ops}&field[course_id]=${w.courses.fire}`),
      ]),
    );
    // The window is not set in a fresh database: these totals are counted from the table.
    const fromTable = await Promise.all(queries.map(listTotal));
    expect(await moveRollupWindow(t.db, t.dialect, t.clock.now)).toMatchObject({ moved: true });
    expect(await Promise.all(queries.map(listTotal))).toEqual(fromTable);
    if (t.dialect === 'sqlite') {
      // And they are the rollups' figures (SQLite's list engine asks them first): a drifted row shows.
      const drift = (by: number) =>
        t.db
          .updateTable('assignment_rollups')
          .set((eb) => ({ n: eb('n', '+', by) }))
          .where('company_id', '=', w.companyA)
          .where('state', '=', 'not_started')
          .where('turn_day', '=', '9999-12-31')
          .execute();
      await drift(1000);
      expect(await listTotal('field[status]=not_started')).toBeGreaterThanOrEqual(1000);
      await drift(-1000);
      expect(await listTotal('field[status]=not_started')).toBe(
        fromTable[queries.indexOf(drillQuery('not_started', true))],
      );
    }
    // A total with no status reads no clock and is kept, but only until the next write.
    const byCourse = `field[course_id]=${w.courses.fire}`;
    const before = await listTotal(byCourse);
    expect(await listTotal(byCourse)).toBe(before);
    await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
      assignedAt: at(-60),
      dueAt: at(60 * 24 * 30),
    });
    expect(await listTotal(byCourse)).toBe(before + 1);
  });
});
