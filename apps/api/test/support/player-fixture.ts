import { expect } from 'vitest';
import { type TestClient, signedIn } from './client.ts';
import { createCatalogWorld } from './courses-fixture.ts';
import { createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

// A course made through the API (so it has a published version), assigned to learners who play it.

const option = (text: string, correct = false, feedback: string | null = null) => ({ text, correct, feedback });

/** Text, then three questions (single, multiple, true/false), then a document, then a video. */
export const playerCourseBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Fire Safety',
  description: 'Evacuation and extinguishers',
  duration_minutes: 20,
  passing_score: 60,
  attempts_allowed: 2,
  recertify_months: 12,
  all_companies: true,
  topics: [
    { name: 'Introduction', kind: 'text', content: '<p>Know your exits.</p>' },
    {
      name: 'Check',
      kind: 'questions',
      questions: [
        {
          type: 'single',
          prompt: 'Which extinguisher for electrical fires?',
          options: [option('CO2', true, 'Right: no conductivity.'), option('Water', false, 'Water conducts.')],
        },
        {
          type: 'multiple',
          prompt: 'Which are exits?',
          options: [option('Door A', true), option('Door B', true), option('Window', false, 'Not an exit.')],
        },
        { type: 'true_false', prompt: 'Use lifts in a fire.', options: [option('True'), option('False', true)] },
      ],
    },
    { name: 'Summary', kind: 'text', content: '<p>Done.</p>' },
  ],
  ...extra,
});

export interface PlayerWorld {
  admin: TestClient;
  companyA: number;
  companyB: number;
  courseId: number;
  course: CourseBody;
}

export interface CourseBody {
  id: number;
  topics: { id: number; name: string; kind: string; questions: { id: number; prompt: string }[] }[];
  [key: string]: unknown;
}

export async function createPlayerWorld(t: TestApp, body = playerCourseBody()): Promise<PlayerWorld> {
  const w = await createCatalogWorld(t.db);
  const admin = await signedIn(t.app, 'root');
  const response = await admin.post('/api/v3/courses', body);
  expect(response.statusCode, response.body).toBe(201);
  const course = (response.json() as { data: CourseBody }).data;
  return { admin, companyA: w.companyA, companyB: w.companyB, courseId: course.id, course };
}

let learners = 0;

/** A new learner of the company with the course assigned, signed in. */
export async function newLearner(
  t: TestApp,
  companyId: number,
  courseId: number,
  extra: { recertifyMonths?: number } = {},
) {
  learners += 1;
  const username = `learner.${learners}.${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser(t.db, { companyId, role: 0, username });
  const at = '2026-01-01T00:00:00.000Z';
  const { id } = await t.db
    .insertInto('assignments')
    .values({
      company_id: companyId,
      user_id: user.id,
      course_id: courseId,
      status: 'assigned',
      source: 'manual',
      assigned_at: at,
      recertify_months: extra.recertifyMonths ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { client: await signedIn(t.app, username), username, userId: user.id, assignmentId: id };
}

export interface Progress {
  topic: { id: number; status: string; score: number | null };
  attempt: { id: number; attempt: number; status: string; score: number | null; version: number };
  assignment: {
    status: string;
    progress: number;
    score: number | null;
    completed_at: string | null;
    expires_at: string | null;
    attempts_used: number;
    attempts_allowed: number | null;
    can_start: boolean;
    certificate_available: boolean;
  };
}

export const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

export async function startAttempt(client: TestClient, assignmentId: number) {
  const response = await client.post(`/api/v3/my/assignments/${assignmentId}/attempts`);
  expect([200, 201], response.body).toContain(response.statusCode);
  return data<{ attempt: Progress['attempt']; assignment: Progress['assignment'] }>(response);
}

export interface PlayerBody {
  assignment: Progress['assignment'];
  attempt: Progress['attempt'] | null;
  course: {
    version: number;
    topics: {
      id: number;
      kind: string;
      status: string;
      questions: { id: number; options: { index: number; text: string }[]; answer: unknown }[];
      scorm: { cmi: Record<string, unknown>; sequence: number } | null;
    }[];
  };
}

export async function player(client: TestClient, assignmentId: number): Promise<PlayerBody> {
  const response = await client.get(`/api/v3/my/assignments/${assignmentId}/player`);
  expect(response.statusCode, response.body).toBe(200);
  return data<PlayerBody>(response);
}

export const complete = (client: TestClient, attemptId: number, topicId: number, body: unknown = {}) =>
  client.post(`/api/v3/my/attempts/${attemptId}/topics/${topicId}/complete`, body);
export const answer = (client: TestClient, attemptId: number, questionId: number, choices: number[]) =>
  client.post(`/api/v3/my/attempts/${attemptId}/questions/${questionId}/answer`, { choices });
export const commitScorm = (client: TestClient, attemptId: number, topicId: number, cmi: unknown, sequence: number) =>
  client.put(`/api/v3/my/attempts/${attemptId}/topics/${topicId}/scorm`, { cmi, sequence });

/** The correct choices of the fixture's questions, by prompt. */
export const RIGHT: Record<string, number[]> = {
  'Which extinguisher for electrical fires?': [0],
  'Which are exits?': [0, 1],
  'Use lifts in a fire.': [1],
};
