import { CSRF_COOKIE, CSRF_HEADER } from '@heed/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { crossSite, csrfMismatch } from './errors.ts';
import { safeEqual } from './tokens.ts';

/** HttpOnly twin of XSRF-TOKEN for callers without a session yet (the sign-in form). */
export const ANONYMOUS_CSRF_COOKIE = 'heed_csrf';

export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

/**
 * A fresh token pair for a caller without a session: the HttpOnly twin and the readable XSRF-TOKEN
 * holding the same value (GET /api/csrf-cookie, and sign-out, so that the next sign-in's first
 * attempt already carries a token the server accepts rather than the ended session's).
 */
export function issueAnonymousCsrf(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(ANONYMOUS_CSRF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  setCsrfCookie(reply, token, secure);
}

function headerToken(req: FastifyRequest): string {
  const value = req.headers[CSRF_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : '';
}

/** The session's own token must come back in X-XSRF-TOKEN. */
export function checkSessionCsrf(req: FastifyRequest, sessionToken: string): void {
  const sent = headerToken(req);
  if (!sent || !safeEqual(sent, sessionToken)) throw csrfMismatch();
}

/** Without a session: the header must match the HttpOnly cookie set with XSRF-TOKEN (double submit). */
export function checkAnonymousCsrf(req: FastifyRequest): void {
  const sent = headerToken(req);
  const expected = req.cookies[ANONYMOUS_CSRF_COOKIE] ?? '';
  if (!sent || !expected || !safeEqual(sent, expected)) throw csrfMismatch();
}

/**
 * Refuses cross-site mutating requests: Sec-Fetch-Site when the browser sends it, else Origin
 * compared with the request's own host.
 */
export function checkSameSite(req: FastifyRequest): void {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none') throw crossSite();
    return;
  }
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === '') return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (originHost !== req.headers.host) throw crossSite();
}
