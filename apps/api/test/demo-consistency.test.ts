import { type Kysely, sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ensureInitialData } from '../src/db/seed/initial-data.ts';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { DEMO_SEED_LIMIT_MS, type TestApp, createTestApp } from './support/test-app.ts';

// The demo's learning history is what the player would have written (db/seed/demo-activity.ts): every
// completion has its attempts, activity steps and answers; a course in progress resumes in the real
// player; the SCORM courses play their stored packages; certificates download.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await ensureInitialData(t.db, t.config, t.app.log);
}, DEMO_SEED_LIMIT_MS);
afterAll(async () => t.close());

async function count(db: Kysely<Database>, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]!.n);
}

interface PlayerTopic {
  id: number;
  name: string;
  kind: string;
  status: string;
  content_url: string | null;
  questions: { id: number; answer: { choices: number[]; correct: boolean } | null }[];
}
interface PlayerBody {
  assignment: { status: string };
  attempt: { id: number; attempt: number; status: string } | null;
  course: { name: string; version: number; topics: PlayerTopic[] };
}

async function signInAs(userId: number): Promise<TestClient> {
  const user = await t.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
  return signedIn(t.app, user.username, DEMO_PASSWORD);
}

async function playerOf(client: TestClient, assignmentId: number): Promise<PlayerBody> {
  const response = await client.get(`/api/v3/my/assignments/${assignmentId}/player`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PlayerBody;
}

describe('the demo history', () => {
  it('gives every completion a passed attempt on version 1, its launched and completed steps and answers to every questions topic', async () => {
    const completed = await count(t.db, sql`SELECT count(*) AS n FROM assignments WHERE status = 'completed'`);
    expect(completed).toBeGreaterThan(1000);
    expect(
      await count(
        t.db,
        sql`SELECT count(*) AS n FROM assignments a WHERE a.status = 'completed' AND NOT EXISTS (
          SELECT 1 FROM course_attempts p
          JOIN course_activity l ON l.assignment_id = p.assignment_id
            AND l.step_key = ${sql.lit('a')} || p.attempt || ${sql.lit(':launched')} AND l.event = 'launched'
          JOIN course_activity c ON c.assignment_id = p.assignment_id
            AND c.step_key = ${sql.lit('a')} || p.attempt || ${sql.lit(':completed')} AND c.event = 'completed'
          WHERE p.assignment_id = a.id AND p.status = 'passed' AND p.course_version_id = a.course_version_id
            AND p.score = a.score)`,
      ),
    ).toBe(0);
    // Each questions topic of the course has answers in the passed attempt.
    expect(
      await count(
        t.db,
        sql`SELECT count(*) AS n FROM assignments a
          JOIN course_attempts p ON p.assignment_id = a.id AND p.status = 'passed'
          JOIN topics tp ON tp.course_id = a.course_id AND tp.kind = 'questions'
          WHERE a.status = 'completed' AND NOT EXISTS (SELECT 1 FROM question_answers q
            WHERE q.assignment_id = a.id AND q.attempt = p.attempt AND q.topic_id = tp.id)`,
      ),
    ).toBe(0);
    // Every topic of a passed attempt has its step: progressed, or acknowledged for the policy document.
    expect(
      await count(
        t.db,
        sql`SELECT count(*) AS n FROM course_attempts p JOIN topics tp ON tp.course_id = p.course_id
          WHERE p.status = 'passed' AND NOT EXISTS (SELECT 1 FROM course_activity c WHERE c.assignment_id = p.assignment_id
            AND c.step_key = ${sql.lit('a')} || p.attempt || ${sql.lit(':t')} || tp.id
            AND c.event = (CASE WHEN tp.kind = 'document' THEN 'acknowledged' ELSE 'progressed' END))`,
      ),
    ).toBe(0);
  }, 120_000);

  it('writes every answer with its choices and an answered step of the same attempt, and every activity row with a step key', async () => {
    expect(await count(t.db, sql`SELECT count(*) AS n FROM question_answers`)).toBeGreaterThan(10_000);
    expect(
      await count(
        t.db,
        sql`SELECT count(*) AS n FROM question_answers q WHERE q.choices IS NULL OR NOT EXISTS (
          SELECT 1 FROM course_activity c WHERE c.assignment_id = q.assignment_id AND c.event = 'answered'
            AND c.step_key = ${sql.lit('a')} || q.attempt || ${sql.lit(':q')} || q.question_id)`,
      ),
    ).toBe(0);
    expect(await count(t.db, sql`SELECT count(*) AS n FROM course_activity WHERE step_key IS NULL`)).toBe(0);
    // Answered steps and answers are one to one.
    const answered = await count(t.db, sql`SELECT count(*) AS n FROM course_activity WHERE event = 'answered'`);
    expect(answered).toBe(await count(t.db, sql`SELECT count(*) AS n FROM question_answers`));
    // A certificate_issued step for each issued certificate, and none without one.
    const issued = await count(t.db, sql`SELECT count(*) AS n FROM certificates`);
    expect(issued).toBeGreaterThan(100);
    expect(await count(t.db, sql`SELECT count(*) AS n FROM course_activity WHERE event = 'certificate_issued'`)).toBe(
      issued,
    );
    // Every course has its version 1, which attempts play.
    expect(
      await count(
        t.db,
        sql`SELECT count(*) AS n FROM courses c WHERE c.current_version <> 1
          OR NOT EXISTS (SELECT 1 FROM course_versions v WHERE v.course_id = c.id AND v.version = 1)`,
      ),
    ).toBe(0);
  });

  it('keeps one completion per completed assignment, and makes each renewal renew a completion of the same learner and course', async () => {
    const completed = await count(
      t.db,
      sql<{ n: number }>`SELECT count(*) AS n FROM assignments WHERE completed_at IS NOT NULL`,
    );
    expect(completed).toBeGreaterThan(100);
    const matching = await count(
      t.db,
      sql<{ n: number }>`SELECT count(*) AS n FROM assignments a JOIN completions c ON c.assignment_id = a.id
        AND c.completed_at = a.completed_at AND c.user_id = a.user_id AND c.course_id = a.course_id
        AND c.score IS NOT DISTINCT FROM a.score AND c.expires_at IS NOT DISTINCT FROM a.expires_at`,
    );
    expect(matching).toBe(completed);
    expect(await count(t.db, sql<{ n: number }>`SELECT count(*) AS n FROM completions`)).toBe(completed);

    const renewals = await count(
      t.db,
      sql<{ n: number }>`SELECT count(*) AS n FROM assignments WHERE source = 'renewal'`,
    );
    expect(renewals).toBeGreaterThan(0);
    const wellFormed = await count(
      t.db,
      sql<{ n: number }>`SELECT count(*) AS n FROM assignments r JOIN assignments o ON o.id = r.renews_assignment_id
        AND o.user_id = r.user_id AND o.course_id = r.course_id AND o.completed_at IS NOT NULL AND o.expires_at IS NOT NULL
        AND o.id < r.id WHERE r.source = 'renewal'`,
    );
    expect(wellFormed).toBe(renewals);
  });

  it('has the Code of Conduct ask for the policy, acknowledged with time and address in each completion', async () => {
    const topic = await t.db
      .selectFrom('topics')
      .innerJoin('courses', 'courses.id', 'topics.course_id')
      .innerJoin('course_media', 'course_media.id', 'topics.media_id')
      .select(['topics.id', 'topics.kind', 'course_media.mime', 'course_media.id as media_id'])
      .where('courses.name', '=', 'Code of Conduct')
      .where('topics.name', '=', 'Code of Conduct policy')
      .executeTakeFirstOrThrow();
    expect(topic).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    const ack = await t.db
      .selectFrom('course_activity')
      .select(['data', 'created_at', 'user_id'])
      .where('topic_id', '=', topic.id)
      .where('event', '=', 'acknowledged')
      .limit(1)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(ack.data!) as { acknowledged_at: string; ip: string };
    expect(data.acknowledged_at).toBe(ack.created_at);
    expect(data.ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
    // The PDF is served to the learner as uploaded.
    const learner = await signInAs(ack.user_id);
    const pdf = await learner.get(`/content/media/${topic.media_id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(new Uint8Array(pdf.rawPayload));
    expect(document.getTitle()).toBe('Code of Conduct policy');
  });
});

describe('the demo catalog', () => {
  it('explains each answer of every course’s first questions topic, as the player shows it', async () => {
    const courses = await t.db.selectFrom('courses').select(['id', 'name']).execute();
    for (const course of courses) {
      const topic = await t.db
        .selectFrom('topics')
        .select('id')
        .where('course_id', '=', course.id)
        .where('kind', '=', 'questions')
        .orderBy('position')
        .limit(1)
        .executeTakeFirstOrThrow();
      const questions = await t.db.selectFrom('questions').select('options').where('topic_id', '=', topic.id).execute();
      for (const question of questions) {
        const options = JSON.parse(question.options) as { feedback: string | null }[];
        expect(
          options.every((o) => typeof o.feedback === 'string' && o.feedback.length > 10),
          course.name,
        ).toBe(true);
      }
    }
  });
});

describe('the demo SCORM courses', () => {
  for (const [course, version, api] of [
    ['Fire Door Safety', '1.2', 'LMSInitialize'],
    ['Evacuation and Assembly', '2004', 'Initialize'],
  ] as const) {
    it(`plays ${course}'s SCORM ${version} package to a learner it is assigned to`, async () => {
      const assignment = await t.db
        .selectFrom('assignments')
        .innerJoin('courses', 'courses.id', 'assignments.course_id')
        .innerJoin('users', 'users.id', 'assignments.user_id')
        .select(['assignments.id', 'assignments.user_id'])
        .where('courses.name', '=', course)
        .where('assignments.status', 'in', ['not_started', 'completed'])
        .where('users.suspended', '=', 0)
        .orderBy('assignments.status', 'desc')
        .orderBy('assignments.id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const learner = await signInAs(assignment.user_id);
      const body = await playerOf(learner, assignment.id);
      const scorm = body.course.topics.find((topic) => topic.kind === 'scorm')!;
      expect(scorm.content_url).toMatch(/^\/content\/scorm\/\d+\//);
      const media = await t.db
        .selectFrom('course_media')
        .innerJoin('topics', 'topics.media_id', 'course_media.id')
        .select(['scorm_version', 'file_count'])
        .where('topics.id', '=', scorm.id)
        .executeTakeFirstOrThrow();
      expect(media).toEqual({ scorm_version: version, file_count: 4 });
      const redirect = await learner.get(scorm.content_url!);
      expect(redirect.statusCode, redirect.body).toBe(302);
      const page = await learner.get(redirect.headers.location as string);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`api.${api}('')`);
      expect(page.body).toContain('Check your understanding');
    });
  }
});

describe('a demo learner', () => {
  it('resumes a course in progress in the player, with the topics done so far completed, and a replayed step writes nothing', async () => {
    const open = await t.db
      .selectFrom('course_attempts as p')
      .innerJoin('users', 'users.id', 'p.user_id')
      .select(['p.assignment_id', 'p.user_id', 'p.id', 'p.attempt'])
      .where('p.status', '=', 'in_progress')
      .where('users.suspended', '=', 0)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('course_activity as c')
            .innerJoin('topics', 'topics.id', 'c.topic_id')
            .select('c.master_id')
            .whereRef('c.assignment_id', '=', 'p.assignment_id')
            .where('topics.kind', '=', 'questions')
            .where('c.event', '=', 'progressed'),
        ),
      )
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const done = await t.db
      .selectFrom('course_activity')
      .select('topic_id')
      .where('assignment_id', '=', open.assignment_id)
      .where('event', 'in', ['progressed', 'acknowledged'])
      .execute();
    const learner = await signInAs(open.user_id);
    const body = await playerOf(learner, open.assignment_id);
    expect(body.attempt).toMatchObject({ id: open.id, attempt: open.attempt, status: 'in_progress' });
    const completed = body.course.topics.filter((topic) => topic.status === 'completed').map((topic) => topic.id);
    expect(completed.sort()).toEqual(done.map((d) => d.topic_id).sort());
    expect(body.course.topics.find((topic) => topic.status === 'available')).toBeDefined();

    // Starting again returns the attempt in progress.
    const start = await learner.post(`/api/v3/my/assignments/${open.assignment_id}/attempts`);
    expect(start.statusCode, start.body).toBe(200);
    // Answering a question already answered returns the stored answer and writes nothing.
    const answeredTopic = body.course.topics.find(
      (topic) => topic.status === 'completed' && topic.kind === 'questions',
    )!;
    const question = answeredTopic.questions[0]!;
    expect(question.answer).not.toBeNull();
    const rows = async () =>
      count(t.db, sql`SELECT count(*) AS n FROM course_activity WHERE assignment_id = ${open.assignment_id}`);
    const before = await rows();
    const replay = await learner.post(`/api/v3/my/attempts/${open.id}/questions/${question.id}/answer`, {
      choices: [0],
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toMatchObject({ choices: question.answer!.choices, correct: question.answer!.correct });
    expect(await rows()).toBe(before);
  });

  it('reviews a completed course and downloads its certificate, issued once', async () => {
    for (const issued of [true, false]) {
      const assignment = await t.db
        .selectFrom('assignments as a')
        .innerJoin('users', 'users.id', 'a.user_id')
        .leftJoin('certificates', 'certificates.assignment_id', 'a.id')
        .select(['a.id', 'a.user_id', 'a.completed_at', 'certificates.number'])
        .where('a.status', '=', 'completed')
        .where('users.suspended', '=', 0)
        .where('certificates.id', issued ? 'is not' : 'is', null)
        .orderBy('a.id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const learner = await signInAs(assignment.user_id);
      const review = await playerOf(learner, assignment.id);
      expect(review.attempt?.status).toBe('passed');
      expect(review.course.topics.every((topic) => topic.status === 'completed')).toBe(true);
      const response = await learner.get(`/api/v3/my/assignments/${assignment.id}/certificate`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = await PDFDocument.load(new Uint8Array(response.rawPayload));
      const number = pdf.getKeywords()?.split(' ')[0];
      if (issued) expect(number).toBe(assignment.number);
      else expect(number).toMatch(/^HEED-/);
      const steps = await t.db
        .selectFrom('course_activity')
        .select('step_key')
        .where('assignment_id', '=', assignment.id)
        .where('event', '=', 'certificate_issued')
        .execute();
      expect(steps).toEqual([{ step_key: `cert:${assignment.completed_at}` }]);
    }
  });
});
