import type { EndpointRoute } from '../endpoint-kit.ts';

/** The routes of the sign-in endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const authEndpointRoutes = {
  csrfCookie: {
    method: 'GET',
    path: '/csrf-cookie',
    unversioned: true,
    access: { kind: 'public' },
    status: 204,
  },
  login: {
    method: 'POST',
    path: '/login',
    access: { kind: 'public' },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: { kind: 'session' },
    status: 204,
  },
  getMe: {
    method: 'GET',
    path: '/me',
    access: { kind: 'session' },
  },
  loginAs: {
    method: 'POST',
    path: '/login/as',
    access: { kind: 'session' },
  },
} as const satisfies Record<string, EndpointRoute>;
