import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCourseRow } from './support/courses-fixture.ts';
import {
  type PlayerWorld,
  RIGHT,
  answer,
  complete,
  createPlayerWorld,
  data,
  newLearner,
  player,
  startAttempt,
} from './support/player-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Course versions: every save publishes one; attempts keep theirs; removing played topics is allowed.

let t: TestApp;
let w: PlayerWorld;
beforeEach(async () => {
  t = await createTestApp();
  w = await createPlayerWorld(t);
});
afterEach(async () => t.close());

const versions = (courseId: number) =>
  t.db.selectFrom('course_versions').selectAll().where('course_id', '=', courseId).orderBy('version').execute();
type Doc = Record<string, unknown> & { topics: (Record<string, unknown> & { id: number; name: string })[] };

async function save(document: Doc) {
  const response = await w.admin.put(`/api/v3/courses/${w.courseId}`, document);
  expect(response.statusCode, response.body).toBe(200);
  return data<Doc>(response);
}

describe('course versions', () => {
  it('publishes each save as the next version holding the document GET /courses/{id} returns', async () => {
    const [first] = await versions(w.courseId);
    expect(first).toMatchObject({ version: 1 });
    const get = data<Doc>(await w.admin.get(`/api/v3/courses/${w.courseId}`));
    expect(JSON.parse(first!.document)).toEqual(get);
    const saved = await save({ ...get, name: 'Fire Safety 2' });
    const all = await versions(w.courseId);
    expect(all.map((v) => v.version)).toEqual([1, 2]);
    expect(JSON.parse(all[1]!.document)).toEqual(saved);
    const course = await t.db
      .selectFrom('courses')
      .select('current_version')
      .where('id', '=', w.courseId)
      .executeTakeFirstOrThrow();
    expect(course.current_version).toBe(2);
    // A refused save publishes nothing.
    const bad = await w.admin.put(`/api/v3/courses/${w.courseId}`, { ...get, name: '' });
    expect(bad.statusCode).toBe(422);
    expect(await versions(w.courseId)).toHaveLength(2);
  });

  it('allows removing topics and questions learners played; their answers stay, and the old version keeps them', async () => {
    const me = await newLearner(t, w.companyA, w.courseId);
    const { attempt } = await startAttempt(me.client, me.assignmentId);
    const [intro, check] = w.course.topics;
    await complete(me.client, attempt.id, intro!.id);
    const q = check!.questions[0]!;
    await answer(me.client, attempt.id, q.id, RIGHT[q.prompt]!);
    const get = data<Doc>(await w.admin.get(`/api/v3/courses/${w.courseId}`));
    const saved = await save({ ...get, topics: [get.topics[2]!] });
    expect(saved.topics.map((x) => x.name)).toEqual(['Summary']);
    const answers = await t.db
      .selectFrom('question_answers')
      .selectAll()
      .where('assignment_id', '=', me.assignmentId)
      .execute();
    expect(answers).toHaveLength(1);
    const v1 = JSON.parse((await versions(w.courseId))[0]!.document) as Doc;
    expect(v1.topics.map((x) => x.name)).toEqual(['Introduction', 'Check', 'Summary']);
    // The attempt plays on version 1; someone starting now gets version 2.
    expect((await player(me.client, me.assignmentId)).course.version).toBe(1);
    const next = await newLearner(t, w.companyA, w.courseId);
    expect((await player(next.client, next.assignmentId)).course.version).toBe(2);
    const started = await startAttempt(next.client, next.assignmentId);
    expect(started.attempt.version).toBe(2);
  });

  it('publishes version 1 of a course written without the API (older or seeded rows) when its first attempt starts', async () => {
    const courseId = await createCourseRow(t.db, { name: 'Seeded', allCompanies: true, topics: ['text', 'questions'] });
    expect(await versions(courseId)).toHaveLength(0);
    const me = await newLearner(t, w.companyA, courseId);
    expect((await player(me.client, me.assignmentId)).course.version).toBe(1);
    expect(await versions(courseId)).toHaveLength(0);
    const other = await newLearner(t, w.companyA, courseId);
    const [a, b] = await Promise.all([
      startAttempt(me.client, me.assignmentId),
      startAttempt(other.client, other.assignmentId),
    ]);
    expect([a.attempt.version, b.attempt.version]).toEqual([1, 1]);
    expect((await versions(courseId)).map((v) => v.version)).toEqual([1]);
  });
});
