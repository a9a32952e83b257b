import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  player,
  playerCourseBody,
  startAttempt,
} from './support/player-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// The course player: attempts, steps written exactly once, scoring and completion. Test clock 2026-03-02.

let t: TestApp;
let w: PlayerWorld;
beforeEach(async () => {
  t = await createTestApp();
  w = await createPlayerWorld(t);
});
afterEach(async () => t.close());

const activity = (assignmentId: number) =>
  t.db
    .selectFrom('course_activity')
    .select(['master_id', 'event', 'step_key', 'topic_id', 'data'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('master_id')
    .execute();
const answers = (assignmentId: number) =>
  t.db.selectFrom('question_answers').selectAll().where('assignment_id', '=', assignmentId).execute();

const error = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; details?: Record<string, string[]> } }).error;

describe('the player', () => {
  it('shows the current version before an attempt: first topic open, no questions drawn, no answers leaked', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const body = await player(me.client, me.assignmentId);
    expect(body.attempt).toBeNull();
    expect(body.course.version).toBe(1);
    expect(body.course.topics.map((x) => x.status)).toEqual(['available', 'locked', 'locked']);
    expect(body.course.topics[1]!.questions).toEqual([]);
    expect(body.assignment).toMatchObject({
      status: 'not_started',
      attempts_used: 0,
      attempts_allowed: 2,
      can_start: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/correct|feedback/);
  });

  it('plays a course to the end: steps in order, answers once, score, completion with its version', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    const first = await me.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`);
    expect(first.statusCode, first.body).toBe(201);
    const again = await me.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`);
    expect(again.statusCode).toBe(200);
    const attempt = data<{ attempt: Progress['attempt'] }>(first).attempt;
    expect(data<{ attempt: Progress['attempt'] }>(again).attempt.id).toBe(attempt.id);

    const [intro, check, summary] = w.course.topics;
    // Locked topics refuse.
    const early = await complete(me.client, attempt.id, summary!.id);
    expect(early.statusCode).toBe(422);
    expect(error(early).message).toBe('Finish the earlier topics first.');
    const earlyAnswer = await answer(me.client, attempt.id, check!.questions[0]!.id, [0]);
    expect(earlyAnswer.statusCode).toBe(422);

    const done = await complete(me.client, attempt.id, intro!.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(data<Progress>(done)).toMatchObject({ topic: { status: 'completed' }, assignment: { progress: 33 } });
    expect((await complete(me.client, attempt.id, intro!.id)).statusCode).toBe(200); // replay

    const state = await player(me.client, me.assignmentId);
    const drawn = state.course.topics[1]!.questions;
    expect(drawn).toHaveLength(3);
    expect(drawn.every((q) => q.answer === null)).toBe(true);
    // One wrong answer: 2 of 3 right = 67 ≥ 60.
    for (const q of drawn) {
      const prompt = check!.questions.find((x) => x.id === q.id)!.prompt;
      const choices = prompt === 'Use lifts in a fire.' ? [0] : RIGHT[prompt]!;
      const response = await answer(me.client, attempt.id, q.id, choices);
      expect(response.statusCode, response.body).toBe(200);
      const result = data<{ correct: boolean; correct_choices: number[]; feedback: unknown[] }>(response);
      expect(result.correct).toBe(prompt !== 'Use lifts in a fire.');
      expect(result.correct_choices).toEqual(RIGHT[prompt]);
      if (prompt.startsWith('Which extinguisher'))
        expect(result.feedback).toEqual([{ index: 0, text: 'Right: no conductivity.' }]);
    }
    // A replay with other choices returns the stored result unchanged.
    const lifts = drawn.find((q) => check!.questions.find((x) => x.id === q.id)!.prompt === 'Use lifts in a fire.')!;
    const replay = await answer(me.client, attempt.id, lifts.id, [1]);
    expect(data<{ correct: boolean; choices: number[] }>(replay)).toMatchObject({ correct: false, choices: [0] });

    const last = await complete(me.client, attempt.id, summary!.id);
    const finished = data<Progress>(last);
    expect(finished.attempt).toMatchObject({ status: 'passed', score: 67, version: 1 });
    expect(finished.assignment).toMatchObject({
      status: 'completed',
      progress: 100,
      score: 67,
      completed_at: '2026-03-02T09:00:00.000Z',
      expires_at: '2027-03-02T09:00:00.000Z',
      certificate_available: true,
      can_start: false,
    });
    const row = await t.db
      .selectFrom('assignments')
      .selectAll()
      .where('id', '=', me.assignmentId)
      .executeTakeFirstOrThrow();
    expect(row.course_version_id).not.toBeNull();

    const events = await activity(me.assignmentId);
    expect(events.map((e) => e.step_key)).toEqual([
      'a1:launched',
      `a1:t${intro!.id}`,
      ...drawn.map((q) => `a1:q${q.id}`),
      `a1:t${check!.id}`,
      `a1:t${summary!.id}`,
      'a1:completed',
    ]);
    expect((await answers(me.assignmentId)).map((a) => [a.attempt, JSON.parse(a.choices!)])).toHaveLength(3);

    // Completed, recertification not due: no new attempt.
    const refused = await me.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`);
    expect(refused.statusCode).toBe(422);
    // The finished attempt can be reviewed: answers shown with their feedback.
    const review = await player(me.client, me.assignmentId);
    expect(review.attempt!.status).toBe('passed');
    expect(review.course.topics[1]!.questions.every((q) => q.answer !== null)).toBe(true);
  });

  it('fails an attempt below the passing score; the next starts fresh; attempts run out', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const [intro, check, summary] = w.course.topics;
    for (const n of [1, 2]) {
      const { attempt } = await startAttempt(me.client, me.assignmentId);
      expect(attempt.attempt).toBe(n);
      await complete(me.client, attempt.id, intro!.id);
      for (const q of check!.questions)
        await answer(me.client, attempt.id, q.id, [2 % (q.prompt === 'Which are exits?' ? 3 : 2)]);
      const last = data<Progress>(await complete(me.client, attempt.id, summary!.id));
      expect(last.attempt.status).toBe('failed');
      expect(last.assignment.status).toBe('in_progress');
      expect(last.assignment.attempts_used).toBe(n);
      // My Courses' card reads the latest attempt, to offer the retake.
      const mine = (await me.client.get('/api/v3/my/assignments')).json().data;
      expect(mine.find((a: { id: number }) => a.id === me.assignmentId).last_attempt).toEqual({
        attempt: n,
        status: 'failed',
      });
    }
    const none = await me.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`);
    expect(none.statusCode).toBe(422);
    expect(error(none).message).toBe('No attempts left.');
    const events = (await activity(me.assignmentId)).map((e) => e.step_key);
    expect(events.filter((k) => k?.endsWith(':failed'))).toEqual(['a1:failed', 'a2:failed']);
  });

  it('checks bodies: a choice out of range, two choices on a single question, a video not watched, a document not acknowledged', async () => {
    const body = {
      name: 'Media',
      duration_minutes: 5,
      passing_score: 0,
      all_companies: true,
      topics: [
        {
          name: 'Q',
          kind: 'questions',
          questions: [
            {
              type: 'single',
              prompt: 'P',
              options: [
                { text: 'a', correct: true },
                { text: 'b', correct: false },
              ],
            },
          ],
        },
      ],
    };
    const response = await w.admin.post('/api/v3/courses', body);
    const courseId = data<{ id: number; topics: { questions: { id: number }[] }[] }>(response);
    const me = await newLearner(t, w.companyA, courseId.id);
    const { attempt } = await startAttempt(me.client, me.assignmentId);
    const q = courseId.topics[0]!.questions[0]!.id;
    const out = await answer(me.client, attempt.id, q, [5]);
    expect(out.statusCode).toBe(422);
    expect(error(out).details).toHaveProperty('choices');
    expect((await answer(me.client, attempt.id, q, [0, 1])).statusCode).toBe(422);
    expect((await answer(me.client, attempt.id, q, [])).statusCode).toBe(422);
    expect(await answers(me.assignmentId)).toHaveLength(0);
    const ok = await answer(me.client, attempt.id, q, [0]);
    expect(data<Progress>(ok).attempt.status).toBe('passed');
  });

  it('completes a video watched to the end and a document acknowledged, keeping the time and address', async () => {
    const media = async (kind: string, mime: string) =>
      (
        await t.db
          .insertInto('course_media')
          .values({
            kind,
            storage_path: `${kind}/x`,
            original_name: `x.${kind === 'video' ? 'mp4' : 'pdf'}`,
            mime,
            size: 100,
            scorm_version: null,
            launch_path: null,
            title: null,
            file_count: null,
            created_by: null,
            created_at: '2026-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const video = await media('video', 'video/mp4');
    const pdf = await media('document', 'application/pdf');
    const created = await w.admin.post('/api/v3/courses', {
      name: 'Policies',
      duration_minutes: 5,
      passing_score: 80,
      all_companies: true,
      topics: [
        { name: 'Watch', kind: 'video', media_id: video },
        { name: 'Read', kind: 'document', media_id: pdf },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = data<{ id: number; topics: { id: number }[] }>(created);
    const me = await newLearner(t, w.companyA, course.id);
    const state = await player(me.client, me.assignmentId);
    expect(state.course.topics.map((x) => (x as unknown as { content_url: string }).content_url)).toEqual([
      `/content/media/${video}`,
      `/content/media/${pdf}`,
    ]);
    const { attempt } = await startAttempt(me.client, me.assignmentId);
    const [watch, read] = course.topics;
    const short = await complete(me.client, attempt.id, watch!.id, { watched_seconds: 50, duration_seconds: 100 });
    expect(short.statusCode).toBe(422);
    expect(error(short).details).toHaveProperty('watched_seconds');
    expect(
      (await complete(me.client, attempt.id, watch!.id, { watched_seconds: 96, duration_seconds: 100 })).statusCode,
    ).toBe(200);
    const unread = await complete(me.client, attempt.id, read!.id, {});
    expect(unread.statusCode).toBe(422);
    expect(error(unread).details).toHaveProperty('acknowledged');
    const last = await complete(me.client, attempt.id, read!.id, { acknowledged: true });
    expect(data<Progress>(last)).toMatchObject({
      attempt: { status: 'passed', score: 100 },
      assignment: { status: 'completed' },
    });
    const proof = (await activity(me.assignmentId)).find((e) => e.event === 'acknowledged')!;
    expect(proof.step_key).toBe(`a1:t${read!.id}`);
    expect(JSON.parse(proof.data as string)).toMatchObject({
      acknowledged_at: '2026-03-02T09:00:00.000Z',
      ip: '127.0.0.1',
    });
  });

  it('opens a completed recertification again 30 days before it expires, with attempts counted afresh', async () => {
    const me = await newLearner(t, w.companyA, w.courseId, { recertifyMonths: 12 });
    const [intro, check, summary] = w.course.topics;
    const pass = async () => {
      const { attempt } = await startAttempt(me.client, me.assignmentId);
      await complete(me.client, attempt.id, intro!.id);
      for (const q of check!.questions) await answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!);
      return data<Progress>(await complete(me.client, attempt.id, summary!.id));
    };
    expect((await pass()).assignment.expires_at).toBe('2027-03-02T09:00:00.000Z');
    t.clock.advanceMinutes(60 * 24 * 300); // 2026-12-27: more than 30 days left
    me.client = await signedIn(t.app, me.username); // the session has long expired
    expect((await player(me.client, me.assignmentId)).assignment.can_start).toBe(false);
    t.clock.advanceMinutes(60 * 24 * 40); // 2027-02-05: due
    me.client = await signedIn(t.app, me.username);
    const due = await player(me.client, me.assignmentId);
    expect(due.assignment).toMatchObject({ status: 'completed', can_start: true });
    const again = await pass();
    expect(again.attempt.attempt).toBe(2);
    expect(again.assignment).toMatchObject({
      status: 'completed',
      attempts_used: 1,
      completed_at: '2027-02-05T09:00:00.000Z',
      expires_at: '2028-02-05T09:00:00.000Z',
    });
  });

  it('starts no new attempt on a withdrawn course, and My Courses leaves it out unless it was begun', async () => {
    const begun = await newLearner(t, w.companyA, w.courseId);
    const fresh = await newLearner(t, w.companyA, w.courseId);
    await startAttempt(begun.client, begun.assignmentId);
    const withdrawn = await w.admin.put(
      `/api/v3/courses/${w.courseId}`,
      playerCourseBody({ active: false, topics: w.course.topics }),
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const refused = await fresh.client.post(`/api/v3/my/assignments/${fresh.assignmentId}/attempts`);
    expect(refused.statusCode).toBe(422);
    expect(error(refused).message).toBe(
      'This course is no longer offered. Ask your administrator if you still need it.',
    );
    const mine = async (client: typeof fresh.client) =>
      ((await client.get('/api/v3/my/assignments')).json() as { data: { id: number }[] }).data.map((a) => a.id);
    expect(await mine(fresh.client)).toEqual([]);
    expect(await mine(begun.client)).toEqual([begun.assignmentId]);
    // The attempt under way may still be finished.
    expect((await begun.client.post(`/api/v3/my/assignments/${begun.assignmentId}/attempts`)).statusCode).toBe(200);
  });

  it('numbers attempts after the answers written before the player (demo history), which do not count', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const q = w.course.topics[1]!.questions[0]!;
    for (const attempt of [1, 2])
      await t.db
        .insertInto('question_answers')
        .values({
          company_id: w.companyA,
          user_id: me.userId,
          assignment_id: me.assignmentId,
          course_id: w.courseId,
          topic_id: w.course.topics[1]!.id,
          question_id: q.id,
          answer: 1,
          correct: 0,
          attempt,
          created_at: '2026-02-01T00:00:00.000Z',
        })
        .execute();
    const { attempt, assignment } = await startAttempt(me.client, me.assignmentId);
    expect(attempt.attempt).toBe(3);
    expect(assignment.attempts_used).toBe(1);
    await complete(me.client, attempt.id, w.course.topics[0]!.id);
    const answered = await answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!);
    expect(data<{ correct: boolean }>(answered).correct).toBe(true);
  });

  it("never shows or touches someone else's assignment or attempt (404)", async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const other = await newLearner(t, w.companyA, w.courseId);
    const elsewhere = await newLearner(t, w.companyB, w.courseId);
    const { attempt } = await startAttempt(me.client, me.assignmentId);
    expect((await other.client.get(`/api/v3/my/assignments/${me.assignmentId}/player`)).statusCode).toBe(404);
    expect((await elsewhere.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`)).statusCode).toBe(404);
    expect((await complete(other.client, attempt.id, w.course.topics[0]!.id)).statusCode).toBe(404);
    expect((await answer(elsewhere.client, attempt.id, w.course.topics[1]!.questions[0]!.id, [0])).statusCode).toBe(
      404,
    );
    expect((await w.admin.get(`/api/v3/my/assignments/${me.assignmentId}/player`)).statusCode).toBe(404);
    expect(await activity(me.assignmentId)).toHaveLength(1);
  });

  it('writes one row when the same step arrives twice at once, and one completion when the last steps race', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const starts = await Promise.all(
      [1, 2, 3].map(() => me.client.post(`/api/v3/my/assignments/${me.assignmentId}/attempts`)),
    );
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const { attempt } = data<{ attempt: Progress['attempt'] }>(starts[0]!);
    const [intro, check, summary] = w.course.topics;
    await Promise.all([1, 2, 3].map(() => complete(me.client, attempt.id, intro!.id)));
    const results = await Promise.all(
      check!.questions.flatMap((q) => [1, 2].map(() => answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!))),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const finals = await Promise.all([1, 2, 3].map(() => complete(me.client, attempt.id, summary!.id)));
    expect(finals.map((r) => data<Progress>(r).attempt.status)).toEqual(['passed', 'passed', 'passed']);
    const keys = (await activity(me.assignmentId)).map((e) => e.step_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k === 'a1:completed')).toHaveLength(1);
    expect(await answers(me.assignmentId)).toHaveLength(3);
    expect(await t.db.selectFrom('course_attempts').selectAll().execute()).toHaveLength(1);
  });

  it('keeps an attempt on its version while the course changes; the next attempt plays the new one', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const { attempt } = await startAttempt(me.client, me.assignmentId);
    // The admin drops the questions topic and the summary.
    const get = await w.admin.get(`/api/v3/courses/${w.courseId}`);
    const course = data<Record<string, unknown> & { topics: Record<string, unknown>[] }>(get);
    const saved = await w.admin.put(`/api/v3/courses/${w.courseId}`, { ...course, topics: [course.topics[0]] });
    expect(saved.statusCode, saved.body).toBe(200);
    const state = await player(me.client, me.assignmentId);
    expect(state.course.version).toBe(1);
    expect(state.course.topics).toHaveLength(3);
    const [intro, check] = w.course.topics;
    await complete(me.client, attempt.id, intro!.id);
    const q = check!.questions[0]!;
    expect((await answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!)).statusCode).toBe(200);
  });
});
