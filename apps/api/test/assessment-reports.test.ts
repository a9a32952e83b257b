import { ASSESSMENT_MESSAGES } from '@heed/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Assessment reports (issue 18 item 4): numbers equal a recount of the stored attempts and answers;
// item analysis on a hand-made course whose facility and discrimination are known; scope and tenancy.

const CANARY = 'CANARY-assess-b';
let t: TestApp;
let cm: TestClient;
let dm: TestClient;
let companyA: number;
let companyB: number;
let companyOff: number;
let ops: number;
let sales: number;
let course: number;
let otherCourse: number;
let betaCourse: number;
let topic: number;
const q: Record<'good' | 'reversed' | 'easy' | 'multi', number> = { good: 0, reversed: 0, easy: 0, multi: 0 };

const SCORES = [100, 80, 60, 40, 20, 0];
// Who answers each question right, by learner index (scores above).
const RIGHT = {
  good: [true, true, true, false, false, false],
  reversed: [false, false, false, false, true, true],
  easy: [true, true, true, true, true, true],
  multi: [true, false, true, false, true, false],
};
// The wrong answers to the good question choose B, B, C.
const GOOD_WRONG = [1, 1, 2];

const pearson = (xs: number[], ys: number[]) => {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b) / n;
  const my = ys.reduce((a, b) => a + b) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
};

async function courseVersion(db: Kysely<Database>, courseId: number) {
  const { id } = await db
    .insertInto('course_versions')
    .values({
      course_id: courseId,
      version: 1,
      document: '{}',
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addCourse(
  name: string,
  companyId: number,
  questions: { prompt: string; type?: string; options: string[]; correct: number[] }[],
) {
  const { id } = await t.db
    .insertInto('courses')
    .values({
      name,
      category_id: null,
      description: null,
      duration_minutes: 10,
      passing_score: 50,
      recertify_months: null,
      active: 1,
      created_at: 'x',
      updated_at: 'x',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('course_companies').values({ course_id: id, company_id: companyId }).execute();
  const tp = await t.db
    .insertInto('topics')
    .values({ course_id: id, name: `${name} quiz`, content: null, position: 1, kind: 'questions' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, question] of questions.entries()) {
    const row = await t.db
      .insertInto('questions')
      .values({
        topic_id: tp.id,
        prompt: question.prompt,
        options: JSON.stringify(
          question.options.map((text, k) => ({ text, correct: question.correct.includes(k), feedback: null })),
        ),
        correct_option: question.correct[0]!,
        position: i + 1,
        type: question.type ?? 'single',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { id, topic: tp.id, questions: ids, version: await courseVersion(t.db, id) };
}

/** One finished attempt with its answers (`answers`: question id → chosen options, right or not). */
async function attempt(
  companyId: number,
  userId: number,
  c: { id: number; topic: number; version: number },
  n: number,
  score: number,
  passed: boolean,
  answers: [number, number[], boolean][],
  startedAt = '2026-02-01T10:00:00.000Z',
) {
  const assignmentId = await insertAssignment(t.db, {
    companyId,
    userId,
    courseId: c.id,
    status: passed ? 'completed' : 'in_progress',
  });
  await t.db
    .insertInto('course_attempts')
    .values({
      company_id: companyId,
      user_id: userId,
      assignment_id: assignmentId,
      course_id: c.id,
      course_version_id: c.version,
      attempt: n,
      status: passed ? 'passed' : 'failed',
      score,
      state: '{}',
      started_at: startedAt,
      finished_at: startedAt.replace('10:00', '10:30'),
      updated_at: startedAt,
    })
    .execute();
  for (const [questionId, choices, correct] of answers)
    await t.db
      .insertInto('question_answers')
      .values({
        company_id: companyId,
        user_id: userId,
        assignment_id: assignmentId,
        course_id: c.id,
        topic_id: c.topic,
        question_id: questionId,
        answer: choices[0]!,
        choices: JSON.stringify(choices),
        correct: correct ? 1 : 0,
        attempt: n,
        created_at: startedAt,
      })
      .execute();
  return assignmentId;
}

let learners: { id: number; department: number; suspended: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await createCompany(t.db, { name: 'Alpha', question_reports: 1 } as never)).id;
  companyB = (await createCompany(t.db, { name: `Beta ${CANARY}`, question_reports: 1 } as never)).id;
  companyOff = (await createCompany(t.db, { name: 'Gamma' })).id;
  ops = (await createDepartment(t.db, companyA, 'Ops')).id;
  const east = (await createDepartment(t.db, companyA, 'Ops East', ops)).id;
  sales = (await createDepartment(t.db, companyA, 'Sales')).id;
  await createUser(t.db, { companyId: companyA, role: 1, username: 'a.cm' });
  await createUser(t.db, { companyId: companyA, role: 2, username: 'a.dm', departmentId: ops });
  await createUser(t.db, { companyId: companyOff, role: 1, username: 'g.cm' });
  const departments = [ops, east, sales, ops, sales, east];
  learners = [];
  for (const [i, department] of departments.entries()) {
    const user = await createUser(t.db, {
      companyId: companyA,
      username: `learner${i}`,
      firstName: 'L',
      lastName: `Learner ${i}`,
      departmentId: department,
    });
    learners.push({ id: user.id, department, suspended: false });
  }
  const item = await addCourse('Item Course', companyA, [
    { prompt: 'Good question', options: ['A', 'B', 'C'], correct: [0] },
    { prompt: 'Reversed key', options: ['A', 'B'], correct: [0] },
    { prompt: 'Easy one', options: ['True', 'False'], correct: [0], type: 'true_false' },
    { prompt: 'Pick all', options: ['X', 'Y', 'Z'], correct: [0, 2], type: 'multiple' },
  ]);
  course = item.id;
  topic = item.topic;
  [q.good, q.reversed, q.easy, q.multi] = item.questions as [number, number, number, number];
  let wrong = 0;
  for (const [i, learner] of learners.entries()) {
    const answers: [number, number[], boolean][] = [
      [q.good, RIGHT.good[i] ? [0] : [GOOD_WRONG[wrong++]!], RIGHT.good[i]!],
      [q.reversed, RIGHT.reversed[i] ? [0] : [1], RIGHT.reversed[i]!],
      [q.easy, [0], true],
      [q.multi, RIGHT.multi[i] ? [0, 2] : [0, 1], RIGHT.multi[i]!],
    ];
    await attempt(companyA, learner.id, item, 1, SCORES[i]!, SCORES[i]! >= 50, answers);
  }
  // A second course: learner 0 fails then passes; learner 2 (Sales) passes; learner 3 is deactivated.
  const other = await addCourse('Other Course', companyA, [{ prompt: 'Only', options: ['A', 'B'], correct: [1] }]);
  otherCourse = other.id;
  const [o] = other.questions as [number];
  await attempt(companyA, learners[0]!.id, other, 1, 0, false, [[o, [0], false]], '2026-01-10T10:00:00.000Z');
  await attempt(companyA, learners[0]!.id, other, 2, 100, true, [[o, [1], true]], '2026-01-11T10:00:00.000Z');
  await attempt(companyA, learners[2]!.id, other, 1, 100, true, [[o, [1], true]]);
  await attempt(companyA, learners[3]!.id, other, 1, 0, false, [[o, [0], false]]);
  await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', learners[3]!.id).execute();
  learners[3]!.suspended = true;
  // Company B: its own course and learner, with the canary.
  const beta = await addCourse(`Beta ${CANARY}`, companyB, [{ prompt: CANARY, options: ['A', 'B'], correct: [0] }]);
  betaCourse = beta.id;
  const bl = await createUser(t.db, { companyId: companyB, username: 'b.learner', lastName: CANARY });
  await attempt(companyB, bl.id, beta, 1, 100, true, [[beta.questions[0]!, [0], true]]);
  // An attempt in progress never counts.
  await t.db
    .insertInto('course_attempts')
    .values({
      company_id: companyA,
      user_id: learners[1]!.id,
      assignment_id: await insertAssignment(t.db, { companyId: companyA, userId: learners[1]!.id, courseId: course }),
      course_id: course,
      course_version_id: item.version,
      attempt: 1,
      status: 'in_progress',
      score: null,
      state: '{}',
      started_at: '2026-02-02T10:00:00.000Z',
      finished_at: null,
      updated_at: '2026-02-02T10:00:00.000Z',
    })
    .execute();
  cm = await signedIn(t.app, 'a.cm');
  dm = await signedIn(t.app, 'a.dm');
});
afterAll(async () => t.close());

/** A plain recount of the stored finished attempts of company A's learners in `departments`. */
async function recountCourses(departments: number[] | null, includeDeactivated = false) {
  const rows = await t.db
    .selectFrom('course_attempts as ca')
    .innerJoin('users as u', 'u.id', 'ca.user_id')
    .select(['ca.course_id', 'ca.user_id', 'ca.status', 'ca.score', 'u.department_id', 'u.suspended'])
    .where('ca.company_id', '=', companyA)
    .execute();
  const kept = rows.filter(
    (r) =>
      r.status !== 'in_progress' &&
      (departments === null || departments.includes(Number(r.department_id))) &&
      (includeDeactivated || Number(r.suspended) === 0),
  );
  const byCourse = new Map<number, typeof kept>();
  for (const r of kept) byCourse.set(Number(r.course_id), [...(byCourse.get(Number(r.course_id)) ?? []), r]);
  return new Map(
    [...byCourse].map(([id, list]) => {
      const passed = list.filter((r) => r.status === 'passed');
      return [
        id,
        {
          learners: new Set(list.map((r) => r.user_id)).size,
          attempts: list.length,
          average_score: Math.round((list.reduce((s, r) => s + Number(r.score), 0) / list.length) * 10) / 10,
          pass_rate: Math.round((passed.length / list.length) * 1000) / 1000,
        },
      ];
    }),
  );
}

describe('GET /reports/assessments/course-summary', () => {
  it('per course: learners, attempts, average score and pass rate equal a recount', async () => {
    const res = await cm.get('/api/v3/reports/assessments/course-summary');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { course: { id: number }; learners: number; attempts: number }[];
    const expected = await recountCourses(null);
    expect(data.map((r) => r.course.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of data) expect(row).toMatchObject(expected.get(row.course.id)!);
    const other = data.find((r) => r.course.id === otherCourse)!;
    // learner 0 (fail, pass) and learner 2 (pass); learner 3 is deactivated
    expect(other).toMatchObject({
      learners: 2,
      attempts: 3,
      learner_pass_rate: 1,
      questions_answered: 3,
      facility: 0.667,
    });
  });

  it('counts deactivated learners on request, and filters by course and start date', async () => {
    const all = (await cm.get('/api/v3/reports/assessments/course-summary?include_deactivated=1')).json().data;
    const expected = await recountCourses(null, true);
    for (const row of all) expect(row).toMatchObject(expected.get(row.course.id)!);
    const one = (
      await cm.get(
        `/api/v3/reports/assessments/course-summary?field[course_id]=${otherCourse}&field[started_at]=..2026-01-10`,
      )
    ).json().data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ learners: 1, attempts: 1, average_score: 0, pass_rate: 0 });
  });

  it("cuts a Department Manager's numbers to their subtree, and a department filter to it", async () => {
    const [east] = (await t.db.selectFrom('departments').select('id').where('name', '=', 'Ops East').execute()).map(
      (d) => d.id,
    );
    const res = (await dm.get('/api/v3/reports/assessments/course-summary')).json().data;
    const expected = await recountCourses([ops, east!]);
    expect(res.map((r: { course: { id: number } }) => r.course.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of res) expect(row).toMatchObject(expected.get(row.course.id)!);
    // Naming Sales (outside the DM's reach) shows nothing rather than Sales.
    expect(
      (await dm.get(`/api/v3/reports/assessments/course-summary?field[department_id]=${sales}`)).json().data,
    ).toEqual([]);
    const salesOnly = (await cm.get(`/api/v3/reports/assessments/course-summary?field[department_id]=${sales}`)).json()
      .data;
    for (const row of salesOnly) expect(row).toMatchObject((await recountCourses([sales])).get(row.course.id)!);
  });

  it("never shows another company's data; 403 with a message when the company has no question reports", async () => {
    const res = await cm.get('/api/v3/reports/assessments/course-summary?include_deactivated=1');
    expect(res.body).not.toContain(CANARY);
    const off = await signedIn(t.app, 'g.cm');
    for (const path of ['course-summary', 'learner-summary', `episode-summary?course_id=${course}`]) {
      const refused = await off.get(`/api/v3/reports/assessments/${path}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(ASSESSMENT_MESSAGES.disabled);
    }
  });
});

describe('GET /reports/assessments/learner-summary', () => {
  it('per learner and course: attempts, best and last score, passed, paged by name', async () => {
    const res = await cm.get(`/api/v3/reports/assessments/learner-summary?per_page=3&field[course_id]=${otherCourse}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 2, last_page: 1 });
    expect(body.data[0]).toMatchObject({
      learner: { id: learners[0]!.id, name: 'L Learner 0', suspended: false },
      course: { id: otherCourse },
      attempts: 2,
      best_score: 100,
      last_score: 100,
      passed: true,
      answers: 2,
      facility: 0.5,
    });
    const pageTwo = (await cm.get('/api/v3/reports/assessments/learner-summary?per_page=4&page=2')).json();
    const pageOne = (await cm.get('/api/v3/reports/assessments/learner-summary?per_page=4&page=1')).json();
    expect(pageOne.meta.total).toBe(7);
    expect(pageOne.data).toHaveLength(4);
    expect(pageTwo.data).toHaveLength(3);
    const names = [...pageOne.data, ...pageTwo.data].map((r: { learner: { name: string } }) => r.learner.name);
    expect(names).toEqual([...names].sort());
  });

  it('finds learners by name and keeps to the DM subtree', async () => {
    const found = (await cm.get('/api/v3/reports/assessments/learner-summary?text=learner%202')).json();
    expect(found.data.every((r: { learner: { id: number } }) => r.learner.id === learners[2]!.id)).toBe(true);
    const mine = (await dm.get('/api/v3/reports/assessments/learner-summary?per_page=100')).json().data;
    const sales2 = learners.filter((l) => l.department === sales).map((l) => l.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r: { learner: { id: number } }) => sales2.includes(r.learner.id))).toBe(false);
  });
});

describe('GET /reports/assessments/episode-summary', () => {
  it('gives facility, point-biserial discrimination and the answer distribution of a hand-made course', async () => {
    // Learner 3 is deactivated: counted on request.
    const res = await cm.get(`/api/v3/reports/assessments/episode-summary?course_id=${course}&include_deactivated=1`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      learners: 6,
      attempts: 6,
      average_score: 50,
      pass_rate: 0.5,
      discrimination_method: 'point_biserial',
    });
    expect(data.topics).toHaveLength(1);
    expect(data.topics[0].topic.id).toBe(topic);
    const byId = new Map(data.topics[0].questions.map((x: { question: { id: number } }) => [x.question.id, x]));
    const expectQuestion = (id: number, right: boolean[], flag: string | null) => {
      const row = byId.get(id) as {
        facility: number;
        discrimination: number | null;
        flag: string | null;
        answers: number;
      };
      expect(row.answers).toBe(6);
      expect(row.facility).toBeCloseTo(right.filter(Boolean).length / 6, 3);
      const varies = right.some(Boolean) && !right.every(Boolean);
      if (varies) expect(row.discrimination!).toBeCloseTo(pearson(right.map(Number), SCORES), 2);
      else expect(row.discrimination).toBeNull();
      expect(row.flag).toBe(flag);
    };
    expectQuestion(q.good, RIGHT.good, null);
    expectQuestion(q.reversed, RIGHT.reversed, 'negative_discrimination');
    expectQuestion(q.easy, RIGHT.easy, 'too_easy');
    expect((byId.get(q.good) as { discrimination: number }).discrimination).toBeCloseTo(0.878, 3);
    expect((byId.get(q.reversed) as { discrimination: number }).discrimination).toBeCloseTo(-0.828, 3);
    const good = byId.get(q.good) as { options: { text: string; correct: boolean; count: number; share: number }[] };
    expect(good.options.map((o) => [o.text, o.correct, o.count])).toEqual([
      ['A', true, 3],
      ['B', false, 2],
      ['C', false, 1],
    ]);
    expect(good.options[0]!.share).toBe(0.5);
    // A multiple-choice answer counts for each option it chose: everyone chose X, half Z and half Y.
    const multi = byId.get(q.multi) as { options: { count: number }[] };
    expect(multi.options.map((o) => o.count)).toEqual([6, 3, 3]);
    // Hardest first: the reversed key (1 in 3 right), then the good and the multiple (half right).
    expect(data.hardest.map((x: { question: { id: number } }) => x.question.id).slice(0, 1)).toEqual([q.reversed]);
    expect(data.hardest.at(-1).question.id).toBe(q.easy);
  });

  it("answers 404 for another company's course and 422 without a course", async () => {
    expect((await cm.get(`/api/v3/reports/assessments/episode-summary?course_id=${betaCourse}`)).statusCode).toBe(404);
    expect((await cm.get('/api/v3/reports/assessments/episode-summary')).statusCode).toBe(422);
    expect((await cm.get('/api/v3/reports/assessments/course-summary?field[started_at]=nope')).statusCode).toBe(422);
  });
});
