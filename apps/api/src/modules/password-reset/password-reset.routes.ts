import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { issueSessionCookies } from '../../platform/session-cookies.ts';
import { toMeUser } from '../auth/index.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

export async function passwordResetRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, endpoints.forgotPassword, async ({ body, ctx }) => requestPasswordReset(db, ctx, body.login));
  route(app, endpoints.resetPassword, async ({ body, ctx, req, reply }) => {
    const outcome = await resetPassword(db, ctx, body, {
      userAgent: req.headers['user-agent'] ?? null,
      previousSessionHash: ctx.session?.id_hash ?? null,
    });
    issueSessionCookies(reply, outcome.issued, config.cookieSecure);
    return { data: toMeUser(outcome.user, null), redirect: outcome.redirect };
  });
}
