import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from './support/client.ts';
import { createCatalogWorld } from './support/courses-fixture.ts';
import { migrateTestDb } from './support/migrate-test-db.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const migrate = (name?: string) => migrateTestDb(t, name);

describe('migration 021', () => {
  it('converts options written as a list of texts, marks topics with questions, and folds a stored System Root', async () => {
    await createCatalogWorld(t.db);
    await migrate('020-companies-list');
    const old = t.db as unknown as import('kysely').Kysely<any>;
    const now = '2026-01-01T00:00:00.000Z';
    const root = await old
      .insertInto('course_categories')
      .values({ name: 'System Root', parent_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const safety = await old
      .insertInto('course_categories')
      .values({ name: 'Safety', parent_id: root.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const course = await old
      .insertInto('courses')
      .values({ name: 'Old course', category_id: safety.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withQuestions = await old
      .insertInto('topics')
      .values({ course_id: course.id, name: 'Quiz', content: 'Intro', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await old
      .insertInto('topics')
      .values({ course_id: course.id, name: 'Reading', content: 'Text', position: 2 })
      .execute();
    await old
      .insertInto('questions')
      .values([
        {
          topic_id: withQuestions.id,
          prompt: 'Q1',
          options: '["a","b \\"quoted\\"","c"]',
          correct_option: 1,
          position: 1,
        },
        { topic_id: withQuestions.id, prompt: 'Q2', options: '["yes","no"]', correct_option: 0, position: 2 },
      ])
      .execute();

    await migrate();

    const questions = await t.db.selectFrom('questions').selectAll().orderBy('position').execute();
    expect(questions.map((q) => [q.type, JSON.parse(q.options), q.correct_option])).toEqual([
      [
        'single',
        [
          { text: 'a', correct: false, feedback: null },
          { text: 'b "quoted"', correct: true, feedback: null },
          { text: 'c', correct: false, feedback: null },
        ],
        1,
      ],
      [
        'single',
        [
          { text: 'yes', correct: true, feedback: null },
          { text: 'no', correct: false, feedback: null },
        ],
        0,
      ],
    ]);
    const topics = await t.db
      .selectFrom('topics')
      .select(['name', 'kind', 'shuffle', 'question_pool'])
      .orderBy('position')
      .execute();
    expect(topics).toEqual([
      { name: 'Quiz', kind: 'questions', shuffle: 0, question_pool: null },
      { name: 'Reading', kind: 'text', shuffle: 0, question_pool: null },
    ]);
    const categories = await t.db.selectFrom('course_categories').select(['id', 'name', 'parent_id']).execute();
    expect(categories).toEqual([{ id: safety.id, name: 'Safety', parent_id: null }]);
    const stored = await t.db
      .selectFrom('courses')
      .select(['all_companies', 'attempts_allowed', 'thumbnail_path'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ all_companies: 0, attempts_allowed: null, thumbnail_path: null });

    // The API reads the converted course.
    const admin = await signedIn(t.app, 'root');
    const response = await admin.get(`/api/v3/courses/${course.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = (response.json() as { data: { topics: { questions: { options: unknown[] }[] }[] } }).data;
    expect(data.topics[0]!.questions[0]!.options[1]).toEqual({ text: 'b "quoted"', correct: true, feedback: null });
  });

  it('goes down again to options as texts', async () => {
    await migrate('020-companies-list');
    const old = t.db as unknown as import('kysely').Kysely<any>;
    const now = '2026-01-01T00:00:00.000Z';
    const course = await old
      .insertInto('courses')
      .values({ name: 'C', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await old
      .insertInto('topics')
      .values({ course_id: course.id, name: 'T', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await old
      .insertInto('questions')
      .values({ topic_id: topic.id, prompt: 'Q', options: '["x","y"]', correct_option: 1, position: 1 })
      .execute();
    await migrate();
    await migrate('020-companies-list');
    const row = await old.selectFrom('questions').select(['options', 'correct_option']).executeTakeFirstOrThrow();
    expect([JSON.parse(row.options), row.correct_option]).toEqual([['x', 'y'], 1]);
    await migrate();
  });
});
