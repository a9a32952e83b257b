import { SESSION_COOKIE, USER_BULK_INLINE_LIMIT } from '@heed/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../src/platform/session.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createDepartment } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { addCustomField } from './support/users-fixture.ts';
import {
  type BulkFixture,
  addLearners,
  auditRows,
  bulk,
  createBulkFixture,
  dataOf,
  runNextJob,
} from './users-bulk.fixture.ts';

let t: TestApp;
let f: BulkFixture;
let cm: TestClient;
let plant: number;
let learners: number[];
const COUNT = USER_BULK_INLINE_LIMIT + 205;

beforeEach(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
  cm = await signedIn(t.app, 'cm');
  plant = (await createDepartment(t.db, f.company, 'Plant')).id;
  learners = await addLearners(t, f.company, COUNT, 'plant.', plant);
});
afterEach(async () => t.close());

const job = async (id: number) => {
  const response = await cm.get(`/api/v3/jobs/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response);
};
const suspendedCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('department_id', '=', plant)
        .where('suspended', '=', 1)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('PUT /users over 1,000 users', () => {
  it('queues a job (202), which the worker runs with progress and a summary; sessions end, totals follow', async () => {
    const someone = await createSession(t.db, {
      userId: learners[7]!,
      impersonatorId: null,
      ip: null,
      userAgent: null,
      now: t.clock.now,
    });
    const listQuery = `field[department_id]=${plant}&field[suspended]=1`;
    expect((await cm.get(`/api/v3/users?${listQuery}`)).json().meta.total).toBe(0);

    const response = await bulk(cm, `field[department_id]=${plant}`, { action: 'deactivate' });

    expect(response.statusCode, response.body).toBe(202);
    const { job_id: jobId, matched } = dataOf(response);
    expect(matched).toBe(COUNT);
    expect(await job(jobId)).toMatchObject({ type: 'users_bulk', status: 'queued', progress: 0, result: null });
    expect(await suspendedCount()).toBe(0);
    const [queuedAudit] = await auditRows(t, 'user.bulk_queued');
    expect(queuedAudit).toMatchObject({ entity_type: 'job', entity_id: String(jobId), actor_id: f.ids.cm });

    expect(await runNextJob(t)).toMatchObject({ id: jobId, status: 'completed' });

    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      progress: COUNT,
      total: COUNT,
      error: null,
      result: { action: 'deactivate', matched: COUNT, changed: COUNT, skipped: 0, failed: 0 },
    });
    expect(await suspendedCount()).toBe(COUNT);
    expect(await auditRows(t, 'user.deactivate')).toHaveLength(COUNT);
    const sessions = await t.db.selectFrom('sessions').select('user_id').where('user_id', '=', learners[7]!).execute();
    expect(sessions).toEqual([]);
    const gone = new TestAppClient(t, someone.token);
    expect((await gone.me()).statusCode).toBe(403);
    expect((await cm.get(`/api/v3/users?${listQuery}`)).json().meta.total).toBe(COUNT);
  });

  it('resumes after the last committed chunk when a worker died mid-run', async () => {
    const response = await bulk(cm, `field[department_id]=${plant}`, { action: 'deactivate' });
    const jobId: number = dataOf(response).job_id;
    // As if a worker had committed the first 600 users and died: their changes and this result committed together.
    const done = learners.slice(0, 600);
    await t.db
      .updateTable('jobs')
      .set({
        progress: 600,
        total: COUNT,
        result: JSON.stringify({
          action: 'deactivate',
          matched: 600,
          changed: 600,
          skipped: 0,
          failed: 0,
          processed: 600,
          resume_after_id: done.at(-1),
        }),
      })
      .where('id', '=', jobId)
      .execute();

    await runNextJob(t);

    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      progress: COUNT,
      total: COUNT,
      result: { matched: COUNT, changed: COUNT, failed: 0 },
    });
    // Only the users after the cursor were changed (and audited) this time.
    expect(await suspendedCount()).toBe(COUNT - 600);
    expect(await auditRows(t, 'user.deactivate')).toHaveLength(COUNT - 600);
    const first = await t.db
      .selectFrom('users')
      .select('suspended')
      .where('id', '=', done[0]!)
      .executeTakeFirstOrThrow();
    expect(first.suspended).toBe(0);
  });

  it('carries every kind of list filter into the job (a custom field prefix)', async () => {
    const badge = await addCustomField(t.db, f.company, 'badge', 'text');
    await sql`INSERT INTO user_field_values (user_id, field_id, company_id, value)
      SELECT id, ${badge}, company_id, 'B-' || CAST(id AS text) FROM users WHERE department_id = ${plant}`.execute(
      t.db,
    );
    const response = await bulk(cm, 'field[cf.badge]=B-*', { action: 'deactivate' });
    expect(response.statusCode, response.body).toBe(202);
    await runNextJob(t);
    const result = (await cm.get(`/api/v3/jobs/${dataOf(response).job_id}`)).json().data.result;
    expect(result).toMatchObject({ matched: COUNT, changed: COUNT });
    expect(await suspendedCount()).toBe(COUNT);
  });

  it('runs as a job for a Department Manager too, inside their scope', async () => {
    await t.db.updateTable('users').set({ department_id: f.ids.sales }).where('department_id', '=', plant).execute();
    const dm = await signedIn(t.app, 'sales.dm');
    const response = await bulk(dm, 'all=1', { action: 'change_department', department_id: f.ids.emea });
    expect(response.statusCode).toBe(202);
    // Their scope: HQ (anna, sales.dm) and Sales > EMEA (bob, sales.cm, cleo and the learners).
    expect(dataOf(response).matched).toBe(COUNT + 5);
    await runNextJob(t);
    const result = (await cm.get(`/api/v3/jobs/${dataOf(response).job_id}`)).json().data.result;
    // sales.cm ranks above them; cleo is in EMEA already.
    expect(result).toMatchObject({ matched: COUNT + 5, changed: COUNT + 3, skipped: 2 });
    const moved = await t.db.selectFrom('users').select('id').where('department_id', '=', f.ids.emea!).execute();
    expect(moved).toHaveLength(COUNT + 4);
    expect(
      (await t.db.selectFrom('users').select('department_id').where('id', '=', f.ids.dan!).executeTakeFirst())
        ?.department_id,
    ).toBe(f.ids.ops);
  });

  it('deletes users as a job; text search finds none of them afterwards, and still finds a new user', async () => {
    const search = async (text: string) => (await cm.get(`/api/v3/users?text=${text}`)).json().meta.total;
    expect(await search('plant.12@bulk')).toBe(1);

    const response = await bulk(cm, `field[department_id]=${plant}`, { action: 'delete' });
    expect(response.statusCode, response.body).toBe(202);
    await runNextJob(t);

    expect((await cm.get(`/api/v3/jobs/${dataOf(response).job_id}`)).json().data.result).toMatchObject({
      matched: COUNT,
      changed: COUNT,
    });
    expect(await auditRows(t, 'user.delete')).toHaveLength(COUNT);
    expect(await search('plant.12@bulk')).toBe(0);
    expect(await search('@bulk.test')).toBe(0);
    if (t.dialect === 'sqlite') {
      // The search index itself holds none of them (not merely hidden by the join to users), and the
      // job left FTS5's delete-merging as it found it.
      const indexed = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM users_search WHERE users_search MATCH '"@bulk.test"'`.execute(t.db);
      expect(indexed.rows[0]?.n).toBe(0);
      const setting = await sql<{ v: number }>`SELECT v FROM users_search_config WHERE k = 'deletemerge'`.execute(t.db);
      expect(setting.rows.map((row) => Number(row.v))).toEqual([10]);
    }
    await addLearners(t, f.company, 1, 'plant.again.', plant);
    expect(await search('plant.again.1@bulk')).toBe(1);
  });
});

/** A client holding a raw session cookie (a session made without signing in). */
class TestAppClient {
  constructor(
    private readonly app: TestApp,
    private readonly token: string,
  ) {}
  me() {
    return this.app.app.inject({ method: 'GET', url: '/api/v3/me', cookies: { [SESSION_COOKIE]: this.token } });
  }
}
