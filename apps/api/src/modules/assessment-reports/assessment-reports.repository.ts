import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type TimeRange, containsPattern } from '../audit-logs/index.ts';

/** What a report request reads, already checked and cut to the caller's reach. */
export interface AssessmentCriteria {
  companyId: number;
  /** The caller's departments (null: the whole company); a learner without a department is outside any. */
  departments: number[] | null;
  courseIds?: number[];
  started?: TimeRange;
  includeDeactivated: boolean;
  /** Learner summary only: part of the learner's name or username. */
  text?: string;
}

const FINISHED = ['passed', 'failed'];

type AttemptsQuery = SelectQueryBuilder<
  Database & { ca: Database['course_attempts']; u: Database['users'] },
  'ca' | 'u',
  object
>;

/** The finished attempts a report counts: the company's, of learners in reach, under the filters. */
function finishedAttempts(db: Kysely<Database>, c: AssessmentCriteria): AttemptsQuery {
  const text = c.text ? containsPattern(c.text) : undefined;
  return db
    .selectFrom('course_attempts as ca')
    .innerJoin('users as u', 'u.id', 'ca.user_id')
    .where('ca.company_id', '=', c.companyId)
    .where('u.company_id', '=', c.companyId)
    .where('ca.status', 'in', FINISHED)
    .$if(c.departments !== null, (q) =>
      c.departments!.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('u.department_id', 'in', c.departments!),
    )
    .$if(!c.includeDeactivated, (q) => q.where('u.suspended', '=', 0))
    .$if(c.courseIds !== undefined, (q) => q.where('ca.course_id', 'in', c.courseIds!))
    .$if(c.started?.from !== undefined, (q) => q.where('ca.started_at', '>=', c.started!.from!))
    .$if(c.started?.to !== undefined, (q) => q.where('ca.started_at', '<=', c.started!.to!))
    .$if(text !== undefined, (q) =>
      q.where((eb) =>
        eb.or(
          ['u.username', 'u.first_name', 'u.last_name'].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${text} escape '\\'`,
          ),
        ),
      ),
    ) as unknown as AttemptsQuery;
}

const passed = sql<number>`sum(case when ca.status = 'passed' then 1 else 0 end)`;

/** Per course: learners, attempts, score sum (for the average), passed attempts, learners who passed. */
export function courseAttemptStats(db: Kysely<Database>, c: AssessmentCriteria) {
  return finishedAttempts(db, c)
    .innerJoin('courses as c', 'c.id', 'ca.course_id')
    .select([
      'ca.course_id',
      'c.name',
      'c.passing_score',
      sql<number>`count(distinct ca.user_id)`.as('learners'),
      sql<number>`count(*)`.as('attempts'),
      sql<number>`sum(ca.score)`.as('score_sum'),
      sql<number>`count(ca.score)`.as('scored'),
      passed.as('passed'),
      sql<number>`count(distinct case when ca.status = 'passed' then ca.user_id end)`.as('learners_passed'),
    ])
    .groupBy(['ca.course_id', 'c.name', 'c.passing_score'])
    .orderBy('c.name')
    .orderBy('ca.course_id')
    .execute();
}

/** The answers given in the counted attempts, joined to their attempt. */
function countedAnswers(db: Kysely<Database>, c: AssessmentCriteria) {
  return finishedAttempts(db, c).innerJoin('question_answers as qa', (join) =>
    join.onRef('qa.assignment_id', '=', 'ca.assignment_id').onRef('qa.attempt', '=', 'ca.attempt'),
  );
}

/** Per course: answers and right answers. */
export function courseAnswerStats(db: Kysely<Database>, c: AssessmentCriteria) {
  return countedAnswers(db, c)
    .select(['ca.course_id', sql<number>`count(*)`.as('answers'), sql<number>`sum(qa.correct)`.as('correct')])
    .groupBy('ca.course_id')
    .execute();
}

/**
 * Per question: answers, right answers, and the sums the point-biserial correlation with the
 * attempt's score needs (Σscore, Σscore², Σscore over right answers).
 */
export function questionStats(db: Kysely<Database>, c: AssessmentCriteria) {
  return countedAnswers(db, c)
    .select([
      'qa.question_id',
      'qa.topic_id',
      sql<number>`count(*)`.as('answers'),
      sql<number>`sum(qa.correct)`.as('correct'),
      sql<number>`sum(coalesce(ca.score, 0))`.as('sx'),
      sql<number>`sum(coalesce(ca.score, 0) * coalesce(ca.score, 0))`.as('sxx'),
      sql<number>`sum(coalesce(ca.score, 0) * qa.correct)`.as('sxc'),
    ])
    .groupBy(['qa.question_id', 'qa.topic_id'])
    .execute();
}

/** Per question and chosen set of options: how many answers chose it. */
export function answerChoices(db: Kysely<Database>, c: AssessmentCriteria) {
  return countedAnswers(db, c)
    .select(['qa.question_id', 'qa.answer', 'qa.choices', sql<number>`count(*)`.as('count')])
    .groupBy(['qa.question_id', 'qa.answer', 'qa.choices'])
    .execute();
}

const learnerGroups = (db: Kysely<Database>, c: AssessmentCriteria) =>
  finishedAttempts(db, c).select(['ca.user_id', 'ca.course_id']).groupBy(['ca.user_id', 'ca.course_id']);

export async function countLearnerGroups(db: Kysely<Database>, c: AssessmentCriteria): Promise<number> {
  const row = await db
    .selectFrom(learnerGroups(db, c).as('g'))
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** One page of (learner, course) rows by learner name, then course name. */
export function learnerGroupPage(db: Kysely<Database>, c: AssessmentCriteria, limit: number, offset: number) {
  return finishedAttempts(db, c)
    .innerJoin('courses as c', 'c.id', 'ca.course_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'ca.user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.suspended',
      'u.department_id',
      'd.name as department_name',
      'ca.course_id',
      'c.name as course_name',
      sql<number>`count(*)`.as('attempts'),
      sql<number | null>`max(ca.score)`.as('best_score'),
      passed.as('passed'),
      sql<string | null>`max(ca.finished_at)`.as('last_attempt_at'),
    ])
    .groupBy([
      'ca.user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.suspended',
      'u.department_id',
      'd.name',
      'ca.course_id',
      'c.name',
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('ca.user_id')
    .orderBy('c.name')
    .orderBy('ca.course_id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The counted attempts of some learners (newest last), for their last score. */
export function attemptsOfLearners(db: Kysely<Database>, c: AssessmentCriteria, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return finishedAttempts(db, c)
    .where('ca.user_id', 'in', userIds)
    .select(['ca.user_id', 'ca.course_id', 'ca.score', 'ca.finished_at', 'ca.id'])
    .orderBy('ca.finished_at')
    .orderBy('ca.id')
    .execute();
}

/** Answers and right answers per (learner, course), for some learners. */
export function answersOfLearners(db: Kysely<Database>, c: AssessmentCriteria, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return countedAnswers(db, c)
    .where('ca.user_id', 'in', userIds)
    .select([
      'ca.user_id',
      'ca.course_id',
      sql<number>`count(*)`.as('answers'),
      sql<number>`sum(qa.correct)`.as('correct'),
    ])
    .groupBy(['ca.user_id', 'ca.course_id'])
    .execute();
}

/** The course when the company may use it (its own, or one for every company); undefined otherwise. */
export function findCompanyCourse(db: Kysely<Database>, companyId: number, courseId: number) {
  return db
    .selectFrom('courses as c')
    .select(['c.id', 'c.name', 'c.passing_score'])
    .where('c.id', '=', courseId)
    .where((eb) =>
      eb.or([
        eb('c.all_companies', '=', 1),
        eb.exists(
          eb
            .selectFrom('course_companies as cc')
            .select('cc.course_id')
            .whereRef('cc.course_id', '=', 'c.id')
            .where('cc.company_id', '=', companyId),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** The course's topics in order, and the questions answered or still in it. */
export function courseTopics(db: Kysely<Database>, courseId: number, extraTopicIds: number[]) {
  return db
    .selectFrom('topics')
    .select(['id', 'name', 'position', 'course_id'])
    .where((eb) =>
      extraTopicIds.length > 0
        ? eb.or([eb('course_id', '=', courseId), eb('id', 'in', extraTopicIds)])
        : eb('course_id', '=', courseId),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function questionsOf(db: Kysely<Database>, topicIds: number[], extraQuestionIds: number[]) {
  if (topicIds.length === 0 && extraQuestionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select(['id', 'topic_id', 'prompt', 'options', 'type', 'position'])
    .where((eb) =>
      eb.or([
        ...(topicIds.length > 0 ? [eb('topic_id', 'in', topicIds)] : []),
        ...(extraQuestionIds.length > 0 ? [eb('id', 'in', extraQuestionIds)] : []),
      ]),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function hasQuestionReports(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('question_reports')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.question_reports ?? 0) === 1;
}

/** The departments at or below some of the company's departments. */
export async function departmentSubtrees(db: Kysely<Database>, companyId: number, ids: number[]): Promise<number[]> {
  const roots = await db
    .selectFrom('departments')
    .select('path')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  if (roots.length === 0) return [];
  const rows = await db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or(roots.map((root) => eb('path', 'like', `${root.path}%`))))
    .execute();
  return rows.map((row) => Number(row.id));
}
