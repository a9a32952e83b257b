import type { EndpointSchemas } from '../endpoints.ts';
import { loginAsBody, loginBody, loginResponse, meResponse } from './auth.ts';
import type { authEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each sign-in endpoint, joined to its route in `endpoints`. */
export const authEndpoints = {
  csrfCookie: {
    summary: 'Sets the readable XSRF-TOKEN cookie for the current session',
  },
  login: {
    summary: 'Signs in with username or e-mail and password; rotates the session',
    body: loginBody,
    response: loginResponse,
  },
  logout: {
    summary: 'Ends the session',
  },
  getMe: {
    summary: 'The signed-in user',
    response: meResponse,
  },
  loginAs: {
    summary: 'Starts impersonating a user (user_id) or ends it (action=revert)',
    body: loginAsBody,
    response: meResponse,
  },
} satisfies { [N in keyof typeof authEndpointRoutes]: EndpointSchemas };
