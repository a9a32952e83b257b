import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Our Content Security Policy: no inline scripts; Mantine's inline styles and data: images allowed.
 * `Strict-Transport-Security` and `upgrade-insecure-requests` only when Heed is served over HTTPS
 * (`COOKIE_SECURE=1`): on plain HTTP they would pin a browser to an https:// that does not answer.
 */
function helmetOptions(https: boolean, widgetOrigin: string | null): Readonly<HelmetOptions> {
  // The assistant chat widget (spec §4), when one is configured: its origin may serve script, styles,
  // images, frames and calls; nothing is added without one.
  const widget = widgetOrigin ? [widgetOrigin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'", ...widget],
        'img-src': ["'self'", 'data:', ...widget],
        'script-src': ["'self'", ...widget],
        ...(widgetOrigin ? { 'connect-src': ["'self'", widgetOrigin], 'frame-src': ["'self'", widgetOrigin] } : {}),
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  };
}

/**
 * Helmet's response headers for a policy, worked out once. Helmet re-derives every header (the CSP
 * string above all) on each response, which cost a tenth of a `GET /me`; our policy has no
 * per-request parts (no nonces), so the result is the same every time.
 */
function securityHeadersFor(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
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

/**
 * What a JSON answer needs (OWASP's REST set): it is never a document, so it may not be framed or
 * run anything at all, nor be sniffed or read cross-origin. Helmet's document headers (the page CSP,
 * opener and agent-cluster isolation, DNS prefetch, download and cross-domain policies, the legacy
 * XSS filter) mean nothing to JSON, and each header costs every API call its validation and bytes:
 * the full set was a third of a bare Fastify route's time.
 */
function apiSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/** Sends the security headers on every response: helmet's set for the console and pages, the API set under /api/. */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const widget = app.deps.config.assistantWidget;
  const documentHeaders = securityHeadersFor(helmetOptions(https, widget ? new URL(widget.url).origin : null));
  const apiHeaders = apiSecurityHeaders(https);
  // A callback hook, not an async one: it saves a promise and a microtask turn on every request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? apiHeaders : documentHeaders);
    done();
  });
}
