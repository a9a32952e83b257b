import { z } from 'zod';
import { pageQuery, queryFlag, timestamp } from '../common.ts';

export const ASSESSMENT_MESSAGES = {
  /** 403 when the company does not have question reports (spec §2). */
  disabled: 'Assessment reports are not enabled for this company.',
  courseRequired: 'Choose a course.',
} as const;

/**
 * Filters every assessment report takes: `field[course_id]`, `field[department_id]` (whole subtrees,
 * inside the caller's reach), `field[started_at]` (`YYYY-MM-DD..YYYY-MM-DD`, the attempt's start), and
 * `include_deactivated` (deactivated learners are left out unless 1). Only finished attempts count.
 */
export const ASSESSMENT_FILTER_FIELDS = ['course_id', 'department_id', 'started_at'] as const;

const reportQuery = {
  include_deactivated: queryFlag.optional().describe('1: count deactivated learners too'),
};

export const assessmentCourseSummaryQuery = z.looseObject(reportQuery);
export const assessmentLearnerSummaryQuery = z.looseObject({
  ...reportQuery,
  ...pageQuery,
  text: z.string().trim().max(200).optional().describe("part of the learner's name or username"),
});
export const assessmentEpisodeSummaryQuery = z.looseObject({
  ...reportQuery,
  course_id: z.coerce.number().int().positive().max(2_147_483_647).describe('the course'),
});

const ref = z.object({ id: z.number().int(), name: z.string() });
const share = z.number().min(0).max(1).nullable();

export const assessmentCourseRow = z.object({
  course: ref,
  passing_score: z.number().int().nullable(),
  /** Learners with at least one finished attempt. */
  learners: z.number().int(),
  /** Finished attempts (passed or failed). */
  attempts: z.number().int(),
  average_score: z.number().nullable(),
  /** Passed attempts over finished attempts, 0..1. */
  pass_rate: share,
  /** Learners whose best attempt passed, over learners, 0..1. */
  learner_pass_rate: share,
  questions_answered: z.number().int(),
  /** Share of those answers that were right, 0..1. */
  facility: share,
});
export type AssessmentCourseRow = z.infer<typeof assessmentCourseRow>;

export const assessmentLearnerRow = z.object({
  learner: z.object({ id: z.number().int(), name: z.string(), username: z.string(), suspended: z.boolean() }),
  department: ref.nullable(),
  course: ref,
  attempts: z.number().int(),
  best_score: z.number().int().nullable(),
  last_score: z.number().int().nullable(),
  passed: z.boolean(),
  last_attempt_at: timestamp.nullable(),
  answers: z.number().int(),
  /** The learner's right answers over their answers in this course, 0..1. */
  facility: share,
});
export type AssessmentLearnerRow = z.infer<typeof assessmentLearnerRow>;

/**
 * What the item analysis says of a question:
 * - too_hard: fewer than 30% answer it right; too_easy: more than 95%;
 * - negative_discrimination: strong learners get it wrong more often than weak ones (a wrong key?);
 * - weak_discrimination: it hardly separates strong from weak learners (under 0.2).
 * Questions with fewer than ASSESSMENT_MIN_ANSWERS answers get no flag.
 */
export const QUESTION_FLAGS = ['negative_discrimination', 'too_hard', 'weak_discrimination', 'too_easy'] as const;
export type QuestionFlag = (typeof QUESTION_FLAGS)[number];
export const QUESTION_FLAG_LABELS: Record<QuestionFlag, string> = {
  negative_discrimination: 'Strong learners miss it',
  too_hard: 'Too hard',
  weak_discrimination: 'Does not separate',
  too_easy: 'Too easy',
};
export const ASSESSMENT_MIN_ANSWERS = 5;

export const answerOption = z.object({
  index: z.number().int(),
  text: z.string(),
  correct: z.boolean(),
  /** Answers that chose this option (a multiple-choice answer counts for each option it chose). */
  count: z.number().int(),
  /** count over the question's answers, 0..1. */
  share: z.number(),
});

export const questionAnalysis = z.object({
  question: z.object({ id: z.number().int(), prompt: z.string(), type: z.string() }),
  topic: ref,
  answers: z.number().int(),
  correct: z.number().int(),
  /** Facility: share of answers that were right, 0..1. */
  facility: share,
  /**
   * Discrimination: the point-biserial correlation (-1..1) between answering this question right and
   * the attempt's score; null below 2 answers or when everyone (or no one) got it right.
   */
  discrimination: z.number().min(-1).max(1).nullable(),
  flag: z.enum(QUESTION_FLAGS).nullable(),
  options: z.array(answerOption),
});
export type QuestionAnalysis = z.infer<typeof questionAnalysis>;

export const topicAnalysis = z.object({
  topic: ref,
  answers: z.number().int(),
  facility: share,
  questions: z.array(questionAnalysis),
});
export type TopicAnalysis = z.infer<typeof topicAnalysis>;

export const episodeSummary = z.object({
  course: ref,
  learners: z.number().int(),
  attempts: z.number().int(),
  average_score: z.number().nullable(),
  pass_rate: share,
  /** How discrimination is computed. */
  discrimination_method: z.literal('point_biserial'),
  topics: z.array(topicAnalysis),
  /** Up to 5 questions with the lowest facility (at least ASSESSMENT_MIN_ANSWERS answers), hardest first. */
  hardest: z.array(questionAnalysis),
});
export type EpisodeSummary = z.infer<typeof episodeSummary>;
