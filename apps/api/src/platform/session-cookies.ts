import { SESSION_COOKIE } from '@heed/contract';
import type { FastifyReply } from 'fastify';
import { ANONYMOUS_CSRF_COOKIE, setCsrfCookie } from './csrf.ts';
import type { IssuedSession } from './session.ts';

/** A new session means a new cookie and a new CSRF token, together (sign-in, impersonation, password reset). */
export function issueSessionCookies(reply: FastifyReply, issued: IssuedSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, issued.token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(ANONYMOUS_CSRF_COOKIE, { path: '/' });
  setCsrfCookie(reply, issued.csrfToken, secure);
}
