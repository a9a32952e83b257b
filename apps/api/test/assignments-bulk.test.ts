import { ASSIGNMENT_BULK_INLINE_LIMIT, ASSIGNMENT_BULK_MESSAGES, ASSIGNMENT_BULK_REASONS } from '@heed/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processNextJob } from '../src/jobs/worker.ts';
import { runDeliveries } from '../src/modules/notifications/index.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createNumberedUsers } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let w: AssignmentsWorld;

beforeEach(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
});
afterEach(async () => t.close());

const bulk = (client: TestClient, query: Record<string, string>, body: unknown) =>
  client.request('PUT', '/api/v3/assignments', { query, body });
const preview = (client: TestClient, query: Record<string, string>, body: unknown) =>
  client.post('/api/v3/assignments/bulk-preview', body, { query });
const ids = (...values: number[]) => ({ 'field[id]': values.join(',') });

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const row = (id: number) => t.db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirst();

/** One assignment per learner of company A (course Fire Safety), by learner name. */
async function assignEveryone(extra: Partial<Parameters<typeof insertAssignment>[1]> = {}) {
  const made: Record<string, number> = {};
  for (const [name, userId] of Object.entries(w.learners))
    made[name] = await insertAssignment(t.db, {
      companyId: name === 'b1' ? w.companyB : w.companyA,
      userId,
      courseId: w.courses.fire,
      dueAt: '2026-04-01T23:59:59.000Z',
      ...extra,
    });
  return made;
}

describe('PUT /assignments: change due date', () => {
  it('previews "apply to N assignments?" with who, then applies to exactly those, one audit entry each', async () => {
    const a = await assignEveryone();
    const done = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.ethics,
      status: 'completed',
      completedAt: '2026-02-01T10:00:00.000Z',
      score: 90,
    });
    const cm = await signedIn(t.app, 'a.cm');
    const query = ids(a.ops1!, a.ops2!, a.sales1!, done);
    const body = { action: 'change_due_date', due_date: '2026-05-15' };

    const seen = await preview(cm, { ...query, per_page: '2' }, body);
    expect(seen.statusCode, seen.body).toBe(200);
    const shown = seen.json();
    expect(shown.data).toMatchObject({ matched: 4, changes: 3, skipped: 1, due_at: '2026-05-15T23:59:59.000Z' });
    expect(shown.data.errors).toEqual([{ reason: 'completed', message: ASSIGNMENT_BULK_REASONS.completed, count: 1 }]);
    expect(shown.rows.map((r: { learner: { name: string } }) => r.learner.name)).toEqual([
      'Olive Abbott',
      'Oscar Zane',
    ]);
    expect(shown.meta).toMatchObject({ total: 3, last_page: 2 });
    // The preview wrote nothing.
    expect((await row(a.ops1!))!.due_at).toBe('2026-04-01T23:59:59.000Z');

    const applied = await bulk(cm, query, body);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      action: 'change_due_date',
      matched: 4,
      changed: 3,
      skipped: 1,
      failed: 0,
    });
    for (const id of [a.ops1!, a.ops2!, a.sales1!]) expect((await row(id))!.due_at).toBe('2026-05-15T23:59:59.000Z');
    expect((await row(a.sales2!))!.due_at).toBe('2026-04-01T23:59:59.000Z');
    const audits = await auditOf('assignment.change_due_date');
    expect(audits.map((r) => Number(r.entity_id)).sort((x, y) => x - y)).toEqual(
      [a.ops1!, a.ops2!, a.sales1!].sort((x, y) => x - y),
    );
    expect(JSON.parse(audits[0]!.before!)).toEqual({ due_at: '2026-04-01T23:59:59.000Z' });
    expect(JSON.parse(audits[0]!.after!)).toEqual({ due_at: '2026-05-15T23:59:59.000Z' });

    // Again: nothing left to change.
    const again = await bulk(cm, query, body);
    expect(again.json().data).toMatchObject({ changed: 0, skipped: 4 });
  });

  it('clears the due date with null, refuses a day in the past and an unfiltered request without all=1', async () => {
    const a = await assignEveryone();
    const cm = await signedIn(t.app, 'a.cm');
    const past = await bulk(cm, ids(a.ops1!), { action: 'change_due_date', due_date: '2026-03-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.details).toEqual({ due_date: [ASSIGNMENT_BULK_MESSAGES.dueInPast] });
    const missing = await bulk(cm, ids(a.ops1!), { action: 'change_due_date' });
    expect(missing.statusCode).toBe(422);
    const everything = await bulk(cm, {}, { action: 'change_due_date', due_date: null });
    expect(everything.statusCode).toBe(422);
    expect(everything.json().error.details).toEqual({ all: [ASSIGNMENT_BULK_MESSAGES.needsFilter] });
    const all = await bulk(cm, { all: '1' }, { action: 'change_due_date', due_date: null });
    expect(all.json().data).toMatchObject({ matched: 6, changed: 6 });
    expect((await row(a.ops1!))!.due_at).toBeNull();
    // Company B's assignment was never matched.
    expect((await row(a.b1!))!.due_at).toBe('2026-04-01T23:59:59.000Z');
  });

  it('leaves out the unticked rows of "all matching"', async () => {
    const a = await assignEveryone();
    const cm = await signedIn(t.app, 'a.cm');
    const done = await bulk(
      cm,
      { 'field[department_id]': String(w.ops) },
      { action: 'change_due_date', due_date: '2026-06-01', excluded_ids: [a.ops2!] },
    );
    expect(done.json().data).toMatchObject({ matched: 2, changed: 2 });
    expect((await row(a.ops2!))!.due_at).toBe('2026-04-01T23:59:59.000Z');
    expect((await row(a.east1!))!.due_at).toBe('2026-06-01T23:59:59.000Z');
  });
});

describe('PUT /assignments: reach', () => {
  it('keeps a Department Manager inside their subtree and a Reviewer out', async () => {
    const a = await assignEveryone();
    const dm = await signedIn(t.app, 'a.dm');
    const body = { action: 'change_due_date', due_date: '2026-06-01' };
    const named = await bulk(dm, ids(a.ops1!, a.sales1!, a.b1!), body);
    expect(named.json().data).toMatchObject({ matched: 1, changed: 1 });
    expect((await row(a.sales1!))!.due_at).toBe('2026-04-01T23:59:59.000Z');
    const all = await bulk(dm, { all: '1' }, body);
    expect(all.json().data).toMatchObject({ matched: 3 });
    expect((await row(a.east1!))!.due_at).toBe('2026-06-01T23:59:59.000Z');
    expect((await row(a.nodept!))!.due_at).toBe('2026-04-01T23:59:59.000Z');

    const reviewer = await signedIn(t.app, 'a.reviewer');
    expect((await bulk(reviewer, ids(a.ops1!), { action: 'remove' })).statusCode).toBe(403);
    expect((await preview(reviewer, ids(a.ops1!), { action: 'remove' })).statusCode).toBe(403);
    expect(await row(a.ops1!)).toBeDefined();
    const bdm = await signedIn(t.app, 'b.dm');
    expect((await bulk(bdm, ids(a.ops1!), { action: 'remove' })).json().data).toMatchObject({ matched: 0 });
    expect(await row(a.ops1!)).toBeDefined();
  });
});

describe('PUT /assignments: reset, remove, reminders', () => {
  async function passedAttempt(assignmentId: number, userId: number) {
    const version = await t.db
      .insertInto('course_versions')
      .values({
        course_id: w.courses.fire,
        version: 1,
        document: '{}',
        created_by: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('course_attempts')
      .values({
        company_id: w.companyA,
        user_id: userId,
        assignment_id: assignmentId,
        course_id: w.courses.fire,
        course_version_id: version.id,
        attempt: 1,
        status: 'passed',
        score: 95,
        state: JSON.stringify({ base: 0, topics: {} }),
        started_at: '2026-02-01T09:00:00.000Z',
        finished_at: '2026-02-01T10:00:00.000Z',
        updated_at: '2026-02-01T10:00:00.000Z',
      })
      .execute();
  }

  it('reset reopens a completion and keeps it on record: its certificate, its attempt', async () => {
    const completed = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
      status: 'completed',
      startedAt: '2026-02-01T09:00:00.000Z',
      completedAt: '2026-02-01T10:00:00.000Z',
      score: 95,
      progress: 100,
      expiresAt: '2027-02-01T10:00:00.000Z',
    });
    await passedAttempt(completed, w.learners.ops1);
    const fresh = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops2,
      courseId: w.courses.fire,
    });
    const cm = await signedIn(t.app, 'a.cm');
    const done = await bulk(cm, ids(completed, fresh), { action: 'reset' });
    expect(done.json().data).toMatchObject({
      changed: 1,
      skipped: 1,
      errors: [{ reason: 'notStarted', count: 1, assignment_ids: [fresh] }],
    });
    expect(await row(completed)).toMatchObject({
      status: 'not_started',
      progress: 0,
      completed_at: null,
      score: null,
      expires_at: null,
      started_at: null,
    });
    const certificates = await t.db
      .selectFrom('certificates')
      .selectAll()
      .where('assignment_id', '=', completed)
      .execute();
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({ completed_at: '2026-02-01T10:00:00.000Z', score: 95 });
    const attempts = await t.db
      .selectFrom('course_attempts')
      .selectAll()
      .where('assignment_id', '=', completed)
      .execute();
    expect(attempts.map((a) => a.status)).toEqual(['passed']);
    const [entry] = await auditOf('assignment.reset');
    expect(JSON.parse(entry!.before!)).toMatchObject({
      status: 'completed',
      completed_at: '2026-02-01T10:00:00.000Z',
      certificate: certificates[0]!.number,
    });
    // The learner's list shows it open again.
    const listed = await cm.get('/api/v3/assignments', { query: ids(completed) });
    expect(listed.json().data[0].status).toBe('not_started');
  });

  it('reset ends an attempt in progress and gives the learner a fresh cycle of attempts', async () => {
    const started = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
      status: 'in_progress',
      startedAt: '2026-02-01T09:00:00.000Z',
      progress: 50,
    });
    await passedAttempt(started, w.learners.ops1);
    await t.db
      .updateTable('course_attempts')
      .set({ status: 'in_progress', finished_at: null, score: null })
      .where('assignment_id', '=', started)
      .execute();
    const cm = await signedIn(t.app, 'a.cm');
    expect((await bulk(cm, ids(started), { action: 'reset' })).json().data).toMatchObject({ changed: 1 });
    const [attempt] = await t.db
      .selectFrom('course_attempts')
      .selectAll()
      .where('assignment_id', '=', started)
      .execute();
    expect(attempt).toMatchObject({ status: 'failed', finished_at: t.clock.now.toISOString() });
    expect(JSON.parse(attempt!.state).base).toBe(1);
    expect(await row(started)).toMatchObject({ status: 'not_started', progress: 0, started_at: null });
  });

  it('remove deletes open assignments, keeps completions, and protects a rule learner from that rule', async () => {
    const open = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
    });
    const completed = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops2,
      courseId: w.courses.fire,
      status: 'completed',
      completedAt: '2026-02-01T10:00:00.000Z',
    });
    const rule = await t.db
      .insertInto('assignment_rules')
      .values({
        company_id: w.companyA,
        name: 'Everyone',
        match: 'all',
        conditions: '[]',
        course_ids: JSON.stringify([w.courses.ethics]),
        due_days: null,
        recertify_months: null,
        active: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const byRule = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.sales1,
      courseId: w.courses.ethics,
      source: 'rule',
    });
    await t.db.updateTable('assignments').set({ rule_id: rule.id }).where('id', '=', byRule).execute();
    const cm = await signedIn(t.app, 'a.cm');
    const done = await bulk(cm, ids(open, completed, byRule), { action: 'remove' });
    expect(done.json().data).toMatchObject({ changed: 2, skipped: 1, errors: [{ reason: 'hasCompletion', count: 1 }] });
    expect(await row(open)).toBeUndefined();
    expect(await row(byRule)).toBeUndefined();
    expect(await row(completed)).toBeDefined();
    expect(await t.db.selectFrom('assignment_rule_exclusions').selectAll().execute()).toMatchObject([
      { rule_id: rule.id, user_id: w.learners.sales1, course_id: w.courses.ethics },
    ]);
    const audits = await auditOf('assignment.remove');
    expect(audits).toHaveLength(2);
    expect(JSON.parse(audits.find((a) => Number(a.entity_id) === open)!.before!)).toMatchObject({
      user_id: w.learners.ops1,
      course_id: w.courses.fire,
    });
  });

  it('send reminder now queues one User Reminder per open assignment, with a link to its details', async () => {
    const a = await assignEveryone();
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', w.learners.ops2).execute();
    await t.db.updateTable('users').set({ email: null }).where('id', '=', w.learners.sales1).execute();
    const cm = await signedIn(t.app, 'a.cm');
    const done = await bulk(cm, ids(a.ops1!, a.ops2!, a.sales1!), { action: 'send_reminder' });
    expect(done.json().data).toMatchObject({ changed: 1, skipped: 2 });
    const deliveries = await t.db.selectFrom('deliveries').selectAll().execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ assignment_id: a.ops1, type: 'reminder_employee', status: 'queued' });
    const jobs = await t.db.selectFrom('jobs').select('type').where('type', '=', 'notifications_deliver').execute();
    expect(jobs).toHaveLength(1);
    // Rendered at send time through the company's template, with a details link made then (decision 083):
    // nothing configured to send with, the rendered message lands in the outbox.
    await runDeliveries(t.db, t.config, { workerId: 'test', now: () => t.clock.now });
    const sent = await t.db.selectFrom('deliveries').selectAll().executeTakeFirstOrThrow();
    expect(sent.status).toBe('outbox');
    const token = /public\/assignments\?token=([^\s&]+)/.exec(sent.body)?.[1];
    expect(token, sent.body).toBeDefined();
    const details = await t.app.inject({ url: `/api/v3/public/assignments?token=${token}` });
    expect(details.json().data).toMatchObject({ first_name: 'Olive', course_name: 'Fire Safety' });
    expect(await auditOf('assignment.reminder_sent')).toHaveLength(1);
  });
});

describe('PUT /assignments: over the inline limit', () => {
  it(`runs over ${ASSIGNMENT_BULK_INLINE_LIMIT} assignments as a job with progress and a summary`, async () => {
    await createNumberedUsers(t.db, {
      companyId: w.companyA,
      count: 1100,
      prefix: 'Many',
      domain: '@many.test',
      departmentId: w.sales,
    });
    await sql`INSERT INTO assignments (company_id, user_id, course_id, status, source, assigned_at, due_at, progress, created_at, updated_at)
      SELECT company_id, id, ${w.courses.fire}, 'not_started', 'manual', '2026-01-10T08:00:00.000Z', NULL, 0,
        '2026-01-10T08:00:00.000Z', '2026-01-10T08:00:00.000Z'
      FROM users WHERE company_id = ${w.companyA} AND department_id = ${w.sales}`.execute(t.db);
    const cm = await signedIn(t.app, 'a.cm');
    const queued = await bulk(
      cm,
      { 'field[department_id]': String(w.sales) },
      { action: 'change_due_date', due_date: '2026-07-01' },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data).toMatchObject({ matched: 1102 });
    expect(await auditOf('assignments.bulk_queued')).toHaveLength(1);
    const done = await processNextJob({
      db: t.db,
      dialect: t.dialect,
      config: t.config,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      workerId: 'test',
    });
    expect(done).toMatchObject({ status: 'completed', progress: 1102, total: 1102 });
    expect(JSON.parse(done!.result!)).toMatchObject({
      action: 'change_due_date',
      matched: 1102,
      changed: 1102,
      failed: 0,
    });
    const left = await t.db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('due_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(await auditOf('assignment.change_due_date')).toHaveLength(1102);
  });
});
