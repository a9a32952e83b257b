import type { EndpointRoute } from '../endpoint-kit.ts';

/**
 * The routes of the learner's own learning endpoints. No zod and no schema here (decision 023): the
 * first chunk loads them. `session` access: any signed-in user, and only ever the session user's data.
 */
export const learningEndpointRoutes = {
  listMyAssignments: {
    method: 'GET',
    path: '/my/assignments',
    access: { kind: 'session' },
  },
  listMyHistory: {
    method: 'GET',
    path: '/my/history',
    access: { kind: 'session' },
  },
  getMyCompany: {
    method: 'GET',
    path: '/my/company',
    access: { kind: 'session' },
  },
  getMyPlayer: {
    method: 'GET',
    path: '/my/assignments/{id}/player',
    access: { kind: 'session' },
  },
  startMyAttempt: {
    method: 'POST',
    path: '/my/assignments/{id}/attempts',
    access: { kind: 'session' },
    status: 201,
  },
  completeMyTopic: {
    method: 'POST',
    path: '/my/attempts/{attemptId}/topics/{topicId}/complete',
    access: { kind: 'session' },
  },
  answerMyQuestion: {
    method: 'POST',
    path: '/my/attempts/{attemptId}/questions/{questionId}/answer',
    access: { kind: 'session' },
  },
  commitMyScorm: {
    method: 'PUT',
    path: '/my/attempts/{attemptId}/topics/{topicId}/scorm',
    access: { kind: 'session' },
  },
} as const satisfies Record<string, EndpointRoute>;
