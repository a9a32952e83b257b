import { type EndpointRoute, reviewer } from '../endpoint-kit.ts';

/** The routes of the recertification endpoints (no zod here: decision 023). */
export const recertificationEndpointRoutes = {
  /** Every completion of one user, renewals included, kept even after its assignment is removed. */
  listUserCompletions: {
    method: 'GET',
    path: '/users/{id}/completions',
    access: reviewer,
  },
} as const satisfies Record<string, EndpointRoute>;
