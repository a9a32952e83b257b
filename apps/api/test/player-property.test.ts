import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.ts';
import {
  type PlayerWorld,
  RIGHT,
  answer,
  complete,
  createPlayerWorld,
  data,
  newLearner,
} from './support/player-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Random sequences of player requests (replays, the same request several times at once, steps out of
// order, on locked topics, after the attempt ended, new attempts) never write a step twice, never
// complete without the answers, and the activity's master_id follows the order the steps happened in.

let t: TestApp;
let w: PlayerWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlayerWorld(t);
});
afterAll(async () => t.close());

/** A wrong answer to each of the fixture's questions, by prompt. */
const WRONG: Record<string, number[]> = {
  'Which extinguisher for electrical fires?': [1],
  'Which are exits?': [2],
  'Use lifts in a fire.': [0],
};

type Action =
  | { kind: 'start'; times: number }
  | { kind: 'complete'; topic: number; times: number }
  | { kind: 'answer'; question: number; choice: number; times: number }
  | { kind: 'previous'; topic: number }
  | { kind: 'player' }
  | { kind: 'through'; choice: number; times: number };

const times = fc.integer({ min: 1, max: 3 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('start' as const), times }),
  fc.record({ kind: fc.constant('complete' as const), topic: fc.integer({ min: 0, max: 2 }), times }),
  fc.record({
    kind: fc.constant('answer' as const),
    question: fc.integer({ min: 0, max: 2 }),
    choice: fc.integer({ min: 0, max: 2 }),
    times,
  }),
  fc.record({ kind: fc.constant('previous' as const), topic: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('player' as const) }),
  fc.record({ kind: fc.constant('through' as const), choice: fc.integer({ min: 0, max: 1 }), times }),
);

async function play(client: TestClient, assignmentId: number, actions: Action[]): Promise<number[]> {
  const statuses: number[] = [];
  const attempts: number[] = [];
  const topics = w.course.topics;
  const latest = () => attempts.at(-1) ?? 2_000_000_000;
  const record = (responses: { statusCode: number }[]) => statuses.push(...responses.map((r) => r.statusCode));
  for (const a of actions) {
    const repeat = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
    if (a.kind === 'start') {
      const responses = await repeat(a.times, () => client.post(`/api/v3/my/assignments/${assignmentId}/attempts`));
      record(responses);
      const ok = responses.find((r) => r.statusCode < 300);
      if (ok) attempts.push(data<{ attempt: { id: number } }>(ok).attempt.id);
    } else if (a.kind === 'complete') {
      record(await repeat(a.times, () => complete(client, latest(), topics[a.topic]!.id)));
    } else if (a.kind === 'answer') {
      const q = topics[1]!.questions[a.question]!;
      record(
        await repeat(a.times, () =>
          answer(client, latest(), q.id, q.prompt === 'Which are exits?' ? [a.choice] : [a.choice % 2]),
        ),
      );
    } else if (a.kind === 'previous') {
      record([await complete(client, attempts.at(-2) ?? latest(), topics[a.topic]!.id)]);
    } else if (a.kind === 'through') {
      // The whole attempt in order, each step sent `times` at once.
      record(await repeat(a.times, () => complete(client, latest(), topics[0]!.id)));
      for (const q of topics[1]!.questions)
        record(
          await repeat(a.times, () =>
            answer(client, latest(), q.id, a.choice === 0 ? RIGHT[q.prompt]! : WRONG[q.prompt]!),
          ),
        );
      record(await repeat(a.times, () => complete(client, latest(), topics[2]!.id)));
    } else {
      record([await client.get(`/api/v3/my/assignments/${assignmentId}/player`)]);
    }
  }
  return statuses;
}

async function checkInvariants(assignmentId: number) {
  const rows = await t.db
    .selectFrom('course_activity')
    .select(['master_id', 'step_key', 'event'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('master_id')
    .execute();
  const keys = rows.map((r) => r.step_key!);
  expect(new Set(keys).size, 'a step written twice').toBe(keys.length);
  const answers = await t.db
    .selectFrom('question_answers')
    .select(['attempt', 'question_id'])
    .where('assignment_id', '=', assignmentId)
    .execute();
  expect(new Set(answers.map((x) => `${x.attempt}:${x.question_id}`)).size).toBe(answers.length);
  const attempts = await t.db
    .selectFrom('course_attempts')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('attempt')
    .execute();
  let previousLast = 0;
  for (const attempt of attempts) {
    const mine = rows.filter((r) => r.step_key!.startsWith(`a${attempt.attempt}:`));
    // master_id follows the order of the attempt's steps: launched first, the end last, attempts in turn.
    expect(mine[0]!.step_key).toBe(`a${attempt.attempt}:launched`);
    expect(mine[0]!.master_id).toBeGreaterThan(previousLast);
    previousLast = mine.at(-1)!.master_id;
    const ends = mine.filter((r) => r.event === 'completed' || r.event === 'failed');
    if (attempt.status === 'in_progress') expect(ends).toHaveLength(0);
    else {
      expect(ends.map((r) => r.event)).toEqual([attempt.status === 'passed' ? 'completed' : 'failed']);
      expect(mine.at(-1)).toBe(ends[0]);
      // No completion without its answers: every drawn question of the attempt was answered.
      const drawn = Object.values(JSON.parse(attempt.state).topics as Record<string, { questions?: number[] }>).flatMap(
        (x) => x.questions ?? [],
      );
      const answered = answers.filter((x) => x.attempt === attempt.attempt).map((x) => x.question_id);
      expect(answered.sort()).toEqual([...drawn].sort());
    }
  }
  expect(attempts.filter((x) => x.status === 'in_progress').length).toBeLessThanOrEqual(1);
  const assignment = await t.db
    .selectFrom('assignments')
    .selectAll()
    .where('id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  if (assignment.completed_at !== null) expect(attempts.some((x) => x.status === 'passed')).toBe(true);
  expect(attempts.length).toBeLessThanOrEqual(2); // attempts_allowed
}

describe('player steps under random sequences', () => {
  it('write each step once, complete only with every answer, and keep master_id in step order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 25 }), async (actions) => {
        const me = await newLearner(t, w.companyA, w.courseId);
        const statuses = await play(me.client, me.assignmentId, [{ kind: 'start', times: 1 }, ...actions]);
        expect(
          statuses.every((s) => [200, 201, 404, 422].includes(s)),
          `statuses ${statuses}`,
        ).toBe(true);
        await checkInvariants(me.assignmentId);
      }),
      {
        numRuns: 30,
        // Always among the runs: a pass and a failure, each step sent twice at once, then more.
        examples: [
          [[{ kind: 'through', choice: 0, times: 2 }, { kind: 'start', times: 2 }, { kind: 'player' }]],
          [
            [
              { kind: 'through', choice: 1, times: 2 },
              { kind: 'start', times: 3 },
              { kind: 'through', choice: 1, times: 1 },
            ],
          ],
        ],
      },
    );
    // The runs reached the ends that matter.
    const ends = await t.db.selectFrom('course_attempts').select('status').distinct().execute();
    expect(ends.map((x) => x.status).sort()).toEqual(['failed', 'in_progress', 'passed']);
  }, 240_000);
});
