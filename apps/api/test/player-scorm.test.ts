import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Progress,
  commitScorm,
  createPlayerWorld,
  data,
  newLearner,
  player,
  startAttempt,
} from './support/player-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// SCORM commits: only a higher sequence replaces; a passed/completed status completes the topic once.
// A SCORM topic is a topic of kind 'scorm' in the version document; the document is written here
// directly, with a course_media row for its package's launch file.

let t: TestApp;
let attemptId: number;
let topicId: number;
let mediaId: number;
let me: Awaited<ReturnType<typeof newLearner>>;

beforeEach(async () => {
  t = await createTestApp();
  const w = await createPlayerWorld(t, {
    name: 'Package',
    duration_minutes: 5,
    passing_score: 70,
    all_companies: true,
    topics: [{ name: 'Intro', kind: 'text', content: '<p>x</p>' }],
  } as never);
  // Turn the published topic into a SCORM topic in the version document.
  const version = await t.db.selectFrom('course_versions').selectAll().executeTakeFirstOrThrow();
  const document = JSON.parse(version.document);
  document.topics[0].kind = 'scorm';
  const media = await t.db
    .insertInto('course_media')
    .values({
      kind: 'scorm',
      storage_path: 'scorm/p',
      original_name: 'p.zip',
      mime: 'application/zip',
      size: 1,
      scorm_version: '1.2',
      launch_path: 'content/start page.html',
      title: 'P',
      file_count: 2,
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  mediaId = media.id;
  document.topics[0].media_id = media.id;
  document.topics[0].media = {
    id: media.id,
    kind: 'scorm',
    original_name: 'p.zip',
    mime: 'application/zip',
    size: 1,
    scorm_version: '1.2',
    title: 'P',
  };
  await t.db
    .updateTable('course_versions')
    .set({ document: JSON.stringify(document) })
    .where('id', '=', version.id)
    .execute();
  topicId = document.topics[0].id;
  me = await newLearner(t, w.companyA, w.courseId);
  attemptId = (await startAttempt(me.client, me.assignmentId)).attempt.id;
});
afterEach(async () => t.close());

type Commit = Progress & { sequence: number; stored: boolean };

describe('SCORM commits', () => {
  it('stores a higher sequence only, completes on passed with the raw score, and finishes the attempt', async () => {
    const one = await commitScorm(
      me.client,
      attemptId,
      topicId,
      { core: { lesson_status: 'incomplete', lesson_location: 'p2' } },
      2,
    );
    expect(data<Commit>(one)).toMatchObject({ sequence: 2, stored: true, topic: { status: 'available' } });
    const late = await commitScorm(
      me.client,
      attemptId,
      topicId,
      { core: { lesson_status: 'incomplete', lesson_location: 'p1' } },
      1,
    );
    expect(data<Commit>(late)).toMatchObject({ sequence: 2, stored: false });
    const state = await player(me.client, me.assignmentId);
    expect(state.course.topics[0]!.scorm).toEqual({
      cmi: { core: { lesson_status: 'incomplete', lesson_location: 'p2' } },
      sequence: 2,
    });
    expect(state.course.topics[0]).toMatchObject({
      content_url: `/content/scorm/${mediaId}/content/start%20page.html`,
    });

    const done = await commitScorm(
      me.client,
      attemptId,
      topicId,
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '85' },
      3,
    );
    expect(data<Commit>(done)).toMatchObject({
      stored: true,
      topic: { status: 'completed', score: 85 },
      attempt: { status: 'passed', score: 85 },
      assignment: { status: 'completed' },
    });
    const replay = await commitScorm(me.client, attemptId, topicId, { 'cmi.core.lesson_status': 'passed' }, 3);
    expect(data<Commit>(replay).stored).toBe(false);
    const events = await t.db
      .selectFrom('course_activity')
      .select('step_key')
      .where('assignment_id', '=', me.assignmentId)
      .orderBy('master_id')
      .execute();
    expect(events.map((e) => e.step_key)).toEqual(['a1:launched', `a1:t${topicId}`, 'a1:completed']);
  });

  it('a SCORM 2004 failure fails the attempt; scaled scores count ×100', async () => {
    const done = await commitScorm(
      me.client,
      attemptId,
      topicId,
      { completion_status: 'completed', success_status: 'failed', score: { scaled: 0.9 } },
      1,
    );
    expect(data<Commit>(done)).toMatchObject({ topic: { score: 90 }, attempt: { status: 'failed', score: 90 } });
  });

  it('refuses a commit too large (422) and one on a topic not in the attempt (404), storing nothing', async () => {
    const big = await commitScorm(me.client, attemptId, topicId, { suspend_data: 'x'.repeat(300_000) }, 1);
    expect(big.statusCode).toBe(422);
    expect((await commitScorm(me.client, attemptId, topicId + 1000, {}, 1)).statusCode).toBe(404);
    expect((await player(me.client, me.assignmentId)).course.topics[0]!.scorm).toEqual({ cmi: {}, sequence: 0 });
  });
});
