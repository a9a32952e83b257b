import { SESSION_COOKIE } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { loadSession } from './session.ts';

/** Loads the caller's session (if any) into `req.ctx` before routing decides anything. */
export function registerSessionHook(app: FastifyInstance): void {
  const { db, config } = app.deps;
  app.decorateRequest('ctx', null as never);
  // A callback hook: a request without a session cookie (assets, the console) finishes it without a
  // promise; one with a cookie waits for the lookup.
  app.addHook('onRequest', (req, _reply, done) => {
    req.ctx = {
      session: null,
      user: null,
      impersonator: null,
      actorId: null,
      impersonatorId: null,
      companyId: null,
      ip: req.ip,
      now: config.now,
    };
    const token = req.cookies[SESSION_COOKIE];
    // Course media content (/content/…) is read with the session too (decision 061).
    if (!token || !(req.url.startsWith('/api/') || req.url.startsWith('/content/'))) return done();
    loadSession(db, token, config.now()).then((loaded) => {
      if (loaded) {
        req.ctx.session = loaded.session;
        req.ctx.user = loaded.user;
        req.ctx.impersonator = loaded.impersonator;
        req.ctx.actorId = loaded.user.id;
        req.ctx.impersonatorId = loaded.impersonator?.id ?? null;
      }
      done();
    }, done);
  });
}
