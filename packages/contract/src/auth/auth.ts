import { z } from 'zod';

export const loginBody = z.object({
  login: z.string().trim().min(1, 'Enter your username or e-mail.').max(254).describe('username or e-mail'),
  password: z.string().min(1, 'Enter your password.').max(1024),
  redirect: z.string().max(2048).optional().describe('where a staff user wanted to go'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in user (spec §3 User, from /me). */
export const meUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  site_admin: z.boolean(),
  suspended: z.boolean(),
  company: z.object({ id: z.number().int() }).describe('reference; the console loads the full record'),
  impersonator: z.object({ username: z.string() }).nullable(),
  assistant_widget: z
    .object({ url: z.string(), id: z.string() })
    .optional()
    .describe('the assistant chat widget to load (ASSISTANT_WIDGET_URL and _ID); absent when none is configured'),
});
export type MeUser = z.infer<typeof meUser>;

export const meResponse = z.object({ data: meUser });

export const loginResponse = z.object({
  data: meUser,
  redirect: z.string().describe('where the browser should go next'),
});

export const loginAsBody = z.union([
  z.object({ action: z.literal('revert') }),
  z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);
export type LoginAsBody = z.infer<typeof loginAsBody>;
