import {
  COURSE_DESCRIPTION_MAX,
  COURSE_LIMITS,
  COURSE_MESSAGES,
  COURSE_NAME_MAX,
  COURSE_TOPICS_MAX,
  RECERTIFICATION_LIMITS,
  type Course,
  type CourseBodyInput,
  type CourseTopic,
  OPTION_FEEDBACK_MAX,
  OPTION_TEXT_MAX,
  QUESTION_OPTIONS,
  QUESTION_PROMPT_MAX,
  type QuestionType,
  TOPIC_NAME_MAX,
  TOPIC_QUESTIONS_MAX,
  type TopicKind,
  type TopicMedia,
} from '@heed/contract';
import { integerError } from '../../../components/validation/index.ts';
import { isMediaKind } from './topic-kinds.ts';

// The course editor's document: what the form holds (numbers as typed, a stable `uid` for every topic,
// question and option so that reordering and error messages follow them), and its way to the API.

export interface OptionDraft {
  uid: string;
  text: string;
  correct: boolean;
  feedback: string;
}

export interface QuestionDraft {
  uid: string;
  /** The stored question's id; none for a new one. */
  id?: number;
  type: QuestionType;
  prompt: string;
  options: OptionDraft[];
}

export interface TopicDraft {
  uid: string;
  id?: number;
  name: string;
  kind: TopicKind;
  /** Text topics: the rich text (HTML; the server sanitises it). */
  content: string;
  shuffle: boolean;
  /** "Ask N of these": '' asks every question. */
  question_pool: string;
  questions: QuestionDraft[];
  /** Video, document and SCORM topics: the media item they play. */
  media: TopicMedia | null;
}

export interface CourseDraft {
  name: string;
  description: string;
  category_id: number | null;
  duration_minutes: string;
  passing_score: string;
  /** '' = unlimited. */
  attempts_allowed: string;
  /** '' = never recertified. */
  recertify_months: string;
  /** Days before expiry a renewal is assigned (only with a recertification period). */
  renewal_days: string;
  /** Days after expiry before a learner counts as lapsed. */
  grace_days: string;
  active: boolean;
  all_companies: boolean;
  company_ids: number[];
  /** The thumbnail: the `url` of an image asset, or null for none. */
  thumbnail_path: string | null;
  topics: TopicDraft[];
}

let counter = 0;
/** A key for a new topic, question or option: unique in this page. */
export const newUid = (prefix: string) => `${prefix}${++counter}`;

export const newOption = (text = '', correct = false): OptionDraft => ({
  uid: newUid('o'),
  text,
  correct,
  feedback: '',
});

export function newQuestion(type: QuestionType = 'single'): QuestionDraft {
  const options =
    type === 'true_false' ? [newOption('True', true), newOption('False')] : [newOption('', true), newOption()];
  return { uid: newUid('q'), type, prompt: '', options };
}

export function newTopic(kind: TopicKind): TopicDraft {
  return {
    uid: newUid('t'),
    name: '',
    kind,
    content: '',
    shuffle: false,
    question_pool: '',
    questions: kind === 'questions' ? [newQuestion()] : [],
    media: null,
  };
}

export const emptyDraft = (): CourseDraft => ({
  name: '',
  description: '',
  category_id: null,
  duration_minutes: '',
  passing_score: '80',
  attempts_allowed: '',
  recertify_months: '',
  renewal_days: String(RECERTIFICATION_LIMITS.renewalDays.default),
  grace_days: String(RECERTIFICATION_LIMITS.graceDays.default),
  active: true,
  all_companies: true,
  company_ids: [],
  thumbnail_path: null,
  topics: [],
});

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function topicDraft(topic: CourseTopic, uid = newUid('t'), questionUids: string[] = []): TopicDraft {
  return {
    uid,
    id: topic.id,
    name: topic.name,
    kind: topic.kind,
    content: topic.content ?? '',
    shuffle: topic.shuffle,
    question_pool: text(topic.question_pool),
    questions: topic.questions.map((question, index) => ({
      uid: questionUids[index] ?? newUid('q'),
      id: question.id,
      type: question.type,
      prompt: question.prompt,
      options: question.options.map((option) => ({
        uid: newUid('o'),
        text: option.text,
        correct: option.correct,
        feedback: option.feedback ?? '',
      })),
    })),
    media: topic.media ?? null,
  };
}

/**
 * The form's document for a stored course. `previous` keeps the keys of the form it replaces (after a
 * save the server answers in the same order), so open topics stay open.
 */
export function draftOf(course: Course, previous?: CourseDraft): CourseDraft {
  return {
    name: course.name,
    description: course.description ?? '',
    category_id: course.category?.id ?? null,
    duration_minutes: text(course.duration_minutes),
    passing_score: text(course.passing_score),
    attempts_allowed: text(course.attempts_allowed),
    recertify_months: text(course.recertify_months),
    renewal_days: text(course.renewal_days),
    grace_days: text(course.grace_days),
    active: course.active,
    all_companies: course.all_companies,
    company_ids: [...course.company_ids],
    thumbnail_path: course.thumbnail_path,
    topics: course.topics.map((topic, index) => {
      const before = previous?.topics[index];
      return topicDraft(
        topic,
        before?.uid,
        before?.questions.map((q) => q.uid),
      );
    }),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** The document as POST and PUT /courses take it (numbers the checks have already passed). */
export function bodyOf(draft: CourseDraft): CourseBodyInput {
  return {
    name: draft.name.trim(),
    description: orNull(draft.description),
    category_id: draft.category_id,
    duration_minutes: Number(draft.duration_minutes.trim()),
    passing_score: Number(draft.passing_score.trim()),
    attempts_allowed: numberOrNull(draft.attempts_allowed),
    recertify_months: numberOrNull(draft.recertify_months),
    renewal_days: Number(draft.renewal_days.trim()),
    grace_days: Number(draft.grace_days.trim()),
    active: draft.active,
    all_companies: draft.all_companies,
    company_ids: draft.all_companies ? [] : draft.company_ids,
    thumbnail_path: draft.thumbnail_path,
    topics: draft.topics.map((topic) => ({
      ...(topic.id === undefined ? {} : { id: topic.id }),
      name: topic.name.trim(),
      kind: topic.kind,
      content: topic.kind === 'text' || topic.kind === 'questions' ? orNull(topic.content) : null,
      question_pool: topic.kind === 'questions' ? numberOrNull(topic.question_pool) : null,
      shuffle: topic.kind === 'questions' && topic.shuffle,
      media_id: isMediaKind(topic.kind) ? (topic.media?.id ?? null) : null,
      questions:
        topic.kind === 'questions'
          ? topic.questions.map((question) => ({
              ...(question.id === undefined ? {} : { id: question.id }),
              type: question.type,
              prompt: question.prompt.trim(),
              options: question.options.map((option) => ({
                text: option.text.trim(),
                correct: option.correct,
                feedback: orNull(option.feedback),
              })),
            }))
          : [],
    })),
  };
}

/** Whether two documents say the same (what "unsaved changes" compares). */
export const sameDraft = (a: CourseDraft, b: CourseDraft) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

// ——— Checks ———

/**
 * Where a message shows: a course field by its name (`name`, `duration_minutes` …), or a part of a
 * topic by the keys of the form (`topic:t3:name`, `question:q7:options`, `option:o12:text`).
 */
export type FieldKey = string;
export const topicKey = (topic: Pick<TopicDraft, 'uid'>, field: string) => `topic:${topic.uid}:${field}`;
export const questionKey = (question: Pick<QuestionDraft, 'uid'>, field: string) => `question:${question.uid}:${field}`;
export const optionKey = (option: Pick<OptionDraft, 'uid'>, field: string) => `option:${option.uid}:${field}`;

const tooLong = COURSE_MESSAGES.nameTooLong;

function requiredText(value: string, max: number, missing: string = COURSE_MESSAGES.nameRequired): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return missing;
  return trimmed.length > max ? tooLong(max) : null;
}

function requiredInteger(value: string, bounds: { min: number; max: number }): string | null {
  if (value.trim() === '') return 'Enter a number.';
  return integerError(value, bounds);
}

const optionalInteger = (value: string, bounds: { min: number; max: number }) =>
  value.trim() === '' ? null : integerError(value, bounds);

/** The rules of one question's options (the contract's, in its words). */
export function optionsError(question: Pick<QuestionDraft, 'type' | 'options'>): string | null {
  const n = question.options.length;
  if (question.type === 'true_false' && n !== 2) return COURSE_MESSAGES.trueFalseOptions;
  if (n < QUESTION_OPTIONS.min || n > QUESTION_OPTIONS.max) return COURSE_MESSAGES.optionsCount;
  const correct = question.options.filter((option) => option.correct).length;
  if (question.type === 'multiple') return correct < 1 ? COURSE_MESSAGES.atLeastOneCorrect : null;
  return correct !== 1 ? COURSE_MESSAGES.exactlyOneCorrect : null;
}

function checkTopic(topic: TopicDraft, errors: Record<FieldKey, string>) {
  const put = (key: string, message: string | null) => {
    if (message) errors[key] = message;
  };
  put(topicKey(topic, 'name'), requiredText(topic.name, TOPIC_NAME_MAX));
  if (isMediaKind(topic.kind) && topic.media === null)
    put(topicKey(topic, 'media_id'), COURSE_MESSAGES.mediaRequired[topic.kind]);
  if (topic.kind !== 'questions') return;
  if (topic.questions.length === 0) put(topicKey(topic, 'questions'), COURSE_MESSAGES.questionsRequired);
  if (topic.questions.length > TOPIC_QUESTIONS_MAX)
    put(topicKey(topic, 'questions'), `A topic holds at most ${TOPIC_QUESTIONS_MAX} questions.`);
  if (topic.question_pool.trim() !== '') {
    const pool = optionalInteger(topic.question_pool, { min: 1, max: TOPIC_QUESTIONS_MAX });
    put(
      topicKey(topic, 'question_pool'),
      pool ??
        (Number(topic.question_pool) > topic.questions.length
          ? COURSE_MESSAGES.poolTooLarge(topic.questions.length)
          : null),
    );
  }
  for (const question of topic.questions) {
    put(questionKey(question, 'prompt'), requiredText(question.prompt, QUESTION_PROMPT_MAX, 'Enter the question.'));
    put(questionKey(question, 'options'), optionsError(question));
    for (const option of question.options) {
      put(optionKey(option, 'text'), requiredText(option.text, OPTION_TEXT_MAX, 'Enter the answer.'));
      if (option.feedback.trim().length > OPTION_FEEDBACK_MAX)
        put(optionKey(option, 'feedback'), tooLong(OPTION_FEEDBACK_MAX));
    }
  }
}

/**
 * The checks the console makes before asking the server: the contract's rules, in its words.
 * Whatever else the server refuses comes back as a 422 and lands on the same keys ({@link serverErrorKeys}).
 */
export function validateDraft(draft: CourseDraft): Record<FieldKey, string> {
  const errors: Record<FieldKey, string> = {};
  const put = (key: string, message: string | null) => {
    if (message) errors[key] = message;
  };
  put('name', requiredText(draft.name, COURSE_NAME_MAX));
  if (draft.description.trim().length > COURSE_DESCRIPTION_MAX) put('description', tooLong(COURSE_DESCRIPTION_MAX));
  put('duration_minutes', requiredInteger(draft.duration_minutes, COURSE_LIMITS.durationMinutes));
  put('passing_score', requiredInteger(draft.passing_score, COURSE_LIMITS.passingScore));
  put('attempts_allowed', optionalInteger(draft.attempts_allowed, COURSE_LIMITS.attemptsAllowed));
  put('recertify_months', optionalInteger(draft.recertify_months, COURSE_LIMITS.recertifyMonths));
  put('renewal_days', requiredInteger(draft.renewal_days, RECERTIFICATION_LIMITS.renewalDays));
  put('grace_days', requiredInteger(draft.grace_days, RECERTIFICATION_LIMITS.graceDays));
  const months = Number(draft.recertify_months.trim());
  if (
    !errors.renewal_days &&
    !errors.recertify_months &&
    draft.recertify_months.trim() !== '' &&
    Number(draft.renewal_days) >= months * 28
  )
    put('renewal_days', COURSE_MESSAGES.renewalWindowTooLong);
  if (draft.topics.length > COURSE_TOPICS_MAX) put('topics', `A course holds at most ${COURSE_TOPICS_MAX} topics.`);
  for (const topic of draft.topics) checkTopic(topic, errors);
  return errors;
}

/** The keys of a topic and of everything in it (to say that a folded topic needs attention). */
export function topicKeys(topic: TopicDraft): string[] {
  return [
    ...['name', 'content', 'questions', 'question_pool', 'media_id', 'id', 'shuffle', 'kind'].map((f) =>
      topicKey(topic, f),
    ),
    ...topic.questions.flatMap((question) => [
      questionKey(question, 'prompt'),
      questionKey(question, 'options'),
      questionKey(question, 'type'),
      questionKey(question, 'id'),
      ...question.options.flatMap((option) => [optionKey(option, 'text'), optionKey(option, 'feedback')]),
    ]),
  ];
}

/**
 * A 422's details on the form's keys: `topics.2.questions.0.options.1.text` names, in the document
 * that was sent, the option now keyed `option:o12:text`, wherever it has moved since. What names no
 * field of the form (a refusal about the topics as a whole, say) comes back as `other`.
 */
export function serverErrorKeys(
  details: Record<string, string[]>,
  sent: CourseDraft,
): { fields: Record<FieldKey, string>; other: string[] } {
  const fields: Record<FieldKey, string> = {};
  const other: string[] = [];
  const COURSE_FIELDS = new Set([
    'name',
    'description',
    'category_id',
    'duration_minutes',
    'passing_score',
    'attempts_allowed',
    'recertify_months',
    'renewal_days',
    'grace_days',
    'company_ids',
    'thumbnail_path',
  ]);
  for (const [path, messages] of Object.entries(details)) {
    const message = messages.join(' ');
    const parts = path.split('.');
    let key: string | null = null;
    if (parts.length === 1 && COURSE_FIELDS.has(path)) key = path;
    else if (parts[0] === 'company_ids') key = 'company_ids';
    else if (parts[0] === 'topics' && parts.length >= 3) {
      const topic = sent.topics[Number(parts[1])];
      if (topic && parts[2] === 'questions' && parts.length >= 5) {
        const question = topic.questions[Number(parts[3])];
        if (question && parts[4] === 'options' && parts.length >= 7) {
          const option = question.options[Number(parts[5])];
          if (option) key = optionKey(option, parts[6] ?? 'text');
        } else if (question) key = questionKey(question, parts[4] ?? 'prompt');
      } else if (topic) key = topicKey(topic, parts[2] ?? 'name');
    }
    if (key) fields[key] = fields[key] ? `${fields[key]} ${message}` : message;
    else other.push(message);
  }
  return { fields, other };
}
