import {
  type AnswerQuestionResult,
  type AttemptStarted,
  CSRF_COOKIE,
  CSRF_HEADER,
  type CompleteTopicBody,
  type PlayerProgress,
  type ScormCommitResult,
  endpointRoutes,
  endpointUrl,
} from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The player's steps. Each is idempotent on the server (a replay changes nothing); the player also
// never sends one twice (usePlayerStep).

/** POST /my/assignments/{id}/attempts: starts an attempt, or returns the one in progress. */
export const startAttempt = (assignmentId: number): Promise<AttemptStarted> =>
  apiCall('startMyAttempt', { params: { id: assignmentId } }).then((response) => response.data);

/** POST /my/attempts/{attemptId}/topics/{topicId}/complete: a text, video or document topic. */
export const completeTopic = (attemptId: number, topicId: number, body: CompleteTopicBody): Promise<PlayerProgress> =>
  apiCall('completeMyTopic', { params: { attemptId, topicId }, body }).then((response) => response.data);

/** POST /my/attempts/{attemptId}/questions/{questionId}/answer */
export const answerQuestion = (
  attemptId: number,
  questionId: number,
  choices: number[],
): Promise<AnswerQuestionResult> =>
  apiCall('answerMyQuestion', { params: { attemptId, questionId }, body: { choices } }).then(
    (response) => response.data,
  );

/** PUT /my/attempts/{attemptId}/topics/{topicId}/scorm: the SCORM runtime's data, kept when its sequence is higher. */
export const commitScorm = (
  attemptId: number,
  topicId: number,
  cmi: Record<string, unknown>,
  sequence: number,
): Promise<ScormCommitResult> =>
  apiCall('commitMyScorm', { params: { attemptId, topicId }, body: { cmi, sequence } }).then(
    (response) => response.data,
  );

/**
 * The same commit sent so that it outlives the page (`keepalive`): the package's last commit as the
 * learner closes the tab. Best effort: the next session's data comes from the last commit stored.
 */
export function commitScormOnExit(
  attemptId: number,
  topicId: number,
  cmi: Record<string, unknown>,
  sequence: number,
): void {
  const token = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${CSRF_COOKIE}=`))
    ?.slice(CSRF_COOKIE.length + 1);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token !== undefined) headers[CSRF_HEADER] = decodeURIComponent(token);
  const body = JSON.stringify({ cmi, sequence });
  void fetch(endpointUrl(endpointRoutes.commitMyScorm, { attemptId, topicId }), {
    method: 'PUT',
    credentials: 'same-origin',
    // Browsers keep at most 64 KB of bodies alive past the page; a larger one goes as a plain request.
    keepalive: body.length < 60_000,
    headers,
    body,
  }).catch(() => undefined);
}
