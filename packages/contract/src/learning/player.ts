import { z } from 'zod';
import { MY_ASSIGNMENT_STATUSES } from './my-statuses.ts';
import { ATTEMPT_STATUSES, PLAYER_TOPIC_KINDS, PLAYER_TOPIC_STATUSES } from './player-constants.ts';

// The course player (issue 15, item 6): GET /my/assignments/{id}/player, the attempts, and the steps
// that write course activity and answers exactly once. Only ever the session user's assignments.

const MAX_ID = 2_147_483_647;
const idPath = z.coerce.number().int().positive().max(MAX_ID);

/** `/my/assignments/{id}/…` */
export const playerAssignmentParams = z.object({ id: idPath });
/** `/my/attempts/{attemptId}/topics/{topicId}/…` */
export const attemptTopicParams = z.object({ attemptId: idPath, topicId: idPath });
/** `/my/attempts/{attemptId}/questions/{questionId}/answer` */
export const attemptQuestionParams = z.object({ attemptId: idPath, questionId: idPath });

/** The assignment as the player shows it. */
export const playerAssignment = z.object({
  id: z.number().int(),
  /** Derived now, as on My Courses. */
  status: z.enum(MY_ASSIGNMENT_STATUSES),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** 0–100: completed topics of the current attempt over its topics (100 once completed). */
  progress: z.number().int().min(0).max(100),
  score: z.number().int().nullable(),
  passing_score: z.number().int().nullable(),
  /** Attempts started since the last completion (all of them before the first). */
  attempts_used: z.number().int(),
  /** null: unlimited. */
  attempts_allowed: z.number().int().nullable(),
  /** True once completed: GET /my/assignments/{id}/certificate gives the PDF. */
  certificate_available: z.boolean(),
  /** POST /my/assignments/{id}/attempts would start (or resume) an attempt now. */
  can_start: z.boolean(),
});
export type PlayerAssignment = z.infer<typeof playerAssignment>;

/** One attempt at the course; `version` is the course version it plays (kept to its end). */
export const playerAttempt = z.object({
  id: z.number().int(),
  /** 1, 2, … per assignment. */
  attempt: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  score: z.number().int().nullable(),
  version: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PlayerAttempt = z.infer<typeof playerAttempt>;

export const playerOption = z.object({ index: z.number().int(), text: z.string() });
export type PlayerOption = z.infer<typeof playerOption>;

/** What answering told the learner: only ever shown once the question is answered. */
export const answerResult = z.object({
  /** The chosen option indexes, ascending. */
  choices: z.array(z.number().int()),
  correct: z.boolean(),
  /** The correct option indexes, ascending. */
  correct_choices: z.array(z.number().int()),
  /** The feedback of each chosen option that has one. */
  feedback: z.array(playerOption),
});
export type AnswerResult = z.infer<typeof answerResult>;

export const playerQuestion = z.object({
  id: z.number().int(),
  type: z.enum(['single', 'multiple', 'true_false']),
  prompt: z.string(),
  /** In the course's order; no correct flags and no feedback here. */
  options: z.array(playerOption),
  /** null until answered in this attempt. */
  answer: answerResult.nullable(),
});
export type PlayerQuestion = z.infer<typeof playerQuestion>;

/** A SCORM topic's runtime data of this attempt (what the last commit stored). */
export const playerScorm = z.object({
  cmi: z.record(z.string(), z.unknown()),
  /** The sequence of the last stored commit (0: none yet). */
  sequence: z.number().int(),
});
export type PlayerScorm = z.infer<typeof playerScorm>;

/** The media a video, document or SCORM topic plays (null on other topics, or when missing). */
export const playerMedia = z.object({
  id: z.number().int(),
  kind: z.string(),
  original_name: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().nullable(),
  scorm_version: z.string().nullable(),
  title: z.string().nullable(),
});
export type PlayerMedia = z.infer<typeof playerMedia>;

export const playerTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PLAYER_TOPIC_KINDS),
  /** Text (and a questions topic's intro): sanitised HTML. */
  content: z.string().nullable(),
  media: playerMedia.nullable(),
  /** Where the player loads the topic's file or SCORM launch page (null when none). */
  content_url: z.string().nullable(),
  status: z.enum(PLAYER_TOPIC_STATUSES),
  /** Questions topics: the attempt's drawn questions in the attempt's order (none before the first attempt: they are drawn when it starts). */
  questions: z.array(playerQuestion),
  /** SCORM topics: the stored runtime data; null on other kinds. */
  scorm: playerScorm.nullable(),
  /** The topic's score in this attempt once complete (questions: % correct; SCORM: score.raw); else null. */
  score: z.number().int().nullable(),
});
export type PlayerTopic = z.infer<typeof playerTopic>;

export const playerCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The course version shown: the attempt's, or the current one when no attempt is in progress. */
  version: z.number().int(),
  topics: z.array(playerTopic),
});
export type PlayerCourse = z.infer<typeof playerCourse>;

/** GET /my/assignments/{id}/player */
export const playerState = z.object({
  assignment: playerAssignment,
  /**
   * The latest attempt: in progress (play on), or finished (passed or failed: the topics show its state
   * for review, answers with their feedback; `assignment.can_start` says whether a new one may start).
   * null before the first attempt: the course is then the current version, every topic locked but the first.
   */
  attempt: playerAttempt.nullable(),
  course: playerCourse,
});
export type PlayerState = z.infer<typeof playerState>;

/** What every step answers besides its own result: where the attempt and the assignment stand now. */
export const playerProgress = z.object({
  topic: z.object({ id: z.number().int(), status: z.enum(PLAYER_TOPIC_STATUSES), score: z.number().int().nullable() }),
  attempt: playerAttempt,
  assignment: playerAssignment,
});
export type PlayerProgress = z.infer<typeof playerProgress>;

/** POST /my/assignments/{id}/attempts: 201 started, 200 the attempt already in progress. */
export const attemptStarted = z.object({ attempt: playerAttempt, assignment: playerAssignment });
export type AttemptStarted = z.infer<typeof attemptStarted>;

const seconds = z.number().finite().min(0).max(1_000_000);

/**
 * POST …/topics/{topicId}/complete. Text: `{}`; video: watched_seconds and duration_seconds (watched
 * to the end, ≥ 95 %); document: `acknowledged: true`. Fields of another kind are ignored.
 */
export const completeTopicBody = z.object({
  watched_seconds: seconds.optional(),
  duration_seconds: seconds.optional(),
  acknowledged: z.literal(true).optional(),
});
export type CompleteTopicBody = z.infer<typeof completeTopicBody>;

/** POST …/questions/{questionId}/answer: the chosen option indexes (any order, no repeats). */
export const answerQuestionBody = z.object({
  choices: z
    .array(z.number().int().min(0).max(99))
    .min(1, 'Choose an answer.')
    .max(10)
    .refine((c) => new Set(c).size === c.length, 'Choose each option at most once.'),
});
export type AnswerQuestionBody = z.infer<typeof answerQuestionBody>;

/** The answer's result (stored: a replay returns it unchanged) and where the attempt stands. */
export const answerQuestionResult = answerResult.extend(playerProgress.shape);
export type AnswerQuestionResult = z.infer<typeof answerQuestionResult>;

/** SCORM runtime data at most this large (serialised JSON). */
export const SCORM_CMI_MAX_BYTES = 256_000;

/**
 * PUT …/topics/{topicId}/scorm: the runtime's CMI data model (SCORM 1.2 `core.lesson_status`,
 * `core.score.raw`…, or 2004 `completion_status`, `success_status`, `score.scaled`…) as a JSON
 * object, and a sequence number the runtime raises with every commit: only a higher one replaces.
 */
export const scormCommitBody = z.object({
  cmi: z.record(z.string(), z.unknown()),
  sequence: z.number().int().min(1).max(MAX_ID),
});
export type ScormCommitBody = z.infer<typeof scormCommitBody>;

export const scormCommitResult = playerProgress.extend({
  /** The sequence now stored (the request's when it was stored, else the higher one already there). */
  sequence: z.number().int(),
  /** False when a commit with this or a higher sequence was already stored: nothing written. */
  stored: z.boolean(),
});
export type ScormCommitResult = z.infer<typeof scormCommitResult>;
