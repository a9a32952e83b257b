import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the built web app: hashed assets with a year's cache, the console's HTML for every /admin
 * path (history fallback) and the learner side's HTML for the other pages.
 */
export async function registerWeb(
  app: FastifyInstance,
): Promise<(req: FastifyRequest, reply: FastifyReply) => unknown> {
  const root = app.deps.config.webDist;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: false,
      globIgnore: ['**/*.html'],
      setHeaders: (res, path) => {
        const url = path.slice(root.length);
        res.header('cache-control', HASHED_ASSET.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return (req, reply) => {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const page =
      req.url === '/admin' || req.url.startsWith('/admin/') || req.url.startsWith('/admin?')
        ? 'admin/index.html'
        : 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page, root);
  };
}
