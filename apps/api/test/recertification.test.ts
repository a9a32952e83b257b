import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobRegistry } from '../src/modules/index.ts';
import { renewDueCompletions } from '../src/modules/recertification/index.ts';
import { signedIn } from './support/client.ts';
import {
  type PlayerWorld,
  type Progress,
  RIGHT,
  answer,
  complete,
  createPlayerWorld,
  data,
  newLearner,
  playerCourseBody,
  startAttempt,
} from './support/player-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Recertification (issue 16 item 4): the completion history kept for good, and the daily renewal
// pass. The test clock starts at 2026-03-02T09:00:00Z; the fixture's course recertifies every 12 months.

let t: TestApp;
let w: PlayerWorld;
beforeEach(async () => {
  t = await createTestApp();
  w = await createPlayerWorld(t);
});
afterEach(async () => t.close());

const DAY = 24 * 60;

type Learner = Awaited<ReturnType<typeof newLearner>>;

async function pass(me: Learner): Promise<Progress> {
  const [intro, check, summary] = w.course.topics;
  const { attempt } = await startAttempt(me.client, me.assignmentId);
  await complete(me.client, attempt.id, intro!.id);
  for (const q of check!.questions) await answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!);
  return data<Progress>(await complete(me.client, attempt.id, summary!.id));
}

const renew = () => renewDueCompletions({ db: t.db, dialect: t.dialect }, t.clock.now);

const assignmentsOf = (userId: number) =>
  t.db
    .selectFrom('assignments')
    .select(['id', 'source', 'status', 'due_at', 'renews_assignment_id', 'assigned_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

interface CompletionItem {
  assignment_id: number;
  completed_at: string;
  expires_at: string | null;
  score: number | null;
  state: string;
  course: { id: number; name: string | null };
}

describe('the completion history', () => {
  it('keeps every completion, a retake included, with its state, even after the assignment is removed', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    await pass(me);
    t.clock.advanceMinutes(DAY * 340); // 2027-02-05: inside the 30-day renewal window
    me.client = await signedIn(t.app, me.username);
    await pass(me);

    const cm = await signedIn(t.app, 'a.cm');
    const history = await cm.get(`/api/v3/users/${me.userId}/completions`);
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json() as { data: CompletionItem[]; meta: { total: number } };
    expect(body.meta.total).toBe(2);
    expect(body.data).toMatchObject([
      {
        assignment_id: me.assignmentId,
        completed_at: '2027-02-05T09:00:00.000Z',
        expires_at: '2028-02-05T09:00:00.000Z',
        score: 100,
        state: 'valid',
        course: { id: w.courseId, name: 'Fire Safety' },
      },
      { completed_at: '2026-03-02T09:00:00.000Z', expires_at: '2027-03-02T09:00:00.000Z', state: 'renewal_due' },
    ]);

    await t.db.deleteFrom('assignments').where('id', '=', me.assignmentId).execute();
    const kept = (await cm.get(`/api/v3/users/${me.userId}/completions`)).json() as { meta: { total: number } };
    expect(kept.meta.total).toBe(2);
  });

  it('says when a completion lapses, after its grace period', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    await pass(me);
    await t.db.updateTable('courses').set({ grace_days: 14 }).where('id', '=', w.courseId).execute();
    // Signed in afresh each time: sessions do not last the months the clock skips.
    const stateNow = async () => {
      const cm = await signedIn(t.app, 'a.cm');
      return ((await cm.get(`/api/v3/users/${me.userId}/completions`)).json() as { data: CompletionItem[] }).data[0]!
        .state;
    };
    t.clock.advanceMinutes(DAY * 366); // 2027-03-03: expired yesterday
    expect(await stateNow()).toBe('grace');
    t.clock.advanceMinutes(DAY * 14);
    expect(await stateNow()).toBe('lapsed');
  });

  it("is another company's or a learner's business only as far as they may see the user", async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    await pass(me);
    expect((await (await signedIn(t.app, 'b.dm')).get(`/api/v3/users/${me.userId}/completions`)).statusCode).toBe(404);
    expect((await (await signedIn(t.app, 'a.student')).get(`/api/v3/users/${me.userId}/completions`)).statusCode).toBe(
      403,
    );
    const reviewer = await signedIn(t.app, 'a.reviewer');
    const read = await reviewer.get(`/api/v3/users/${me.userId}/completions?course_id=${w.courseId}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as { data: CompletionItem[] }).data).toMatchObject([
      { state: 'valid', expires_at: '2027-03-02T09:00:00.000Z' },
    ]);
  });
});

describe('the renewal pass', () => {
  it('is scheduled daily in the worker', () => {
    expect(jobRegistry['recertification.renewals']).toMatchObject({ every: 'day', lane: 'heavy' });
  });

  it('assigns the renewal when the window opens, due at expiry plus grace, once however often it runs', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    const done = await pass(me);
    expect(done.assignment.expires_at).toBe('2027-03-02T09:00:00.000Z');
    expect(await renew()).toEqual({ renewed: 0, companies: {} });

    t.clock.advanceMinutes(DAY * 329); // 2027-01-25: 36 days before expiry
    expect((await renew()).renewed).toBe(0);
    t.clock.advanceMinutes(DAY * 7); // 2027-02-01: 29 days before
    expect(await renew()).toEqual({ renewed: 1, companies: { [w.companyA]: 1 } });
    expect(await renew()).toEqual({ renewed: 0, companies: {} });

    const [, renewal] = await assignmentsOf(me.userId);
    expect(renewal).toMatchObject({
      source: 'renewal',
      status: 'not_started',
      renews_assignment_id: me.assignmentId,
      due_at: '2027-03-02T09:00:00.000Z',
      assigned_at: '2027-02-01T09:00:00.000Z',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['company_id', 'action', 'after'])
      .where('action', '=', 'assignments.renew')
      .execute();
    expect(audit).toEqual([
      { company_id: w.companyA, action: 'assignments.renew', after: JSON.stringify({ renewals: 1 }) },
    ]);

    // The learner's My Courses shows the renewal in place of the completion it renews.
    me.client = await signedIn(t.app, me.username);
    const mine = (await me.client.get('/api/v3/my/assignments')).json() as { data: { id: number; status: string }[] };
    expect(mine.data.map((a) => a.id)).toContain(renewal!.id);
    expect(mine.data.map((a) => a.id)).not.toContain(me.assignmentId);
  });

  it('gives the grace period before the renewal falls due, and renews what expired long ago', async () => {
    await t.db.updateTable('courses').set({ grace_days: 14 }).where('id', '=', w.courseId).execute();
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    await pass(me);
    t.clock.advanceMinutes(DAY * 500); // long past expiry, never renewed
    expect((await renew()).renewed).toBe(1);
    const [, renewal] = await assignmentsOf(me.userId);
    expect(renewal?.due_at).toBe('2027-03-16T09:00:00.000Z');
  });

  it('leaves out suspended learners, inactive courses, and learners who were assigned the course again since', async () => {
    const suspended = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    const reassigned = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    await pass(suspended);
    await pass(reassigned);
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', suspended.userId).execute();
    const at = t.clock.now.toISOString();
    await t.db
      .insertInto('assignments')
      .values({
        company_id: w.companyA,
        user_id: reassigned.userId,
        course_id: w.courseId,
        status: 'not_started',
        source: 'manual',
        assigned_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    t.clock.advanceMinutes(DAY * 340);
    expect((await renew()).renewed).toBe(0);

    const other = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    other.client = await signedIn(t.app, other.username);
    await pass(other);
    await t.db.updateTable('courses').set({ active: 0 }).where('id', '=', w.courseId).execute();
    t.clock.advanceMinutes(DAY * 340);
    expect((await renew()).renewed).toBe(0);
  });
});

describe("a course's renewal window and grace period", () => {
  it('are checked: in range, and the window shorter than the recertification period', async () => {
    const tooLong = await w.admin.post('/api/v3/courses', playerCourseBody({ recertify_months: 1, renewal_days: 30 }));
    expect(tooLong.statusCode).toBe(422);
    expect((tooLong.json() as { error: { details: Record<string, string[]> } }).error.details).toEqual({
      renewal_days: ['Make the renewal window shorter than the recertification period.'],
    });
    const negative = await w.admin.post('/api/v3/courses', playerCourseBody({ grace_days: -1, renewal_days: 400 }));
    expect(negative.statusCode).toBe(422);
    expect(Object.keys((negative.json() as { error: { details: object } }).error.details).sort()).toEqual([
      'grace_days',
      'renewal_days',
    ]);
    const saved = await w.admin.post('/api/v3/courses', playerCourseBody({ renewal_days: 60, grace_days: 7 }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(data<{ renewal_days: number; grace_days: number }>(saved)).toMatchObject({
      renewal_days: 60,
      grace_days: 7,
    });
  });
});

describe('a renewed certification (decision 081)', () => {
  it('counts once and not as expired once the renewal is completed; expired until then', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    await pass(me);
    t.clock.advanceMinutes(DAY * 400); // 2027-04-06: the certificate expired a month ago
    expect((await renew()).renewed).toBe(1);
    const [, renewal] = await assignmentsOf(me.userId);
    const cm = await signedIn(t.app, 'a.cm');
    me.client = await signedIn(t.app, me.username);
    const figures = async () => {
      const course = `?field[course_id]=${w.courseId}`;
      const counts = await cm.get(`/api/v3/reports/assignments/status-counts${course}`);
      const recert = await cm.get(`/api/v3/reports/assignments/recertification${course}`);
      const list = async (query: string) =>
        (await cm.get(`/api/v3/assignments?field[user_id]=${me.userId}${query}`)).json().meta.total as number;
      return {
        counts: counts.json().data as Record<string, number>,
        recertificationExpired: recert.json().data.expired as number,
        listed: await list(''),
        listedExpired: await list('&field[status]=expired'),
        listedCompleted: await list('&field[status]=completed'),
      };
    };
    // Before the renewal is completed, the old certificate is expired and the renewal is overdue.
    const before = await figures();
    expect(before.counts).toMatchObject({ assigned: 2, expired: 1, overdue: 1, completed: 0 });
    expect(before).toMatchObject({ recertificationExpired: 1, listed: 2, listedExpired: 1, listedCompleted: 0 });

    await pass({ ...me, assignmentId: renewal!.id });
    const after = await figures();
    expect(after.counts).toMatchObject({ assigned: 1, expired: 0, overdue: 0, completed: 1 });
    expect(after).toMatchObject({ recertificationExpired: 0, listed: 1, listedExpired: 0, listedCompleted: 1 });
    // The old assignment is history, audited in the completing transaction; both completions are kept.
    const [old] = await assignmentsOf(me.userId);
    expect(old?.status).toBe('renewed');
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'assignments.renewed')
      .execute();
    expect(audits).toEqual([{ action: 'assignments.renewed', entity_id: String(me.assignmentId) }]);
    const history = await cm.get(`/api/v3/users/${me.userId}/completions`);
    expect(
      data<CompletionItem[]>(history)
        .map((c) => c.assignment_id)
        .sort(),
    ).toEqual([me.assignmentId, renewal!.id].sort());
    // My Courses shows the renewal, completed.
    const mine = (await me.client.get('/api/v3/my/assignments')).json() as { data: { id: number; status: string }[] };
    expect(mine.data.map((a) => [a.id, a.status])).toEqual([[renewal!.id, 'completed']]);

    // Once the renewal lapses too, the renewed assignment does not hold back a new one.
    t.clock.advanceMinutes(DAY * 400);
    const cmAgain = await signedIn(t.app, 'a.cm');
    const created = await cmAgain.post('/api/v3/assignments', {
      learners: { user_ids: [me.userId] },
      course_ids: [w.courseId],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ created: 1 });
  });
});
