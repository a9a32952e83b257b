import { z } from 'zod';
import { paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { learningEndpointRoutes } from './endpoint-routes.ts';
import { myAssignment, myCompletion, myHistoryQuery } from './my-assignments.ts';
import { myCompany } from './my-company.ts';
import {
  answerQuestionBody,
  answerQuestionResult,
  attemptQuestionParams,
  attemptStarted,
  attemptTopicParams,
  completeTopicBody,
  playerAssignmentParams,
  playerProgress,
  playerState,
  scormCommitBody,
  scormCommitResult,
} from './player.ts';

/** The summary and schemas of each learner endpoint, joined to its route in `endpoints`. */
export const learningEndpoints = {
  listMyAssignments: {
    summary:
      "The caller's current assignments (the latest per course) with status derived now: overdue first, then due soonest, then completed newest first",
    response: z.object({ data: z.array(myAssignment) }),
  },
  listMyHistory: {
    summary: "Every completion of the caller's, recertifications included, newest first, paged",
    query: myHistoryQuery,
    response: paged(myCompletion),
  },
  getMyCompany: {
    summary: "The caller's own company as the learner side shows it: its name and logo",
    response: single(myCompany),
  },
  getMyPlayer: {
    summary:
      "The player of one of the caller's assignments: the attempt (in progress, else the latest), its course version's topics with their status, the drawn questions (correct answers only once answered) and SCORM data",
    params: playerAssignmentParams,
    response: single(playerState),
  },
  startMyAttempt: {
    summary:
      'Starts an attempt on the current course version (201), or returns the attempt in progress (200); 422 when no attempts are left or the course is completed and not due for recertification',
    params: playerAssignmentParams,
    response: single(attemptStarted),
  },
  completeMyTopic: {
    summary:
      'Completes a text, video (watched ≥ 95 %) or document (acknowledged) topic of the attempt, once: a replay changes nothing; 422 on a locked topic',
    params: attemptTopicParams,
    body: completeTopicBody,
    response: single(playerProgress),
  },
  answerMyQuestion: {
    summary:
      'Answers a drawn question of the attempt, once: the result (correct, correct choices, feedback) is stored and a replay returns it unchanged',
    params: attemptQuestionParams,
    body: answerQuestionBody,
    response: single(answerQuestionResult),
  },
  commitMyScorm: {
    summary:
      "Stores a SCORM topic's runtime data when its sequence is higher than the stored one; a passed or completed status completes the topic",
    params: attemptTopicParams,
    body: scormCommitBody,
    response: single(scormCommitResult),
  },
} satisfies { [N in keyof typeof learningEndpointRoutes]: EndpointSchemas };
