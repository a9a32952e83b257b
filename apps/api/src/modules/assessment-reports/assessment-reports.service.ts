import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_MIN_ANSWERS,
  type AssessmentLearnerRow,
  type EpisodeSummary,
  type QuestionAnalysis,
  type assessmentCourseSummaryQuery,
  type assessmentEpisodeSummaryQuery,
  type assessmentLearnerSummaryQuery,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { DATE_RANGE_HINT, type FilterSpec, checkText, dateRange, ids, readFilters } from '../audit-logs/index.ts';
import { pageMeta } from '../users/index.ts';
import {
  type AssessmentCriteria,
  answerChoices,
  answersOfLearners,
  attemptsOfLearners,
  countLearnerGroups,
  courseAnswerStats,
  courseAttemptStats,
  courseTopics,
  departmentSubtrees,
  findCompanyCourse,
  hasQuestionReports,
  learnerGroupPage,
  questionStats,
  questionsOf,
} from './assessment-reports.repository.ts';
import { type QuestionInfo, parseOptions, toCourseRow, toQuestionAnalysis } from './assessment-reports.mapper.ts';
import { chosenOptions } from './item-analysis.ts';

export interface AssessmentDeps {
  db: Kysely<Database>;
}

interface Filters {
  courseIds?: number[];
  departmentIds?: number[];
  started?: AssessmentCriteria['started'];
}

const FILTERS: FilterSpec<keyof Filters> = {
  course_id: ['courseIds', ids, 'Use course ids.'],
  department_id: ['departmentIds', ids, 'Use department ids.'],
  started_at: ['started', dateRange, DATE_RANGE_HINT],
};

type CommonQuery = { include_deactivated?: boolean | undefined; text?: string | undefined } & Record<string, unknown>;

/**
 * The criteria of a report in the caller's company and reach (403 without question reports, spec
 * §2): a department filter is cut to the caller's departments, so it never widens what they see.
 */
async function reportCriteria(deps: AssessmentDeps, ctx: AuthedContext, query: CommonQuery) {
  if (!(await hasQuestionReports(deps.db, ctx.companyId))) throw forbidden(ASSESSMENT_MESSAGES.disabled);
  const filters = readFilters(query, FILTERS) as Filters;
  const scope = await departmentScope(deps.db, ctx);
  let departments = scope;
  if (filters.departmentIds) {
    const chosen = await departmentSubtrees(deps.db, ctx.companyId, filters.departmentIds);
    departments = scope === null ? chosen : chosen.filter((id) => scope.includes(id));
  }
  const text = checkText(query.text);
  const criteria: AssessmentCriteria = {
    companyId: ctx.companyId,
    departments,
    includeDeactivated: query.include_deactivated ?? false,
    ...(filters.courseIds ? { courseIds: filters.courseIds } : {}),
    ...(filters.started ? { started: filters.started } : {}),
    ...(text ? { text } : {}),
  };
  return criteria;
}

/** GET /reports/assessments/course-summary */
export async function getCourseSummary(
  deps: AssessmentDeps,
  ctx: AuthedContext,
  query: z.output<typeof assessmentCourseSummaryQuery>,
) {
  const criteria = await reportCriteria(deps, ctx, query);
  const [courses, answers] = await Promise.all([
    courseAttemptStats(deps.db, criteria),
    courseAnswerStats(deps.db, criteria),
  ]);
  const answersOf = new Map(answers.map((row) => [Number(row.course_id), row]));
  return { data: courses.map((row) => toCourseRow(row, answersOf.get(Number(row.course_id)))) };
}

const personName = (first: string, last: string, username: string) =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || username;

/** GET /reports/assessments/learner-summary: paged by learner name, then course. */
export async function getLearnerSummary(
  deps: AssessmentDeps,
  ctx: AuthedContext,
  query: z.output<typeof assessmentLearnerSummaryQuery>,
) {
  const criteria = await reportCriteria(deps, ctx, query);
  const offset = (query.page - 1) * query.per_page;
  const [total, groups] = await Promise.all([
    countLearnerGroups(deps.db, criteria),
    learnerGroupPage(deps.db, criteria, query.per_page, offset),
  ]);
  const userIds = [...new Set(groups.map((g) => Number(g.user_id)))];
  const [attempts, answers] = await Promise.all([
    attemptsOfLearners(deps.db, criteria, userIds),
    answersOfLearners(deps.db, criteria, userIds),
  ]);
  const key = (userId: unknown, courseId: unknown) => `${userId}:${courseId}`;
  const lastScore = new Map<string, number | null>();
  for (const a of attempts) lastScore.set(key(a.user_id, a.course_id), a.score === null ? null : Number(a.score));
  const answersOf = new Map(answers.map((a) => [key(a.user_id, a.course_id), a]));
  const data: AssessmentLearnerRow[] = groups.map((g) => {
    const answered = answersOf.get(key(g.user_id, g.course_id));
    const n = Number(answered?.answers ?? 0);
    return {
      learner: {
        id: Number(g.user_id),
        name: personName(g.first_name, g.last_name, g.username),
        username: g.username,
        suspended: Number(g.suspended) === 1,
      },
      department: g.department_id === null ? null : { id: Number(g.department_id), name: g.department_name ?? '' },
      course: { id: Number(g.course_id), name: g.course_name },
      attempts: Number(g.attempts),
      best_score: g.best_score === null ? null : Number(g.best_score),
      last_score: lastScore.get(key(g.user_id, g.course_id)) ?? null,
      passed: Number(g.passed) > 0,
      last_attempt_at: g.last_attempt_at,
      answers: n,
      facility: n === 0 ? null : Math.round((Number(answered?.correct ?? 0) / n) * 1000) / 1000,
    };
  });
  return { data, meta: pageMeta(query.page, query.per_page, total) };
}

const HARDEST = 5;

/** GET /reports/assessments/episode-summary: one course's item analysis, topic by topic. */
export async function getEpisodeSummary(
  deps: AssessmentDeps,
  ctx: AuthedContext,
  query: z.output<typeof assessmentEpisodeSummaryQuery>,
): Promise<{ data: EpisodeSummary }> {
  const base = await reportCriteria(deps, ctx, query);
  const course = await findCompanyCourse(deps.db, ctx.companyId, query.course_id);
  if (!course) throw notFound();
  const criteria: AssessmentCriteria = { ...base, courseIds: [Number(course.id)] };
  const [stats, sums, choices] = await Promise.all([
    courseAttemptStats(deps.db, criteria),
    questionStats(deps.db, criteria),
    answerChoices(deps.db, criteria),
  ]);
  const topics = await courseTopics(deps.db, Number(course.id), [...new Set(sums.map((s) => Number(s.topic_id)))]);
  const questions = await questionsOf(
    deps.db,
    topics.map((t) => Number(t.id)),
    sums.map((s) => Number(s.question_id)),
  );
  const sumsOf = new Map(sums.map((s) => [Number(s.question_id), s]));
  const countsOf = new Map<number, Map<number, number>>();
  for (const row of choices) {
    const counts = countsOf.get(Number(row.question_id)) ?? new Map<number, number>();
    for (const option of chosenOptions(Number(row.answer), row.choices))
      counts.set(option, (counts.get(option) ?? 0) + Number(row.count));
    countsOf.set(Number(row.question_id), counts);
  }
  const all: QuestionAnalysis[] = [];
  const topicRows = topics.map((topic) => {
    const ref = { id: Number(topic.id), name: topic.name };
    const analysed = questions
      .filter((q) => Number(q.topic_id) === ref.id)
      .map((q) => {
        const info: QuestionInfo = {
          id: Number(q.id),
          prompt: q.prompt,
          type: q.type,
          options: parseOptions(q.options),
        };
        return toQuestionAnalysis(info, ref, sumsOf.get(info.id), countsOf.get(info.id) ?? new Map());
      });
    all.push(...analysed);
    const answers = analysed.reduce((sum, q) => sum + q.answers, 0);
    const correct = analysed.reduce((sum, q) => sum + q.correct, 0);
    return {
      topic: ref,
      answers,
      facility: answers === 0 ? null : Math.round((correct / answers) * 1000) / 1000,
      questions: analysed,
    };
  });
  const hardest = all
    .filter((q) => q.answers >= ASSESSMENT_MIN_ANSWERS && q.facility !== null)
    .sort(
      (a, b) =>
        a.facility! - b.facility! || (a.discrimination ?? 0) - (b.discrimination ?? 0) || a.question.id - b.question.id,
    )
    .slice(0, HARDEST);
  const summary = stats[0] ? toCourseRow(stats[0]) : null;
  return {
    data: {
      course: { id: Number(course.id), name: course.name },
      learners: summary?.learners ?? 0,
      attempts: summary?.attempts ?? 0,
      average_score: summary?.average_score ?? null,
      pass_rate: summary?.pass_rate ?? null,
      discrimination_method: 'point_biserial',
      topics: topicRows.filter((t) => t.questions.length > 0),
      hardest,
    },
  };
}
