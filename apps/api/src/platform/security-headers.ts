import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Our Content Security Policy: no inline scripts; Mantine's inline styles and data: images allowed. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'script-src': ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's response headers for a policy, worked out once. Helmet re-derives every header (the CSP
 * string above all) on each response, which cost a tenth of a `GET /me`; our policy has no
 * per-request parts (no nonces), so the result is the same every time.
 */
export function securityHeadersFor(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Sends the security headers on every response, API and console alike. */
export function registerSecurityHeaders(app: FastifyInstance, options = HELMET_OPTIONS): void {
  const headers = securityHeadersFor(options);
  // A callback hook, not an async one: it saves a promise and a microtask turn on every request.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
