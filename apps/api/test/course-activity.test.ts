import { parse } from 'csv-parse/sync';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { createCourseRow } from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Course activity (issue 18 item 6): site admins, the header's company, master_id ascending by
// default (spec §9), filters equal to a recount of the table, and the export in the list's order.

const CANARY = 'CANARY-activity-b';
const EVENTS = ['launched', 'progressed', 'answered', 'completed', 'certificate_issued'];
let t: TestApp;
let admin: TestClient;
let companyA: number;
let companyB: number;
let fire: number;
let ethics: number;
const learners: number[] = [];

interface Row {
  master_id: number;
  company_id: number;
  user_id: number;
  course_id: number;
  event: string;
  created_at: string;
}

beforeAll(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Heed' });
  companyA = (await createCompany(t.db, { name: 'Alpha' })).id;
  companyB = (await createCompany(t.db, { name: 'Beta' })).id;
  await createUser(t.db, { companyId: vendor.id, siteAdmin: true, role: 1, username: 'root' });
  await createUser(t.db, { companyId: companyA, role: 1, username: 'a.cm' });
  for (const [first, last] of [
    ['Olive', 'Abbott'],
    ['Oscar', 'Zane'],
    ['Erin', 'Moss'],
  ])
    learners.push(
      (
        await createUser(t.db, {
          companyId: companyA,
          username: first!.toLowerCase(),
          firstName: first,
          lastName: last,
        })
      ).id,
    );
  const b = await createUser(t.db, { companyId: companyB, username: 'b1', lastName: CANARY });
  fire = await createCourseRow(t.db, { name: 'Fire Safety', allCompanies: true, topics: ['questions'] });
  ethics = await createCourseRow(t.db, { name: 'Ethics', companyIds: [companyA] });
  const rows: Insertable<Database['course_activity']>[] = [];
  for (let i = 0; i < 64; i++) {
    const event = EVENTS[i % EVENTS.length]!;
    rows.push({
      company_id: companyA,
      user_id: learners[i % 3]!,
      course_id: i % 4 === 0 ? ethics : fire,
      assignment_id: null,
      topic_id: null,
      event,
      data: JSON.stringify(event === 'answered' ? { attempt: 1, choices: [0], correct: i % 2 === 0 } : { progress: i }),
      // Written out of time order now and then: master_id, not time, decides the order.
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 20), 8, i)).toISOString(),
    });
  }
  for (let i = 0; i < 4; i++)
    rows.push({
      company_id: companyB,
      user_id: b.id,
      course_id: fire,
      assignment_id: null,
      topic_id: null,
      event: 'launched',
      data: JSON.stringify({ note: CANARY }),
      created_at: '2026-01-05T08:00:00.000Z',
    });
  await t.db.insertInto('course_activity').values(rows).execute();
  admin = await signedIn(t.app, 'root');
  admin.companyId = String(companyA);
});
afterAll(async () => t.close());

async function recount(where: (r: Row) => boolean, order: 'asc' | 'desc' = 'asc') {
  const rows = (await t.db.selectFrom('course_activity').selectAll().execute()) as unknown as Row[];
  const ids = rows
    .filter(where)
    .map((r) => Number(r.master_id))
    .sort((a, b) => a - b);
  return order === 'asc' ? ids : ids.reverse();
}

async function allPages(query: string, perPage = 9) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/api/v3/course-activity?per_page=${perPage}&${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.data.map((e: { master_id: number }) => e.master_id));
    cursor = body.meta.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return ids;
}

describe('GET /course-activity', () => {
  it("lists the header's company by master_id ascending, page after page; order=desc reverses it", async () => {
    const a = (r: Row) => r.company_id === companyA;
    expect(await allPages('')).toEqual(await recount(a));
    expect(await allPages('order=desc')).toEqual(await recount(a, 'desc'));
  });

  it('filters by learner, course, event, dates and learner name, each equal to a recount', async () => {
    const a = (r: Row) => r.company_id === companyA;
    const cases: [string, (r: Row) => boolean][] = [
      [`field[user_id]=${learners[1]}`, (r) => a(r) && r.user_id === learners[1]],
      [`field[course_id]=${ethics}`, (r) => a(r) && r.course_id === ethics],
      ['field[event]=answered,completed', (r) => a(r) && ['answered', 'completed'].includes(r.event)],
      [
        'field[created_at]=2026-01-03..2026-01-05',
        (r) => a(r) && r.created_at >= '2026-01-03T00:00:00.000Z' && r.created_at <= '2026-01-05T23:59:59.999Z',
      ],
      ['text=zane', (r) => a(r) && r.user_id === learners[1]],
      [
        `field[course_id]=${fire}&field[event]=launched&order=desc`,
        (r) => a(r) && r.course_id === fire && r.event === 'launched',
      ],
    ];
    for (const [query, where] of cases)
      expect(await allPages(query), query).toEqual(await recount(where, query.includes('desc') ? 'desc' : 'asc'));
  });

  it('names the learner, course and event, and says what the event recorded', async () => {
    const res = await admin.get(`/api/v3/course-activity?field[event]=answered&per_page=2`);
    const [first] = res.json().data;
    expect(first.learner.name).toMatch(/^(Olive Abbott|Oscar Zane|Erin Moss)$/);
    expect(first.course.name).toMatch(/Fire Safety|Ethics/);
    expect(first.details).toMatch(/^Attempt 1 · Answer (correct|wrong)$/);
    expect(res.body).not.toContain(CANARY);
  });

  it('is for site admins only, and refuses bad filters with 422', async () => {
    const cmA = await signedIn(t.app, 'a.cm');
    expect((await cmA.get('/api/v3/course-activity')).statusCode).toBe(403);
    expect((await cmA.get('/api/v3/course-activity/export')).statusCode).toBe(403);
    for (const query of ['field[event]=danced', 'cursor=abc', 'order=sideways', 'field[user_id]=me'])
      expect((await admin.get(`/api/v3/course-activity?${query}`)).statusCode, query).toBe(422);
  });

  it("shows another company's activity only when the header names it", async () => {
    const b = await admin.get('/api/v3/course-activity', { headers: { 'x-company-id': String(companyB) } });
    expect(b.json().data).toHaveLength(4);
  });
});

describe('GET /course-activity/export', () => {
  it('exports the filter in the list order and audits it', async () => {
    const listed = await allPages(`field[user_id]=${learners[0]}`, 500);
    const res = await admin.get(`/api/v3/course-activity/export?field[user_id]=${learners[0]}`);
    expect(res.statusCode).toBe(200);
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Master ID', 'Time (UTC)', 'Learner', 'Username', 'Course', 'Topic', 'Event', 'Details']);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(listed);
    expect(rows[1]![2]).toBe('Olive Abbott');
    const logged = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'course_activity.export')
      .execute();
    expect(JSON.parse(String(logged[0]!.after))).toMatchObject({ rows: listed.length, completed: true });
  });
});
