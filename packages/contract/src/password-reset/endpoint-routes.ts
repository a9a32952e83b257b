import type { EndpointRoute } from '../endpoint-kit.ts';

/** The routes of the password reset endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const passwordResetEndpointRoutes = {
  forgotPassword: {
    method: 'POST',
    path: '/password/forgot',
    access: { kind: 'public' },
    status: 202,
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    access: { kind: 'public' },
  },
} as const satisfies Record<string, EndpointRoute>;
