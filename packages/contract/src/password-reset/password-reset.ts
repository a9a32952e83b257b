import { z } from 'zod';
import { meUser } from '../auth/auth.ts';
import { passwordField } from '../users/users.ts';

/** How long a password reset link works; the default reset e-mail template says 60 minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Reset requests allowed per window, per account and per IP, before the form is throttled. */
export const PASSWORD_RESET_THROTTLE = { perAccount: 5, perIp: 20, windowMinutes: 15 } as const;

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the account exists (no user enumeration). */
  requested: 'If an account matches, a link to reset its password is on its way. Check your e-mail.',
  invalidToken: 'This reset link is invalid or has expired. Ask for a new one.',
  mismatch: 'The passwords do not match.',
  throttled: 'Too many reset requests. Please try again later.',
} as const;

/** POST /password/forgot */
export const forgotPasswordBody = z.object({
  login: z.string().trim().min(1, 'Enter your username or e-mail.').max(254).describe('username or e-mail'),
});

const newPasswordShape = { password: passwordField, password_confirmation: z.string().max(256) };
const typedTwice: [
  (body: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; message: string },
] = [
  (body) => body.password === body.password_confirmation,
  { path: ['password_confirmation'], message: PASSWORD_RESET_MESSAGES.mismatch },
];

/** The new password, typed twice (the reset page's form). */
export const newPasswordForm = z.object(newPasswordShape).refine(...typedTwice);

/** POST /password/reset: the token from the e-mailed link and the new password (typed twice). */
export const resetPasswordBody = z
  .object({ token: z.string().trim().min(1, PASSWORD_RESET_MESSAGES.invalidToken).max(200), ...newPasswordShape })
  .refine(...typedTwice);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const forgotPasswordResponse = z.object({ message: z.string() });

/** The user is signed in afresh: staff go to `/admin?password_reset=1` (spec §4), learners to My Courses. */
export const resetPasswordResponse = z.object({ data: meUser, redirect: z.string() });
