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
} as const satisfies Record<string, EndpointRoute>;
