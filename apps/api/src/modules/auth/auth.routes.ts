import { SESSION_COOKIE, endpoints } from '@heed/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueAnonymousCsrf, setCsrfCookie } from '../../platform/csrf.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { route } from '../../platform/http.ts';
import { issueSessionCookies } from '../../platform/session-cookies.ts';
import { randomToken } from '../../platform/tokens.ts';
import { toMeUser } from './auth.mapper.ts';
import { endImpersonation, signIn, signOut, startImpersonation } from './auth.service.ts';

const userAgent = (req: FastifyRequest) => req.headers['user-agent'] ?? null;

export async function authRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  route(app, endpoints.csrfCookie, async ({ ctx, reply }) => {
    if (ctx.session) {
      setCsrfCookie(reply, ctx.session.csrf_token, config.cookieSecure);
      return undefined;
    }
    issueAnonymousCsrf(reply, randomToken(), config.cookieSecure);
    return undefined;
  });

  route(app, endpoints.login, async ({ body, ctx, req, reply }) => {
    const result = await signIn(db, ctx, {
      ...body,
      userAgent: userAgent(req),
      previousSessionHash: ctx.session?.id_hash ?? null,
    });
    issueSessionCookies(reply, result.issued, config.cookieSecure);
    return { data: toMeUser(result.user, null), redirect: result.redirect };
  });

  route(app, endpoints.logout, async ({ ctx, reply }) => {
    await signOut(db, ctx);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // The ended session's token would be refused by the next sign-in (419, then a retry): hand over a fresh pair.
    issueAnonymousCsrf(reply, randomToken(), config.cookieSecure);
    return undefined;
  });

  // The console loads the assistant chat widget only when the server names one (spec §4).
  const widget = config.assistantWidget ? { assistant_widget: config.assistantWidget } : {};
  route(app, endpoints.getMe, async ({ ctx }) => ({ data: { ...toMeUser(ctx.user, ctx.impersonator), ...widget } }));

  route(app, endpoints.loginAs, async ({ body, ctx, req, reply }) => {
    const authed = ctx as AuthedContext;
    if ('action' in body) {
      const result = await endImpersonation(db, authed, userAgent(req));
      issueSessionCookies(reply, result.issued, config.cookieSecure);
      return { data: toMeUser(result.user, null) };
    }
    const result = await startImpersonation(db, authed, body.user_id, userAgent(req));
    issueSessionCookies(reply, result.issued, config.cookieSecure);
    return { data: toMeUser(result.user, result.impersonator) };
  });
}
