import type { Course, PlayerTopicStatus } from '@heed/contract';

// An attempt's per-topic state, kept as JSON in course_attempts.state and written in the same
// transaction as the rows it mirrors (question_answers, course_activity). No SQL here.

export type VersionDocument = Course;
export type DocumentTopic = Course['topics'][number];
export type DocumentQuestion = DocumentTopic['questions'][number];

export interface StoredAnswer {
  /** The chosen option indexes, ascending. */
  choices: number[];
  correct: 0 | 1;
}

export interface TopicState {
  /** 1 once the topic is complete. */
  done?: 1;
  /** Questions topics: % correct; SCORM topics: the reported score (null: none). */
  score?: number | null;
  /** Questions topics: the drawn question ids, in the attempt's order. */
  questions?: number[];
  /** Questions topics: each answered question's stored answer, by question id. */
  answers?: Record<string, StoredAnswer>;
  /** SCORM topics: the last stored commit. */
  scorm?: { cmi: Record<string, unknown>; sequence: number };
  /** SCORM topics: the package reported a failure. */
  failed?: 1;
}

export interface AttemptState {
  /** The number of the last passed attempt when this one started (0: none): attempts since then count. */
  base: number;
  topics: Record<string, TopicState>;
}

export function parseState(text: string): AttemptState {
  const parsed = JSON.parse(text) as Partial<AttemptState>;
  return { base: parsed.base ?? 0, topics: parsed.topics ?? {} };
}

export const topicState = (state: AttemptState, topicId: number): TopicState => {
  const key = String(topicId);
  state.topics[key] ??= {};
  return state.topics[key];
};

const shuffled = <T>(items: T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * The questions an attempt asks of each questions topic: the pool's size of them (all when no pool),
 * drawn at random when the pool is smaller; shuffled when the topic says so, else in the course's order.
 */
export function drawQuestions(topic: DocumentTopic, random: () => number = Math.random): number[] {
  const ids = topic.questions.map((q) => q.id);
  const pool = topic.question_pool ?? ids.length;
  if (pool >= ids.length) return topic.shuffle ? shuffled(ids, random) : ids;
  const chosen = new Set(shuffled(ids, random).slice(0, pool));
  const inOrder = ids.filter((id) => chosen.has(id));
  return topic.shuffle ? shuffled(inOrder, random) : inOrder;
}

/** A new attempt's state: the questions drawn, nothing done. */
export function newAttemptState(document: VersionDocument, base: number, random?: () => number): AttemptState {
  const state: AttemptState = { base, topics: {} };
  for (const topic of document.topics)
    if (topic.kind === 'questions') state.topics[String(topic.id)] = { questions: drawQuestions(topic, random) };
  return state;
}

/** Each topic's status: completed ones, then the first open one available, the rest locked. */
export function topicStatuses(document: VersionDocument, state: AttemptState | null): Map<number, PlayerTopicStatus> {
  const statuses = new Map<number, PlayerTopicStatus>();
  let open = true;
  for (const topic of document.topics) {
    if (state?.topics[String(topic.id)]?.done === 1) statuses.set(topic.id, 'completed');
    else {
      statuses.set(topic.id, open ? 'available' : 'locked');
      open = false;
    }
  }
  return statuses;
}

export const allDone = (document: VersionDocument, state: AttemptState) =>
  document.topics.every((t) => state.topics[String(t.id)]?.done === 1);

/** Completed topics over topics, 0–100 (100 for a course without topics). */
export function progressOf(document: VersionDocument, state: AttemptState): number {
  const total = document.topics.length;
  if (total === 0) return 100;
  const done = document.topics.filter((t) => state.topics[String(t.id)]?.done === 1).length;
  return Math.round((done / total) * 100);
}

/** The topic holding a question, and the question, in the version's document. */
export function findQuestion(
  document: VersionDocument,
  questionId: number,
): { topic: DocumentTopic; question: DocumentQuestion } | undefined {
  for (const topic of document.topics)
    for (const question of topic.questions) if (question.id === questionId) return { topic, question };
  return undefined;
}
