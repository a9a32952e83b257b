import { z } from 'zod';
import { listQuery, queryFlag, timestamp } from '../common.ts';
import { topicMedia } from '../course-media/course-media.ts';
import { RECERTIFICATION_LIMITS } from '../recertification/recertification.ts';

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

export const COURSE_NAME_MAX = 200;
export const COURSE_CATEGORY_NAME_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 5_000;
export const TOPIC_NAME_MAX = 200;
/** A text topic's rich text (HTML, sanitised by the server). */
export const TOPIC_CONTENT_MAX = 200_000;
export const QUESTION_PROMPT_MAX = 2_000;
export const OPTION_TEXT_MAX = 500;
export const OPTION_FEEDBACK_MAX = 1_000;
export const COURSE_TOPICS_MAX = 200;
export const TOPIC_QUESTIONS_MAX = 200;
export const QUESTION_OPTIONS = { min: 2, max: 10 } as const;
export const COURSE_LIMITS = {
  durationMinutes: { min: 1, max: 10_000 },
  passingScore: { min: 0, max: 100 },
  attemptsAllowed: { min: 1, max: 100 },
  recertifyMonths: { min: 1, max: 120 },
} as const;

/**
 * What a topic holds: rich text, questions, or a video, policy document or SCORM package from the
 * course media library (decision 061), named by `media_id`.
 */
export const TOPIC_KINDS = ['text', 'questions', 'video', 'document', 'scorm'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
/** The topic kinds that play a course_media row of the same kind. */
export const MEDIA_TOPIC_KINDS = ['video', 'document', 'scorm'] as const satisfies readonly TopicKind[];
const isMediaKind = (kind: TopicKind) => (MEDIA_TOPIC_KINDS as readonly string[]).includes(kind);

/** single: one correct option; multiple: one or more; true_false: two options, one correct. */
export const QUESTION_TYPES = ['single', 'multiple', 'true_false'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const COURSE_SORTS = [
  'id',
  'name',
  'duration_minutes',
  'passing_score',
  'recertify_months',
  'created_at',
  'learners',
] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** The `field[name]=` filters of `GET /courses`. */
export const COURSE_FILTERS = ['category_id', 'active', 'recertify', 'kind'] as const;

export const COURSE_MESSAGES = {
  nameRequired: 'Enter a name.',
  renewalWindowTooLong: 'Make the renewal window shorter than the recertification period.',
  nameTooLong: (max: number) => `Use at most ${max} characters.`,
  categoryMissing: 'Choose an existing category.',
  categoryMoveIntoItself: 'A category cannot be moved into itself or one of its sub-categories.',
  categoryHasChildren: 'Move or delete its sub-categories first.',
  categoryNameTaken: 'Another category in the same place has this name.',
  categoryHasCourses: (n: number) =>
    `${n} ${n === 1 ? 'course is' : 'courses are'} in this category. Move ${n === 1 ? 'it' : 'them'} to another category first.`,
  companiesMissing: (ids: number[]) => `No such company: ${ids.join(', ')}.`,
  questionsRequired: 'A questions topic needs at least one question.',
  textHasNoQuestions: 'A text topic has no questions.',
  mediaHasNoQuestions: 'Only a questions topic has questions.',
  mediaRequired: {
    video: 'A video topic needs a video: upload one or choose one from the library.',
    document: 'A document topic needs a policy document (PDF): upload one or choose one from the library.',
    scorm: 'A SCORM topic needs a SCORM package: upload one or choose one from the library.',
  },
  mediaOnlyForMedia: 'Only video, document and SCORM topics play media.',
  mediaMissing: 'Choose media from the library: this one does not exist.',
  mediaWrongKind: (kind: string, wanted: string) => `This media is a ${kind}; a ${wanted} topic plays a ${wanted}.`,
  poolTooLarge: (n: number) => `The pool cannot ask more than the topic's ${n} question${n === 1 ? '' : 's'}.`,
  poolOnlyForQuestions: 'Only a questions topic asks from a pool.',
  optionsCount: `Give between ${QUESTION_OPTIONS.min} and ${QUESTION_OPTIONS.max} options.`,
  trueFalseOptions: 'A true/false question has exactly two options.',
  exactlyOneCorrect: 'Mark exactly one option as correct.',
  atLeastOneCorrect: 'Mark at least one option as correct.',
  unknownTopic: 'This topic is not part of the course.',
  unknownQuestion: 'This question is not part of the topic.',
  hasAssignments: (n: number) =>
    `${n} ${n === 1 ? 'assignment references' : 'assignments reference'} this course. Deactivate it instead.`,
  usedByRules: (n: number) =>
    `${n === 1 ? 'An assignment rule assigns' : `${n} assignment rules assign`} this course. Remove it from ${n === 1 ? 'the rule' : 'them'} first, or deactivate the course.`,
  thumbnailMissing: 'Choose an image from the company’s files, or upload one.',
  thumbnailNotImage: 'A thumbnail must be a PNG, JPEG or WebP image of at most 2 MB.',
  notFound: 'Course not found.',
  categoryNotFound: 'Category not found.',
} as const;

// ——— Categories ———

/** A course category as stored; `parent_id` null: directly under the System Root. */
export const courseCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  created_at: timestamp,
});
export type CourseCategory = z.infer<typeof courseCategory>;

/**
 * A node of the category tree (spec §4 tree nodes). Categories carry `category: true`; with
 * `with_courses=1` courses are leaves with `category: false` and `parent_id` their category (0: none).
 * The root is `{ id: 0, name: 'System Root', category: true }`: only nodes with an id above 0 are selectable.
 */
export interface CategoryTreeNode {
  id: number;
  name: string;
  label: string;
  display_name: string;
  parent_id: number | null;
  category: boolean;
  children: CategoryTreeNode[];
}
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    label: z.string(),
    display_name: z.string(),
    parent_id: z.number().int().nullable(),
    category: z.boolean(),
    children: z.array(categoryTreeNode),
  }),
);

export const listCourseCategoriesQuery = z.object({
  with_courses: queryFlag.optional().describe("1 adds the courses the caller's company may use as leaves"),
});

const categoryName = z
  .string()
  .trim()
  .min(1, COURSE_MESSAGES.nameRequired)
  .max(COURSE_CATEGORY_NAME_MAX, COURSE_MESSAGES.nameTooLong(COURSE_CATEGORY_NAME_MAX));

/** POST /course-categories: under the System Root when parent_id is null, 0 or left out. */
export const courseCategoryCreateBody = z.object({
  name: categoryName,
  parent_id: z.number().int().min(0).max(MAX_ID).nullable().default(null),
});
export type CourseCategoryCreateBody = z.infer<typeof courseCategoryCreateBody>;

/** PUT /course-categories/{id}: rename and/or move (null or 0: to the root); a field left out keeps its value. */
export const courseCategoryUpdateBody = z.object({
  name: categoryName.optional(),
  parent_id: z.number().int().min(0).max(MAX_ID).nullable().optional(),
});
export type CourseCategoryUpdateBody = z.infer<typeof courseCategoryUpdateBody>;

// ——— Courses: the list ———

/** A row of `GET /courses`. */
export const courseListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  passing_score: z.number().int().nullable(),
  /** null: unlimited attempts. */
  attempts_allowed: z.number().int().nullable(),
  recertify_months: z.number().int().nullable(),
  /** Days before a completion expires that its renewal assignment is made (decision 075). */
  renewal_days: z.number().int(),
  /** Days after expiry a learner may still renew before counting as lapsed (decision 075). */
  grace_days: z.number().int(),
  active: z.boolean(),
  /** Every company may use the course; otherwise only the companies listed for it. */
  all_companies: z.boolean(),
  /** How many companies are listed for it (0 when all_companies). */
  companies: z.number().int(),
  topics_count: z.number().int(),
  /**
   * Assignments of the course in the company the request acts on (site admins: the X-Company-ID
   * company), for everyone alike (decision 058).
   */
  learners: z.number().int(),
  thumbnail_path: z.string().nullable(),
  /** The version its last save published (decision 060); 0 before its first save through the API. */
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CourseListItem = z.infer<typeof courseListItem>;

/**
 * GET /courses: page, per_page, sort, order, text (name or description contains) and
 * `field[category_id]=` (that category's subtree), `field[active]=0|1`, `field[recertify]=0|1`
 * (has a recertification period), `field[kind]=text|questions|video|document|scorm` (has a topic of that kind).
 */
export const listCoursesQuery = listQuery(COURSE_SORTS);

// ——— Courses: one course ———

export const questionOption = z.object({
  text: z.string(),
  correct: z.boolean(),
  /** Shown to the learner after answering with this option. */
  feedback: z.string().nullable(),
});
export type QuestionOption = z.infer<typeof questionOption>;

export const courseQuestion = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  options: z.array(questionOption),
  position: z.number().int(),
});
export type CourseQuestion = z.infer<typeof courseQuestion>;

export const courseTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(TOPIC_KINDS),
  /** Text topics: sanitised HTML. */
  content: z.string().nullable(),
  /** Ask this many of the topic's questions (null: all of them). */
  question_pool: z.number().int().nullable(),
  shuffle: z.boolean(),
  position: z.number().int(),
  questions: z.array(courseQuestion),
  /** Video, document and SCORM topics: the course_media row they play; null for other kinds. */
  media_id: z.number().int().nullable(),
  media: topicMedia.nullable(),
});
export type CourseTopic = z.infer<typeof courseTopic>;

/** `GET /courses/{id}`: the course document, its topics in order, each with its questions. */
export const course = courseListItem.extend({
  /** The companies listed for it (empty when all_companies). */
  company_ids: z.array(z.number().int()),
  topics: z.array(courseTopic),
});
export type Course = z.infer<typeof course>;

// ——— Courses: the document written by POST and PUT ———

const trimmedName = (max: number) =>
  z.string().trim().min(1, COURSE_MESSAGES.nameRequired).max(max, COURSE_MESSAGES.nameTooLong(max));

export const questionOptionBody = z.object({
  text: trimmedName(OPTION_TEXT_MAX),
  correct: z.boolean(),
  feedback: z
    .string()
    .trim()
    .max(OPTION_FEEDBACK_MAX)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v)),
});

export const courseQuestionBody = z
  .object({
    /** An existing question of this topic; left out: a new question. */
    id: id.optional(),
    type: z.enum(QUESTION_TYPES).default('single'),
    prompt: trimmedName(QUESTION_PROMPT_MAX),
    options: z.array(questionOptionBody),
  })
  .superRefine((question, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['options'], message });
    const n = question.options.length;
    if (question.type === 'true_false' && n !== 2) issue(COURSE_MESSAGES.trueFalseOptions);
    else if (n < QUESTION_OPTIONS.min || n > QUESTION_OPTIONS.max) issue(COURSE_MESSAGES.optionsCount);
    const correct = question.options.filter((o) => o.correct).length;
    if (question.type === 'multiple' ? correct < 1 : correct !== 1)
      issue(question.type === 'multiple' ? COURSE_MESSAGES.atLeastOneCorrect : COURSE_MESSAGES.exactlyOneCorrect);
  });
export type CourseQuestionBody = z.infer<typeof courseQuestionBody>;

export const courseTopicBody = z
  .object({
    /** An existing topic of this course; left out: a new topic. */
    id: id.optional(),
    name: trimmedName(TOPIC_NAME_MAX),
    kind: z.enum(TOPIC_KINDS).default('text'),
    /** Text topics: rich text HTML; the server keeps basic formatting and http(s) links only. */
    content: z.string().max(TOPIC_CONTENT_MAX).nullable().default(null),
    question_pool: z.number().int().min(1).max(TOPIC_QUESTIONS_MAX).nullable().default(null),
    shuffle: z.boolean().default(false),
    questions: z.array(courseQuestionBody).max(TOPIC_QUESTIONS_MAX).default([]),
    /** Video, document and SCORM topics: a course_media row of the same kind (`POST /course-media`). */
    media_id: id.nullable().default(null),
  })
  .superRefine((topic, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (topic.kind === 'questions' && topic.questions.length === 0)
      issue('questions', COURSE_MESSAGES.questionsRequired);
    if (topic.kind === 'text' && topic.questions.length > 0) issue('questions', COURSE_MESSAGES.textHasNoQuestions);
    if (isMediaKind(topic.kind)) {
      if (topic.questions.length > 0) issue('questions', COURSE_MESSAGES.mediaHasNoQuestions);
      if (topic.media_id === null)
        issue('media_id', COURSE_MESSAGES.mediaRequired[topic.kind as (typeof MEDIA_TOPIC_KINDS)[number]]);
    } else if (topic.media_id !== null) issue('media_id', COURSE_MESSAGES.mediaOnlyForMedia);
    if (topic.question_pool !== null) {
      if (topic.kind !== 'questions') issue('question_pool', COURSE_MESSAGES.poolOnlyForQuestions);
      else if (topic.question_pool > topic.questions.length)
        issue('question_pool', COURSE_MESSAGES.poolTooLarge(topic.questions.length));
    }
  });
export type CourseTopicBody = z.infer<typeof courseTopicBody>;

/**
 * POST /courses and PUT /courses/{id}: the whole course document. Topics and questions are kept in the
 * order sent; an existing one is named by its `id`, one left out is removed (versions already
 * published keep it: decision 060).
 */
export const courseBody = z
  .object({
    name: trimmedName(COURSE_NAME_MAX),
    category_id: id.nullable().default(null),
    description: z.string().trim().max(COURSE_DESCRIPTION_MAX).nullable().default(null),
    duration_minutes: z.number().int().min(COURSE_LIMITS.durationMinutes.min).max(COURSE_LIMITS.durationMinutes.max),
    passing_score: z.number().int().min(COURSE_LIMITS.passingScore.min).max(COURSE_LIMITS.passingScore.max),
    attempts_allowed: z
      .number()
      .int()
      .min(COURSE_LIMITS.attemptsAllowed.min)
      .max(COURSE_LIMITS.attemptsAllowed.max)
      .nullable()
      .default(null),
    recertify_months: z
      .number()
      .int()
      .min(COURSE_LIMITS.recertifyMonths.min)
      .max(COURSE_LIMITS.recertifyMonths.max)
      .nullable()
      .default(null),
    renewal_days: z
      .number()
      .int()
      .min(RECERTIFICATION_LIMITS.renewalDays.min)
      .max(RECERTIFICATION_LIMITS.renewalDays.max)
      .default(RECERTIFICATION_LIMITS.renewalDays.default),
    grace_days: z
      .number()
      .int()
      .min(RECERTIFICATION_LIMITS.graceDays.min)
      .max(RECERTIFICATION_LIMITS.graceDays.max)
      .default(RECERTIFICATION_LIMITS.graceDays.default),
    active: z.boolean().default(true),
    all_companies: z.boolean().default(false),
    /** The companies that may use it; ignored (stored empty) when all_companies. */
    company_ids: z.array(id).max(10_000).default([]),
    /**
     * The `url` of an image asset of the company in scope (`COURSE_THUMBNAIL_RULE`); null removes the
     * thumbnail; left out keeps the stored one.
     */
    thumbnail_path: z.string().trim().min(1).max(512).nullable().optional(),
    topics: z.array(courseTopicBody).max(COURSE_TOPICS_MAX).default([]),
  })
  .superRefine((body, issues) => {
    // A window as long as the period would renew a completion the day it is made.
    if (body.recertify_months !== null && body.renewal_days >= body.recertify_months * 28)
      issues.addIssue({ code: 'custom', path: ['renewal_days'], message: COURSE_MESSAGES.renewalWindowTooLong });
  });
export type CourseBody = z.infer<typeof courseBody>;
/** What the console sends (defaults left out). */
export type CourseBodyInput = z.input<typeof courseBody>;

export const courseDeleted = z.object({ id: z.number().int() });
