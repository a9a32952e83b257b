import { type EndpointRoute, reviewer } from '../endpoint-kit.ts';

/** The routes of the background job endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const jobsEndpointRoutes = {
  getJob: {
    method: 'GET',
    path: '/jobs/{id}',
    access: reviewer,
  },
  cancelJob: {
    method: 'POST',
    path: '/jobs/{id}/cancel',
    access: reviewer,
  },
} as const satisfies Record<string, EndpointRoute>;
