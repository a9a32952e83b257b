import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;
const stamp = '2026-01-01T00:00:00.000Z';

interface AssignmentBody {
  data: {
    id: number;
    course: { id: number; name: string };
    status: string;
    source: string;
    rule: { id: number; name: string } | null;
    assigned_at: string;
    due_at: string | null;
    completed_at: string | null;
    score: number | null;
  }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function createCourse(db: Kysely<Database>, name: string) {
  const row = await db
    .insertInto('courses')
    .values({
      name,
      category_id: null,
      description: null,
      duration_minutes: 30,
      passing_score: 80,
      recertify_months: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createRule(db: Kysely<Database>, companyId: number, name: string) {
  const row = await db
    .insertInto('assignment_rules')
    .values({
      company_id: companyId,
      name,
      match: 'all',
      conditions: '[]',
      course_ids: '[]',
      due_days: 30,
      recertify_months: null,
      last_run_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Planned {
  userId: number;
  courseId: number;
  assignedAt: string;
  status?: string;
  dueAt?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  score?: number | null;
  ruleId?: number | null;
  companyId?: number;
}

async function assign(db: Kysely<Database>, companyId: number, a: Planned) {
  const row = await db
    .insertInto('assignments')
    .values({
      company_id: a.companyId ?? companyId,
      user_id: a.userId,
      course_id: a.courseId,
      status: a.status ?? 'not_started',
      source: a.ruleId ? 'rule' : 'manual',
      rule_id: a.ruleId ?? null,
      assigned_by: null,
      assigned_at: a.assignedAt,
      due_at: a.dueAt ?? null,
      started_at: a.startedAt ?? null,
      completed_at: a.completedAt ?? null,
      score: a.score ?? null,
      recertify_months: null,
      expires_at: null,
      created_at: a.assignedAt,
      updated_at: a.assignedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const assignmentsOf = async (client: TestClient, userId: number, query = '') => {
  const response = await client.get(`/api/v3/users/${userId}/assignments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AssignmentBody;
};

let courses: Record<string, number>;

/** The test clock says 2026-03-02. Bob has four assignments; Dan (in Ops) one. */
beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  courses = {
    gdpr: await createCourse(t.db, 'Data Protection (GDPR)'),
    phishing: await createCourse(t.db, 'Phishing Awareness'),
    conduct: await createCourse(t.db, 'Code of Conduct'),
    fire: await createCourse(t.db, 'Fire Safety'),
  };
  const rule = await createRule(t.db, f.company, 'Everyone in Sales');
  const bob = f.ids.bob!;
  await assign(t.db, f.company, {
    userId: bob,
    courseId: courses.gdpr!,
    assignedAt: '2025-06-01T08:00:00.000Z',
    status: 'completed',
    dueAt: '2025-07-01T23:59:59.000Z',
    completedAt: '2025-06-20T10:00:00.000Z',
    score: 92,
    ruleId: rule,
  });
  // Stored as not started, but its due date has passed since: overdue now.
  await assign(t.db, f.company, {
    userId: bob,
    courseId: courses.phishing!,
    assignedAt: '2026-01-10T08:00:00.000Z',
    dueAt: '2026-02-10T23:59:59.000Z',
  });
  // Stored as overdue, but the due date was moved into the future and it was started: in progress.
  await assign(t.db, f.company, {
    userId: bob,
    courseId: courses.conduct!,
    assignedAt: '2026-02-01T08:00:00.000Z',
    status: 'overdue',
    dueAt: '2026-04-01T23:59:59.000Z',
    startedAt: '2026-02-02T08:00:00.000Z',
  });
  await assign(t.db, f.company, {
    userId: bob,
    courseId: courses.fire!,
    assignedAt: '2026-02-20T08:00:00.000Z',
    dueAt: '2026-03-20T23:59:59.000Z',
  });
  await assign(t.db, f.company, {
    userId: f.ids.dan!,
    courseId: courses.fire!,
    assignedAt: '2026-02-20T08:00:00.000Z',
  });
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

describe('GET /users/{id}/assignments', () => {
  it("lists the user's assignments newest first, with course, status, source and rule", async () => {
    const body = await assignmentsOf(cm, f.ids.bob!);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 4 });
    expect(body.data.map((a) => [a.course.name, a.status])).toEqual([
      ['Fire Safety', 'not_started'],
      ['Code of Conduct', 'in_progress'],
      ['Phishing Awareness', 'overdue'],
      ['Data Protection (GDPR)', 'completed'],
    ]);
    expect(body.data[3]).toMatchObject({
      course: { id: courses.gdpr, name: 'Data Protection (GDPR)' },
      source: 'rule',
      rule: { name: 'Everyone in Sales' },
      completed_at: '2025-06-20T10:00:00.000Z',
      score: 92,
    });
    expect(body.data[0]).toMatchObject({ source: 'manual', rule: null, due_at: '2026-03-20T23:59:59.000Z' });
  });

  it('pages without overlap', async () => {
    const first = await assignmentsOf(cm, f.ids.bob!, '?per_page=3');
    const second = await assignmentsOf(cm, f.ids.bob!, '?per_page=3&page=2');
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 3, total: 4 });
    expect(second.data.map((a) => a.course.name)).toEqual(['Data Protection (GDPR)']);
    expect(new Set([...first.data, ...second.data].map((a) => a.id)).size).toBe(4);
  });

  it('answers an empty page for a user without assignments', async () => {
    const body = await assignmentsOf(cm, f.ids.anna!);
    expect(body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
  });

  it('never lists a row of another company, even one naming the user', async () => {
    await assign(t.db, f.company, {
      userId: f.ids.anna!,
      courseId: courses.gdpr!,
      assignedAt: stamp,
      companyId: f.otherCompany,
    });
    expect((await assignmentsOf(cm, f.ids.anna!)).data).toEqual([]);
  });

  it('is read by Reviewers, and refused to learners', async () => {
    const reviewer = await signedIn(t.app, 'reviewer');
    expect((await assignmentsOf(reviewer, f.ids.bob!)).meta.total).toBe(4);
    await createUser(t.db, { companyId: f.company, username: 'learner' });
    const learner = await signedIn(t.app, 'learner');
    expect((await learner.get(`/api/v3/users/${f.ids.bob}/assignments`)).statusCode).toBe(403);
  });

  it('answers a Department Manager only inside their subtree; outside it like a missing user', async () => {
    const dm = await signedIn(t.app, 'dan');
    expect((await assignmentsOf(dm, f.ids.dan!)).data.map((a) => a.course.name)).toEqual(['Fire Safety']);
    const outside = await dm.get(`/api/v3/users/${f.ids.bob}/assignments`);
    const missing = await dm.get('/api/v3/users/987654/assignments');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toBe(missing.body);
  });

  it("answers another company's user like a missing one; a site admin reads it through X-Company-ID", async () => {
    const foreignCourse = await createCourse(t.db, 'Foreign course');
    await assign(t.db, f.otherCompany, { userId: f.ids.foreigner!, courseId: foreignCourse, assignedAt: stamp });
    const foreign = await cm.get(`/api/v3/users/${f.ids.foreigner}/assignments`);
    const missing = await cm.get('/api/v3/users/987654/assignments');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.body).not.toContain('Foreign course');

    const vendor = await createCompany(t.db, { name: 'Heed' });
    await createUser(t.db, { companyId: vendor.id, username: 'root', siteAdmin: true, role: 1 });
    const admin = await signedIn(t.app, 'root');
    admin.companyId = String(f.otherCompany);
    expect((await assignmentsOf(admin, f.ids.foreigner!)).data.map((a) => a.course.name)).toEqual(['Foreign course']);
    expect((await admin.get(`/api/v3/users/${f.ids.bob}/assignments`)).statusCode).toBe(404);
  });

  it('refuses malformed ids and paging with 422', async () => {
    for (const url of [
      '/api/v3/users/abc/assignments',
      '/api/v3/users/0/assignments',
      `/api/v3/users/${f.ids.bob}/assignments?page=0`,
      `/api/v3/users/${f.ids.bob}/assignments?per_page=501`,
      `/api/v3/users/${f.ids.bob}/assignments?page=x`,
    ]) {
      const response = await cm.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.details, url).toBeDefined();
    }
  });
});
