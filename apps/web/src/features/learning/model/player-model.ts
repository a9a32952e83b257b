import type { PlayerProgress, PlayerState, PlayerTopic } from '@heed/contract';

/** Whether the learner is in an attempt now. */
export const attemptInProgress = (state: PlayerState): boolean => state.attempt?.status === 'in_progress';

/** The topic to open: the first one not yet completed (that is the one available), else the last. */
export function firstOpenTopic(topics: PlayerTopic[]): PlayerTopic | undefined {
  return topics.find((topic) => topic.status !== 'completed') ?? topics.at(-1);
}

/** The topic after `topicId` in the course's order, if any. */
export function topicAfter(topics: PlayerTopic[], topicId: number): PlayerTopic | undefined {
  const index = topics.findIndex((topic) => topic.id === topicId);
  return index < 0 ? undefined : topics[index + 1];
}

export const completedCount = (topics: PlayerTopic[]) => topics.filter((topic) => topic.status === 'completed').length;

/**
 * The player's state after a step: the step's topic, attempt and assignment as the server answered,
 * and the topic after a newly completed one unlocked (the next GET says the same).
 */
export function withProgress(state: PlayerState, progress: PlayerProgress): PlayerState {
  const topics = state.course.topics.map((topic) =>
    topic.id === progress.topic.id ? { ...topic, status: progress.topic.status, score: progress.topic.score } : topic,
  );
  if (progress.topic.status === 'completed') {
    const next = topics.findIndex((topic) => topic.id === progress.topic.id) + 1;
    if (next > 0 && topics[next]?.status === 'locked') topics[next] = { ...topics[next]!, status: 'available' };
  }
  return { ...state, attempt: progress.attempt, assignment: progress.assignment, course: { ...state.course, topics } };
}

/** "2 attempts left", "1 attempt left", null when attempts are unlimited. */
export function attemptsLeft(assignment: PlayerState['assignment']): number | null {
  if (assignment.attempts_allowed === null) return null;
  return Math.max(0, assignment.attempts_allowed - assignment.attempts_used);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
