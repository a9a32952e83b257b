import { ASSIGNMENT_INLINE_LEARNERS } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processNextJob } from '../src/jobs/worker.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createNumberedUsers } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { addCustomField } from './support/users-fixture.ts';

let t: TestApp;
let w: AssignmentsWorld;

beforeEach(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
});
afterEach(async () => t.close());

interface Listed {
  id: number;
  status: string;
  learner: { id: number; name: string };
  course: { id: number; name: string };
  department: { id: number; name: string } | null;
  source: { kind: string; assigned_by: { id: number; name: string } | null };
  due_at: string | null;
}

async function list(client: TestClient, query: Record<string, string> = {}) {
  const response = await client.get('/api/v3/assignments', { query: { per_page: '100', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Listed[]; meta: { total: number } };
}

const create = (client: TestClient, body: unknown) => client.post('/api/v3/assignments', body);

const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('GET /assignments: status derived at the moment of the request', () => {
  it('turns overdue and expired by the clock alone, in the rows and in the status filter', async () => {
    const base = { companyId: w.companyA, courseId: w.courses.fire };
    const now = t.clock.now.getTime();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const dueSoon = await insertAssignment(t.db, { ...base, userId: w.learners.ops1, dueAt: at(10) });
    const late = await insertAssignment(t.db, { ...base, userId: w.learners.ops2, dueAt: at(-1) });
    const started = await insertAssignment(t.db, {
      ...base,
      userId: w.learners.east1,
      dueAt: at(10),
      status: 'in_progress',
      startedAt: at(-60),
      progress: 40,
    });
    const lapsing = await insertAssignment(t.db, {
      ...base,
      userId: w.learners.sales1,
      status: 'completed',
      completedAt: at(-600),
      score: 90,
      expiresAt: at(15),
    });
    // A stale stored flag is not believed: "overdue" stored, due date moved into the future.
    const moved = await insertAssignment(t.db, {
      ...base,
      userId: w.learners.sales2,
      status: 'overdue',
      dueAt: at(600),
    });
    const cm = await signedIn(t.app, 'a.cm');
    const statusOf = async () => new Map((await list(cm)).data.map((a) => [a.id, a.status]));
    expect(Object.fromEntries(await statusOf())).toEqual({
      [dueSoon]: 'not_started',
      [late]: 'overdue',
      [started]: 'in_progress',
      [lapsing]: 'completed',
      [moved]: 'not_started',
    });
    expect((await list(cm, { 'field[status]': 'overdue' })).data.map((a) => a.id)).toEqual([late]);

    t.clock.advanceMinutes(20);
    const later = await statusOf();
    expect([later.get(dueSoon), later.get(started), later.get(lapsing), later.get(moved)]).toEqual([
      'overdue',
      'overdue',
      'expired',
      'not_started',
    ]);
    const overdue = await list(cm, { 'field[status]': 'overdue', sort: 'id', order: 'asc' });
    expect(overdue.data.map((a) => a.id)).toEqual([dueSoon, late, started]);
    expect(overdue.meta.total).toBe(3);
    expect((await list(cm, { 'field[status]': 'expired' })).data.map((a) => a.id)).toEqual([lapsing]);
    expect((await list(cm, { 'field[status]': 'in_progress,not_started' })).data.map((a) => a.id)).toEqual([moved]);
  });

  it('shows learner, course, department and the source with who assigned it', async () => {
    await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.east1,
      courseId: w.courses.ethics,
      assignedBy: w.actors.cm,
      dueAt: '2026-04-01T23:59:59.000Z',
    });
    await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.nodept,
      courseId: w.courses.fire,
      source: 'import',
    });
    const { data } = await list(await signedIn(t.app, 'a.cm'), { sort: 'learner', order: 'asc' });
    expect(data.map((a) => [a.learner.name, a.course.name, a.department?.name ?? null, a.source])).toEqual([
      ['Nia Cole', 'Fire Safety', null, { kind: 'import', assigned_by: null, rule: null }],
      [
        'Erin Moss',
        'Ethics',
        'Ops East',
        { kind: 'manual', assigned_by: { id: w.actors.cm, name: 'Cora Manning' }, rule: null },
      ],
    ]);
  });

  it('keeps each caller inside their reach and their company', async () => {
    const ids: Record<string, number> = {};
    for (const [name, userId] of Object.entries(w.learners))
      ids[name] = await insertAssignment(t.db, {
        companyId: name === 'b1' ? w.companyB : w.companyA,
        userId,
        courseId: w.courses.fire,
      });
    const sorted = (names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);
    const idsOf = async (client: TestClient) =>
      (await list(client, { sort: 'id', order: 'asc' })).data.map((a) => a.id);
    expect(await idsOf(await signedIn(t.app, 'a.dm'))).toEqual(sorted(['ops1', 'ops2', 'east1']));
    expect(await idsOf(await signedIn(t.app, 'a.reviewer'))).toEqual(sorted(['ops1', 'ops2', 'east1']));
    expect(await idsOf(await signedIn(t.app, 'a.cm'))).toEqual(
      sorted(['ops1', 'ops2', 'east1', 'sales1', 'sales2', 'nodept']),
    );
    const root = await signedIn(t.app, 'root');
    root.companyId = String(w.companyB);
    expect(await idsOf(root)).toEqual([ids.b1]);
    // A filter on a learner outside the reach finds nothing rather than leaking it.
    const dm = await signedIn(t.app, 'a.dm');
    expect((await list(dm, { 'field[user_id]': String(w.learners.sales1) })).meta.total).toBe(0);
    // A department filter takes the subtree.
    expect(
      (await list(dm, { 'field[department_id]': String(w.ops), sort: 'id', order: 'asc' })).data.map((a) => a.id),
    ).toEqual(sorted(['ops1', 'ops2', 'east1']));
  });

  it('answers 422 naming a filter it cannot read', async () => {
    const cm = await signedIn(t.app, 'a.cm');
    for (const [key, value] of [
      ['field[status]', 'late'],
      ['field[due_at]', '2026-13-01..'],
      // A day that does not exist (Date.parse would roll it into March).
      ['field[assigned_at]', '2026-02-30..'],
      ['field[score]', '50..101'],
      ['field[colour]', 'red'],
      ['field[course_id]', 'x'],
    ] as const) {
      const response = await cm.get('/api/v3/assignments', { query: { [key]: value } });
      expect(response.statusCode, `${key}=${value}`).toBe(422);
      expect(Object.keys(response.json().error.details)).toEqual([key]);
    }
  });
});

describe('GET /assignments/export', () => {
  it("exports the current filter's rows with their derived status, and audits it", async () => {
    await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
      dueAt: '2026-02-01T23:59:59.000Z',
      assignedBy: w.actors.cm,
    });
    await insertAssignment(t.db, { companyId: w.companyA, userId: w.learners.sales1, courseId: w.courses.ethics });
    const cm = await signedIn(t.app, 'a.cm');
    const response = await cm.get('/api/v3/assignments/export', {
      query: { 'field[course_id]': String(w.courses.fire) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('ID,Learner,Username,Course,Department,Assigned,Due,Status,Completed,Score,Expires,Source');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Olive Abbott,ops1,Fire Safety,Ops,2026-01-10 08:00:00,2026-02-01 23:59:59,Overdue');
    expect(lines[1]).toContain('Manual (Cora Manning)');
    const [entry] = await auditRows('assignments.export');
    expect(JSON.parse(entry!.after!)).toMatchObject({ format: 'csv', rows: 1, completed: true });
    const xlsx = await cm.get('/api/v3/assignments/export', { query: { format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('POST /assignments', () => {
  const allCourses = () => [w.courses.fire, w.courses.ethics, w.courses.betaOnly, w.courses.retired];

  it('assigns each usable course once and says what it skipped and why', async () => {
    const cm = await signedIn(t.app, 'a.cm');
    const body = {
      learners: { user_ids: [w.learners.ops1, w.learners.sales1, w.learners.b1] },
      course_ids: allCourses(),
      due_days: 14,
    };
    const first = await create(cm, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      learners: 2,
      courses: 4,
      created: 4,
      skipped: { already_assigned: 0, out_of_scope: 4, course_unavailable: 4 },
      notified: 0,
    });
    const rows = await t.db.selectFrom('assignments').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({
        company_id: w.companyA,
        source: 'manual',
        assigned_by: w.actors.cm,
        status: 'not_started',
        assigned_at: t.clock.now.toISOString(),
        due_at: '2026-03-16T23:59:59.000Z',
      });
    }
    // The course's recertification period is the default.
    expect(rows.filter((r) => r.course_id === w.courses.fire).map((r) => r.recertify_months)).toEqual([12, 12]);
    const again = await create(cm, body);
    expect(again.json().data).toMatchObject({
      created: 0,
      skipped: { already_assigned: 4, out_of_scope: 4, course_unavailable: 4 },
    });
    expect(await t.db.selectFrom('assignments').select('id').execute()).toHaveLength(4);
    const audits = await auditRows('assignments.create');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actor_id: w.actors.cm, company_id: w.companyA });
    expect(JSON.parse(audits[0]!.after!).result).toMatchObject({ created: 4 });
  });

  it('gives a new assignment after an expired completion, never beside a valid one', async () => {
    const base = {
      companyId: w.companyA,
      courseId: w.courses.fire,
      status: 'completed',
      completedAt: '2025-01-01T00:00:00.000Z',
    };
    await insertAssignment(t.db, { ...base, userId: w.learners.ops1, expiresAt: '2026-03-01T00:00:00.000Z' });
    await insertAssignment(t.db, { ...base, userId: w.learners.ops2, expiresAt: '2027-01-01T00:00:00.000Z' });
    await insertAssignment(t.db, { ...base, userId: w.learners.east1, expiresAt: null });
    const cm = await signedIn(t.app, 'a.cm');
    const response = await create(cm, {
      learners: { user_ids: [w.learners.ops1, w.learners.ops2, w.learners.east1] },
      course_ids: [w.courses.fire],
    });
    expect(response.json().data).toMatchObject({ created: 1, skipped: { already_assigned: 2 } });
    const fresh = await t.db.selectFrom('assignments').select('user_id').where('status', '=', 'not_started').execute();
    expect(fresh.map((r) => r.user_id)).toEqual([w.learners.ops1]);
  });

  it('keeps a Department Manager inside their subtree', async () => {
    const dm = await signedIn(t.app, 'a.dm');
    const named = await create(dm, {
      learners: { user_ids: [w.learners.ops1, w.learners.sales1] },
      course_ids: [w.courses.fire],
    });
    expect(named.json().data).toMatchObject({ learners: 1, created: 1, skipped: { out_of_scope: 1 } });
    const sales = await create(dm, { learners: { department_ids: [w.sales] }, course_ids: [w.courses.fire] });
    expect(sales.statusCode).toBe(403);
    const subtree = await create(dm, { learners: { department_ids: [w.ops] }, course_ids: [w.courses.fire] });
    // Ops and Ops East: the DM and the Reviewer sit in Ops, and staff are learners too.
    expect(subtree.json().data).toMatchObject({ learners: 5, created: 4, skipped: { already_assigned: 1 } });
    const assigned = await t.db.selectFrom('assignments').select('user_id').execute();
    const expected = [w.learners.ops1, w.learners.ops2, w.learners.east1, w.actors.dm, w.actors.reviewer];
    expect(assigned.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(
      await t.db.selectFrom('assignments').select('id').where('user_id', '=', w.learners.sales1).execute(),
    ).toEqual([]);
  });

  it('lets a Reviewer change nothing', async () => {
    const reviewer = await signedIn(t.app, 'a.reviewer');
    const response = await create(reviewer, {
      learners: { user_ids: [w.learners.ops1] },
      course_ids: [w.courses.fire],
    });
    expect(response.statusCode).toBe(403);
    const count = await reviewer.post('/api/v3/assignments/learners/count', {
      learners: { user_ids: [w.learners.ops1] },
    });
    expect(count.statusCode).toBe(403);
    expect(await t.db.selectFrom('assignments').select('id').execute()).toEqual([]);
  });

  it('counts a selection live: people, department subtrees and a custom field filter, as a union', async () => {
    const field = await addCustomField(t.db, w.companyA, 'site', 'text');
    await t.db
      .insertInto('user_field_values')
      .values([
        { user_id: w.learners.sales2, field_id: field, company_id: w.companyA, value: 'Leeds' },
        { user_id: w.learners.nodept, field_id: field, company_id: w.companyA, value: 'Leeds' },
        { user_id: w.learners.ops1, field_id: field, company_id: w.companyA, value: 'York' },
      ])
      .execute();
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', w.learners.east1).execute();
    const cm = await signedIn(t.app, 'a.cm');
    const count = async (learners: unknown) => {
      const response = await cm.post('/api/v3/assignments/learners/count', { learners });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    expect(await count({ custom_fields: { site: ['Leeds'] } })).toEqual({ learners: 2, out_of_scope: 0 });
    // Ops subtree: ops1, ops2, the DM and the reviewer (east1 is deactivated); plus sales2 and nodept by field; plus b1 named (another company).
    expect(
      await count({
        department_ids: [w.ops],
        custom_fields: { site: ['Leeds'] },
        user_ids: [w.learners.ops1, w.learners.b1],
      }),
    ).toEqual({ learners: 6, out_of_scope: 1 });
    const unknown = await cm.post('/api/v3/assignments/learners/count', {
      learners: { custom_fields: { nope: ['x'] } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.details).toHaveProperty(['learners.custom_fields.nope']);
  });

  it('refuses what it cannot do, with the field named', async () => {
    const cm = await signedIn(t.app, 'a.cm');
    const learners = { user_ids: [w.learners.ops1] };
    const cases: [unknown, string][] = [
      [{ learners: {}, course_ids: [w.courses.fire] }, 'learners'],
      [{ learners, course_ids: [] }, 'course_ids'],
      [{ learners, course_ids: [2_147_483_000] }, 'course_ids'],
      [{ learners, course_ids: [w.courses.fire], due_date: '2026-04-01', due_days: 3 }, 'due_days'],
      [{ learners, course_ids: [w.courses.fire], due_date: '2026-03-01' }, 'due_date'],
      [{ learners, course_ids: [w.courses.fire], due_date: 'soon' }, 'due_date'],
    ];
    for (const [body, field] of cases) {
      const response = await create(cm, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.details ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await t.db.selectFrom('assignments').select('id').execute()).toEqual([]);
  });

  it('queues one course_assignment message per new assignment through the notification pipeline', async () => {
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('notifications')
      .values({
        company_id: w.companyA,
        type: 'course_assignment',
        method: 'email',
        trigger: 'event',
        enabled: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const cm = await signedIn(t.app, 'a.cm');
    const body = {
      learners: { user_ids: [w.learners.ops1, w.learners.sales1] },
      course_ids: [w.courses.fire, w.courses.ethics],
      due_date: '2026-04-30',
    };
    // Without "notify now" nothing is queued.
    expect((await create(cm, body)).json().data).toMatchObject({ created: 4, notified: 0 });
    await t.db.deleteFrom('assignments').execute();
    const response = await create(cm, { ...body, notify: true });
    expect(response.json().data).toMatchObject({ created: 4, notified: 4 });
    const mails = await t.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
    expect(mails.map((m) => [m.type, m.recipient, m.status]).sort()).toEqual([
      ['course_assignment', 'ops1@example.test', 'queued'],
      ['course_assignment', 'ops1@example.test', 'queued'],
      ['course_assignment', 'sales1@example.test', 'queued'],
      ['course_assignment', 'sales1@example.test', 'queued'],
    ]);
    // Rendered when sent, from the company's template (notifications-events.test.ts sends them).
    expect(mails.every((m) => m.body === '' && m.dedupe_key?.startsWith('e:'))).toBe(true);
    const jobs = await t.db.selectFrom('jobs').select('type').where('type', '=', 'notifications_deliver').execute();
    expect(jobs).toHaveLength(1);
  });

  it(`writes over ${ASSIGNMENT_INLINE_LEARNERS} learners in a job, chunk by chunk, with progress and an audit entry`, async () => {
    await createNumberedUsers(t.db, {
      companyId: w.companyA,
      count: 1200,
      prefix: 'Many',
      domain: '@many.test',
      departmentId: w.sales,
    });
    const cm = await signedIn(t.app, 'a.cm');
    const queued = await create(cm, { learners: { department_ids: [w.sales] }, course_ids: [w.courses.fire] });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data).toMatchObject({ learners: 1202 });
    expect(await t.db.selectFrom('assignments').select('id').execute()).toEqual([]);
    const done = await processNextJob({
      db: t.db,
      dialect: t.dialect,
      config: t.config,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      workerId: 'test',
    });
    expect(done).toMatchObject({ status: 'completed', progress: 1202, total: 1202 });
    expect(JSON.parse(done!.result!)).toMatchObject({
      learners: 1202,
      created: 1202,
      skipped: { already_assigned: 0 },
    });
    const count = await t.db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1202);
    expect(await auditRows('assignments.create_queued')).toHaveLength(1);
    expect(await auditRows('assignments.create')).toHaveLength(1);
  });
});
