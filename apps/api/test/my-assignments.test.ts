import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// GET /my/assignments and GET /my/history: the caller's own learning, status derived at request time.
// The test clock starts at 2026-03-02T09:00:00Z.

let t: TestApp;
const ids: Record<string, number> = {};
const courses: Record<string, number> = {};
let companyA: number;
let companyB: number;
const stamp = '2026-01-01T00:00:00.000Z';

interface MyAssignmentBody {
  id: number;
  course: {
    id: number;
    name: string;
    description: string | null;
    duration_minutes: number | null;
    passing_score: number | null;
  };
  status: string;
  assigned_at: string;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  progress: number;
  score: number | null;
  expires_at: string | null;
}
interface HistoryBody {
  data: {
    id: number;
    course: { id: number; name: string };
    completed_at: string;
    score: number | null;
    expires_at: string | null;
  }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function createCourse(db: Kysely<Database>, name: string, extra: Partial<Database['courses']> = {}) {
  const row = await db
    .insertInto('courses')
    .values({
      name,
      category_id: null,
      description: `About ${name}`,
      duration_minutes: 25,
      passing_score: 80,
      recertify_months: null,
      created_at: stamp,
      updated_at: stamp,
      ...extra,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Planned {
  user: string;
  course: string;
  assignedAt: string;
  status?: string;
  dueAt?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  progress?: number;
  score?: number | null;
  expiresAt?: string | null;
  companyId?: number;
}

async function assign(a: Planned) {
  const row = await t.db
    .insertInto('assignments')
    .values({
      company_id: a.companyId ?? companyA,
      user_id: ids[a.user]!,
      course_id: courses[a.course]!,
      status: a.status ?? (a.completedAt ? 'completed' : a.startedAt ? 'in_progress' : 'not_started'),
      source: 'manual',
      rule_id: null,
      assigned_by: null,
      assigned_at: a.assignedAt,
      due_at: a.dueAt ?? null,
      started_at: a.startedAt ?? null,
      completed_at: a.completedAt ?? null,
      progress: a.progress ?? (a.completedAt ? 100 : 0),
      score: a.score ?? null,
      recertify_months: a.expiresAt ? 12 : null,
      expires_at: a.expiresAt ?? null,
      created_at: a.assignedAt,
      updated_at: a.assignedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const myAssignments = async (client: TestClient, query = '', headers: Record<string, string> = {}) => {
  const response = await client.get(`/api/v3/my/assignments${query}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: MyAssignmentBody[] }).data;
};
const myHistory = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/v3/my/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HistoryBody;
};
const names = (rows: MyAssignmentBody[]) => rows.map((a) => [a.course.name, a.status]);

beforeEach(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Vendor' });
  companyA = (await createCompany(t.db, { name: 'Acme' })).id;
  companyB = (await createCompany(t.db, { name: 'Beta' })).id;
  const make = async (username: string, companyId: number, role: number, siteAdmin = false) => {
    ids[username] = (await createUser(t.db, { companyId, role, username, siteAdmin })).id;
  };
  await make('admin', vendor.id, 1, true);
  await make('cm', companyA, 1);
  await make('learner', companyA, 0);
  await make('colleague', companyA, 0);
  await make('outsider', companyB, 0);
  for (const name of ['Fire Safety', 'GDPR', 'Phishing', 'Conduct', 'Ladders', 'Harassment', 'First Aid', 'Forklift'])
    courses[name] = await createCourse(t.db, name);
});
afterEach(async () => t.close());

describe('GET /my/assignments', () => {
  it('refuses a caller without a session with 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/my/assignments' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/my/history' })).statusCode).toBe(403);
  });

  it('answers an empty list for a learner with nothing assigned', async () => {
    expect(await myAssignments(await signedIn(t.app, 'learner'))).toEqual([]);
    expect(await myHistory(await signedIn(t.app, 'learner'))).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 },
    });
  });

  it('orders overdue first, then due soonest (none last), then lapsed, then completed newest first', async () => {
    await assign({
      user: 'learner',
      course: 'Conduct',
      assignedAt: '2026-01-01T08:00:00.000Z',
      completedAt: '2026-01-05T10:00:00.000Z',
      score: 90,
    });
    await assign({ user: 'learner', course: 'Ladders', assignedAt: '2026-02-15T08:00:00.000Z', dueAt: null });
    await assign({
      user: 'learner',
      course: 'Phishing',
      assignedAt: '2026-01-10T08:00:00.000Z',
      dueAt: '2026-02-20T23:59:59.000Z',
      startedAt: '2026-02-01T08:00:00.000Z',
      progress: 40,
    });
    await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-01-01T08:00:00.000Z',
      dueAt: '2026-02-10T23:59:59.000Z',
    });
    await assign({
      user: 'learner',
      course: 'Fire Safety',
      assignedAt: '2026-02-20T08:00:00.000Z',
      dueAt: '2026-03-20T23:59:59.000Z',
    });
    await assign({
      user: 'learner',
      course: 'Harassment',
      assignedAt: '2026-02-20T08:00:00.000Z',
      dueAt: '2026-03-05T23:59:59.000Z',
      startedAt: '2026-02-21T08:00:00.000Z',
      progress: 60,
    });
    await assign({
      user: 'learner',
      course: 'First Aid',
      assignedAt: '2026-01-20T08:00:00.000Z',
      completedAt: '2026-02-01T10:00:00.000Z',
      score: 75,
    });
    await assign({
      user: 'learner',
      course: 'Forklift',
      assignedAt: '2024-01-20T08:00:00.000Z',
      completedAt: '2024-02-01T10:00:00.000Z',
      score: 88,
      expiresAt: '2026-02-01T10:00:00.000Z',
    });

    const rows = await myAssignments(await signedIn(t.app, 'learner'));
    expect(names(rows)).toEqual([
      ['GDPR', 'overdue'],
      ['Phishing', 'overdue'],
      ['Harassment', 'in_progress'],
      ['Fire Safety', 'not_started'],
      ['Ladders', 'not_started'],
      ['Forklift', 'expired'],
      ['First Aid', 'completed'],
      ['Conduct', 'completed'],
    ]);
    expect(rows[2]).toMatchObject({
      course: {
        id: courses.Harassment,
        name: 'Harassment',
        description: 'About Harassment',
        duration_minutes: 25,
        passing_score: 80,
      },
      due_at: '2026-03-05T23:59:59.000Z',
      started_at: '2026-02-21T08:00:00.000Z',
      completed_at: null,
      progress: 60,
      score: null,
    });
    expect(rows[6]).toMatchObject({ completed_at: '2026-02-01T10:00:00.000Z', score: 75, progress: 100 });
    expect(rows[5]).toMatchObject({ expires_at: '2026-02-01T10:00:00.000Z', score: 88 });
  });

  it('derives overdue at request time from the due date, never from the stored flag', async () => {
    // Due at noon today, stored as not started: not yet overdue at 09:00, overdue at 13:00.
    await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-02-01T08:00:00.000Z',
      dueAt: '2026-03-02T12:00:00.000Z',
    });
    // Stored as overdue, but its due date was moved into the future: not overdue.
    await assign({
      user: 'learner',
      course: 'Phishing',
      assignedAt: '2026-01-01T08:00:00.000Z',
      status: 'overdue',
      dueAt: '2026-04-01T23:59:59.000Z',
      startedAt: '2026-01-05T08:00:00.000Z',
    });
    // A certificate valid until tomorrow: completed today, expired the day after.
    await assign({
      user: 'learner',
      course: 'Forklift',
      assignedAt: '2025-01-01T08:00:00.000Z',
      completedAt: '2025-03-03T09:00:00.000Z',
      expiresAt: '2026-03-03T09:00:00.000Z',
    });
    // A fresh session after each jump of the clock (sessions time out while idle).
    const learner = () => signedIn(t.app, 'learner');

    expect(names(await myAssignments(await learner()))).toEqual([
      ['GDPR', 'not_started'],
      ['Phishing', 'in_progress'],
      ['Forklift', 'completed'],
    ]);
    t.clock.advanceMinutes(4 * 60);
    expect(names(await myAssignments(await learner()))).toEqual([
      ['GDPR', 'overdue'],
      ['Phishing', 'in_progress'],
      ['Forklift', 'completed'],
    ]);
    t.clock.advanceMinutes(24 * 60);
    expect(names(await myAssignments(await learner()))).toEqual([
      ['GDPR', 'overdue'],
      ['Phishing', 'in_progress'],
      ['Forklift', 'expired'],
    ]);
  });

  it("shows a recertified course's current assignment only, and every completion in the history", async () => {
    await assign({
      user: 'learner',
      course: 'Fire Safety',
      assignedAt: '2024-02-01T08:00:00.000Z',
      completedAt: '2024-02-10T10:00:00.000Z',
      score: 81,
      expiresAt: '2025-02-10T10:00:00.000Z',
    });
    await assign({
      user: 'learner',
      course: 'Fire Safety',
      assignedAt: '2025-01-11T08:00:00.000Z',
      completedAt: '2025-01-20T10:00:00.000Z',
      score: 93,
      expiresAt: '2026-01-20T10:00:00.000Z',
    });
    const renewal = await assign({
      user: 'learner',
      course: 'Fire Safety',
      assignedAt: '2025-12-21T08:00:00.000Z',
      dueAt: '2026-01-20T10:00:00.000Z',
      startedAt: '2026-01-02T08:00:00.000Z',
      progress: 30,
    });
    // Two assignments made at the same moment: the later id is the current one.
    await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-02-01T08:00:00.000Z',
      completedAt: '2026-02-03T08:00:00.000Z',
      score: 70,
    });
    const sameMoment = await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-02-01T08:00:00.000Z',
      dueAt: '2026-03-30T08:00:00.000Z',
    });

    const learner = await signedIn(t.app, 'learner');
    const rows = await myAssignments(learner);
    expect(rows.map((a) => [a.id, a.course.name, a.status, a.progress])).toEqual([
      [renewal, 'Fire Safety', 'overdue', 30],
      [sameMoment, 'GDPR', 'not_started', 0],
    ]);

    const history = await myHistory(learner);
    expect(history.meta.total).toBe(3);
    expect(history.data.map((c) => [c.course.name, c.completed_at, c.score, c.expires_at])).toEqual([
      ['GDPR', '2026-02-03T08:00:00.000Z', 70, null],
      ['Fire Safety', '2025-01-20T10:00:00.000Z', 93, '2026-01-20T10:00:00.000Z'],
      ['Fire Safety', '2024-02-10T10:00:00.000Z', 81, '2025-02-10T10:00:00.000Z'],
    ]);
  });

  it("never shows another user's assignments, whatever the query or headers say", async () => {
    await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-02-01T08:00:00.000Z',
      dueAt: '2026-03-30T08:00:00.000Z',
    });
    await assign({
      user: 'colleague',
      course: 'Phishing',
      assignedAt: '2026-02-01T08:00:00.000Z',
      completedAt: '2026-02-02T08:00:00.000Z',
    });
    await assign({
      user: 'outsider',
      course: 'Conduct',
      assignedAt: '2026-02-01T08:00:00.000Z',
      companyId: companyB,
      completedAt: '2026-02-02T08:00:00.000Z',
    });
    // A row naming the learner but filed under another company (never should exist) stays out too.
    await assign({
      user: 'learner',
      course: 'Ladders',
      assignedAt: '2026-02-01T08:00:00.000Z',
      companyId: companyB,
      completedAt: '2026-02-02T08:00:00.000Z',
    });

    const learner = await signedIn(t.app, 'learner');
    const widening = [
      '',
      `?user_id=${ids.colleague}`,
      `?user_id=${ids.outsider}&company_id=${companyB}`,
      `?id=${ids.colleague}&user=${ids.colleague}&all=1`,
    ];
    for (const query of widening) {
      expect(names(await myAssignments(learner, query))).toEqual([['GDPR', 'not_started']]);
      expect(names(await myAssignments(learner, query, { 'x-company-id': String(companyB) }))).toEqual([
        ['GDPR', 'not_started'],
      ]);
      const history = await myHistory(learner, query);
      expect(history.meta.total).toBe(0);
    }
    expect(names(await myAssignments(await signedIn(t.app, 'colleague')))).toEqual([['Phishing', 'completed']]);
    expect((await myHistory(await signedIn(t.app, 'colleague'))).data.map((c) => c.course.name)).toEqual(['Phishing']);
    expect(names(await myAssignments(await signedIn(t.app, 'cm')))).toEqual([]);
    // A site admin naming company A in the header still reads only their own (none).
    const admin = await signedIn(t.app, 'admin');
    expect(await myAssignments(admin, `?user_id=${ids.learner}`, { 'x-company-id': String(companyA) })).toEqual([]);
  });

  it("shows the impersonated learner's courses to a site admin or manager acting as them", async () => {
    await assign({
      user: 'learner',
      course: 'GDPR',
      assignedAt: '2026-02-01T08:00:00.000Z',
      dueAt: '2026-03-30T08:00:00.000Z',
    });
    await assign({
      user: 'learner',
      course: 'Phishing',
      assignedAt: '2026-01-01T08:00:00.000Z',
      completedAt: '2026-01-02T08:00:00.000Z',
      score: 99,
    });
    for (const who of ['admin', 'cm']) {
      const client = await signedIn(t.app, who);
      expect((await client.post('/api/v3/login/as', { user_id: ids.learner })).statusCode).toBe(200);
      expect(names(await myAssignments(client))).toEqual([
        ['GDPR', 'not_started'],
        ['Phishing', 'completed'],
      ]);
      expect((await myHistory(client)).data.map((c) => [c.course.name, c.score])).toEqual([['Phishing', 99]]);
    }
  });
});

describe('GET /my/history', () => {
  it('pages the completions newest first without overlap, with list meta', async () => {
    const done = ['2025-05-01', '2025-07-01', '2025-09-01', '2025-11-01', '2026-01-01'];
    for (const [i, day] of done.entries())
      await assign({
        user: 'learner',
        course: ['GDPR', 'Phishing', 'Conduct', 'GDPR', 'Ladders'][i]!,
        assignedAt: `${day}T08:00:00.000Z`,
        completedAt: `${day}T12:00:00.000Z`,
        score: 70 + i,
      });
    await assign({
      user: 'learner',
      course: 'Fire Safety',
      assignedAt: '2026-02-01T08:00:00.000Z',
      dueAt: '2026-03-30T08:00:00.000Z',
    });
    const learner = await signedIn(t.app, 'learner');
    const first = await myHistory(learner, '?per_page=2');
    const second = await myHistory(learner, '?per_page=2&page=2');
    const third = await myHistory(learner, '?per_page=2&page=3');
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(third.meta).toEqual({ current_page: 3, last_page: 3, per_page: 2, total: 5 });
    const all = [...first.data, ...second.data, ...third.data];
    expect(all.map((c) => c.completed_at.slice(0, 10))).toEqual([...done].reverse());
    expect(all.map((c) => c.score)).toEqual([74, 73, 72, 71, 70]);
    expect(new Set(all.map((c) => c.id)).size).toBe(5);
    expect((await myHistory(learner, '?per_page=2&page=9')).data).toEqual([]);
  });

  it('refuses a page size above the maximum with 422', async () => {
    const learner = await signedIn(t.app, 'learner');
    expect((await learner.get('/api/v3/my/history?per_page=100000')).statusCode).toBe(422);
    expect((await learner.get('/api/v3/my/history?page=0')).statusCode).toBe(422);
  });
});
