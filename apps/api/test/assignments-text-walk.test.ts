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
import { type StatusSource, derivedStatus } from './support/derived-status.ts';
import { STATUS_RANK, compareKeys } from './support/list-order.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// A learner text that many learners share ("son": Johnson, Wilson, Mason) matches thousands of
// assignments. SQLite walks the list in sort order and keeps the rows whose learner the users' search
// index matched, its total from the learner rollups (decision 100); PostgreSQL fetches and sorts. Every
// page must equal a fetch of every match sorted here, as writes come and go.

const PER_PAGE = 25;
const LAST_NAMES = ['Johnson', 'Carter', 'Wilson', 'Baker', 'Mason', 'Evans', 'Grant', 'Madison'];

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;
let learners: number[];

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

interface Row {
  id: number;
  text: string;
  learner: string;
  status: keyof typeof STATUS_RANK;
  assigned_at: string;
  due_at: string | null;
}

async function everything(): Promise<Row[]> {
  const now = t.clock.now.toISOString();
  const rows = await t.db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .selectAll('assignments')
    .select(['users.first_name', 'users.last_name', 'users.username', 'users.email'])
    .where('assignments.company_id', '=', w.companyA)
    .where('assignments.status', '<>', 'renewed')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    text: `${r.first_name} ${r.last_name} ${r.username} ${r.email ?? ''}`.toLowerCase(),
    learner: `${r.last_name.toLowerCase()} ${r.first_name.toLowerCase()}`,
    status: derivedStatus(r as StatusSource, now),
    assigned_at: r.assigned_at,
    due_at: r.due_at,
  }));
}

type Sort = 'due_at' | 'assigned_at' | 'learner' | 'status';

function expected(all: Row[], text: string, sort: Sort, order: 'asc' | 'desc', keep = (_: Row) => true): number[] {
  const key = (r: Row) => (sort === 'status' ? STATUS_RANK[r.status] : r[sort]);
  const compare = compareKeys;
  const tie = (a: Row, b: Row) => (sort === 'status' ? compare(a.due_at, b.due_at) : 0);
  const sign = order === 'asc' ? 1 : -1;
  return all
    .filter((r) => r.text.includes(text) && keep(r))
    .sort((a, b) => (compare(key(a), key(b)) || tie(a, b) || a.id - b.id) * sign)
    .map((r) => r.id);
}

async function checkPages(all: Row[], text: string, sort: Sort, order: 'asc' | 'desc', status?: string) {
  const keep = status ? (r: Row) => r.status === status : undefined;
  const want = expected(all, text, sort, order, keep);
  const last = Math.max(1, Math.ceil(want.length / PER_PAGE));
  for (const page of [...new Set([1, 2, 3, 10, Math.ceil(last / 2), last - 1, last])].filter((p) => p >= 1)) {
    const query: Record<string, string> = { text, sort, order, per_page: String(PER_PAGE), page: String(page) };
    if (status) query['field[status]'] = status;
    const response = await cm.get('/api/v3/assignments', { query });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: { id: number }[]; meta: { total: number } };
    const label = `${text} ${sort} ${order} ${status ?? ''} page ${page}`;
    expect(body.meta.total, label).toBe(want.length);
    expect(
      body.data.map((a) => a.id),
      label,
    ).toEqual(want.slice((page - 1) * PER_PAGE, page * PER_PAGE));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  learners = await createLearners(t.db, w.companyA, 96, (i) => ({
    firstName: ['Ann', 'Ben', 'Cleo'][i % 3]!,
    lastName: LAST_NAMES[i % LAST_NAMES.length]!,
  }));
  const courses = [w.courses.fire, w.courses.ethics, w.courses.retired];
  const rows = [];
  for (let i = 0; i < 3_200; i++) {
    const kind = i % 4;
    const assigned = (i * 13) % 90;
    rows.push({
      company_id: w.companyA,
      user_id: learners[(i * 7) % learners.length]!,
      course_id: courses[i % courses.length]!,
      status: kind === 3 ? 'completed' : kind === 1 ? 'in_progress' : 'not_started',
      source: 'manual',
      assigned_at: day(assigned),
      due_at: i % 9 === 0 ? null : day(assigned + ((i * 5) % 200)),
      started_at: kind === 1 ? day(assigned + 1) : null,
      completed_at: kind === 3 ? day(assigned + 2) : null,
      progress: kind === 3 ? 100 : kind === 1 ? 40 : 0,
      score: kind === 3 ? 70 : null,
      created_at: day(assigned),
      updated_at: day(assigned),
    });
  }
  await insertAssignmentRows(t.db, rows);
  await moveRollupWindow(t.db, t.dialect, t.clock.now);
  cm = await signedIn(t.app, 'a.cm');
}, 120_000);
afterAll(async () => t.close());

describe('a learner text many learners share', () => {
  it('pages equal fetch-and-sort in every order, and under a status', async () => {
    const all = await everything();
    // Over a thousand matches: enough for SQLite to walk in sort order.
    expect(expected(all, 'son', 'due_at', 'asc').length).toBeGreaterThan(1_000);
    for (const [sort, order] of [
      ['due_at', 'asc'],
      ['due_at', 'desc'],
      ['assigned_at', 'desc'],
      ['learner', 'asc'],
      ['status', 'asc'],
    ] as const)
      await checkPages(all, 'son', sort, order);
    await checkPages(all, 'son', 'due_at', 'asc', 'overdue');
    await checkPages(all, 'son', 'assigned_at', 'desc', 'not_started');
  }, 120_000);

  it('walks on SQLite, the total from the learner rollups, and the same pages through the engine', async () => {
    const now = t.clock.now.toISOString();
    const spec = assignmentsList(now, await listCodesDay(t.db, now));
    const sets: number[] = [];
    const counts: (number | undefined)[] = [];
    let conditions = 0;
    if (t.dialect === 'sqlite') {
      const text = spec.sqlite.text!;
      const condition = text.condition;
      text.condition = (term, criteria) => {
        conditions++;
        return condition(term, criteria);
      };
      const matchSet = text.matchSet;
      text.matchSet = async (db, term, criteria) => {
        const set = await matchSet(db, term, criteria);
        sets.push(set?.length ?? -1);
        return set;
      };
      const quickCount = spec.sqlite.quickCount!;
      spec.sqlite.quickCount = async (db, criteria) => {
        const count = await quickCount(db, criteria);
        if (criteria.text) counts.push(count);
        return count;
      };
    }
    // A write moves the data stamp: nothing the API requests kept before is served.
    await t.db
      .updateTable('courses')
      .set({ updated_at: day(0) })
      .where('id', '=', w.courses.fire)
      .execute();
    const all = await everything();
    const want = expected(all, 'son', 'due_at', 'asc');
    for (const offset of [0, 25, 400, 600]) {
      const page = { orderBy: ASSIGNMENT_ORDER.due_at, order: 'asc' as const, limit: PER_PAGE, offset };
      const criteria = { companyId: w.companyA, scope: null, text: 'son' };
      const { rows, total } = await lists.listPage(t.db, t.dialect, spec, criteria, page);
      expect(total).toBe(want.length);
      expect(rows.map((r) => r.id)).toEqual(want.slice(offset, offset + PER_PAGE));
    }
    if (t.dialect === 'sqlite') {
      // The walk read the set of matching learners (Johnson, Wilson, Mason and Madison: 48 of 96 learners).
      expect(sets.length).toBeGreaterThan(0);
      expect(sets.every((n) => n === 48)).toBe(true);
      // Each page was the walk's: fetch-and-sort (or a count of the table) would have matched the text in SQL.
      expect(conditions).toBe(0);
      // The total is the learner rollups' sum, not a count of the table.
      expect(counts).toContain(want.length);
    }
  }, 120_000);

  it('follows writes on another connection: a new match, a renamed learner, a renewed completion', async () => {
    const before = await everything();
    await checkPages(before, 'son', 'due_at', 'asc');
    const [carter, johnson] = [learners[1]!, learners[0]!];
    const other = t.openSecondConnection();
    try {
      // A Carter becomes a Robson: their assignments now match, the earliest due of all among them.
      await other.db.updateTable('users').set({ last_name: 'Robson' }).where('id', '=', carter).execute();
      await other.db
        .insertInto('assignments')
        .values({
          company_id: w.companyA,
          user_id: carter,
          course_id: w.courses.ethics,
          status: 'not_started',
          source: 'manual',
          assigned_at: day(1),
          due_at: '2019-06-01T00:00:00.000Z',
          created_at: day(1),
          updated_at: day(1),
        })
        .execute();
      // One of a Johnson's assignments becomes a renewed completion: history, in no list.
      const renewed = await other.db
        .selectFrom('assignments')
        .select('id')
        .where('user_id', '=', johnson)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await other.db.updateTable('assignments').set({ status: 'renewed' }).where('id', '=', renewed.id).execute();
    } finally {
      await other.close();
    }
    const after = await everything();
    expect(expected(after, 'son', 'due_at', 'asc').length).not.toBe(expected(before, 'son', 'due_at', 'asc').length);
    await checkPages(after, 'son', 'due_at', 'asc');
    await checkPages(after, 'son', 'assigned_at', 'desc');
  }, 120_000);
});
