import type {
  AnswerResult,
  PlayerAssignment,
  PlayerAttempt,
  PlayerQuestion,
  PlayerState,
  PlayerTopic,
} from '@heed/contract';

export const PLAYER = (id: number) => `/api/v3/my/assignments/${id}/player`;
export const ATTEMPTS = (id: number) => `/api/v3/my/assignments/${id}/attempts`;
export const COMPLETE = (attemptId: number, topicId: number) =>
  `/api/v3/my/attempts/${attemptId}/topics/${topicId}/complete`;
export const ANSWER = (attemptId: number, questionId: number) =>
  `/api/v3/my/attempts/${attemptId}/questions/${questionId}/answer`;

export function playerAssignment(extra: Partial<PlayerAssignment> = {}): PlayerAssignment {
  return {
    id: 42,
    status: 'in_progress',
    due_at: null,
    completed_at: null,
    expires_at: null,
    progress: 0,
    score: null,
    passing_score: 80,
    attempts_used: 1,
    attempts_allowed: 3,
    certificate_available: false,
    can_start: true,
    ...extra,
  };
}

export function playerAttempt(extra: Partial<PlayerAttempt> = {}): PlayerAttempt {
  return {
    id: 7,
    attempt: 1,
    status: 'in_progress',
    score: null,
    version: 1,
    started_at: '2026-03-10T09:00:00.000Z',
    finished_at: null,
    ...extra,
  };
}

export function question(id: number, extra: Partial<PlayerQuestion> = {}): PlayerQuestion {
  return {
    id,
    type: 'single',
    prompt: `Question ${id}?`,
    options: [
      { index: 0, text: 'Report it to IT' },
      { index: 1, text: 'Click the link' },
      { index: 2, text: 'Forward it to a colleague' },
    ],
    answer: null,
    ...extra,
  };
}

export function topic(id: number, extra: Partial<PlayerTopic> = {}): PlayerTopic {
  return {
    id,
    name: `Topic ${id}`,
    kind: 'text',
    content: `<p>Text of topic ${id}.</p>`,
    media: null,
    content_url: null,
    status: 'locked',
    questions: [],
    scorm: null,
    score: null,
    ...extra,
  };
}

/** Three topics: a text (done), a questions topic (open) and a text (locked), in an attempt. */
export function playerState(extra: Partial<PlayerState> = {}): PlayerState {
  return {
    assignment: playerAssignment(),
    attempt: playerAttempt(),
    course: {
      id: 5,
      name: 'Phishing Awareness',
      description: 'Spot and report phishing.',
      version: 1,
      topics: [
        topic(1, { name: 'Why phishing works', status: 'completed' }),
        topic(2, {
          name: 'Check yourself',
          kind: 'questions',
          content: null,
          status: 'available',
          questions: [question(11), question(12, { type: 'multiple', prompt: 'Which are warning signs?' })],
        }),
        topic(3, { name: 'What to do next', status: 'locked' }),
      ],
    },
    ...extra,
  };
}

export const wrongAnswer = (choices: number[], correct: number[]): AnswerResult => ({
  choices,
  correct: false,
  correct_choices: correct,
  feedback: [{ index: choices[0]!, text: 'Links in unexpected mail may lead to fake sign-in pages.' }],
});
