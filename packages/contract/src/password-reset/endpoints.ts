import type { EndpointSchemas } from '../endpoints.ts';
import type { passwordResetEndpointRoutes } from './endpoint-routes.ts';
import {
  forgotPasswordBody,
  forgotPasswordResponse,
  resetPasswordBody,
  resetPasswordResponse,
} from './password-reset.ts';

/** The summary and schemas of each password reset endpoint, joined to its route in `endpoints`. */
export const passwordResetEndpoints = {
  forgotPassword: {
    summary: 'E-mails a password reset link to the account (same answer whether or not it exists; throttled)',
    body: forgotPasswordBody,
    response: forgotPasswordResponse,
  },
  resetPassword: {
    summary: "Sets a new password with a reset link's token (single use), ends the user's sessions and signs in afresh",
    body: resetPasswordBody,
    response: resetPasswordResponse,
  },
} satisfies { [N in keyof typeof passwordResetEndpointRoutes]: EndpointSchemas };
