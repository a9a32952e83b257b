import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.ts';

/** A `\uD800`–`\uDFFF` escape: the only way a lone surrogate reaches a parsed body (raw bytes decode to U+FFFD). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** Half of a pair: a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LONE_SURROGATE_MESSAGE = 'Remove the invalid character (half of a UTF-16 pair) from this text.';

/** The dotted path of the first string holding a lone UTF-16 surrogate (of the object, for a key), or null. */
function findLoneSurrogate(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    // A bad key is named by where it stands, never echoed back.
    if (LONE_SURROGATE.test(key)) return path || 'body';
    const found = findLoneSurrogate(item, itemPath);
    if (found) return found;
  }
  return null;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), but a string holding half of a
 * surrogate pair is refused with a 422 on its field: stored, it would be echoed into exports, e-mails
 * and pages as text no encoder can write (it becomes U+FFFD, or breaks a strict client).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parseJson(req, text, (error, value) => {
      if (error) return done(error, undefined);
      const path = SURROGATE_ESCAPE.test(text) ? findLoneSurrogate(value) : null;
      if (path) return done(invalid({ [path]: [LONE_SURROGATE_MESSAGE] }), undefined);
      done(null, value);
    });
  });
}
