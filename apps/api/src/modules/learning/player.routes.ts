import { endpointUrl, endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthedContext } from '../../platform/context.ts';
import { enforceAccess, route } from '../../platform/http.ts';
import type { PlayerDeps } from './player-step.ts';
import { answerQuestion, commitScorm, completeTopic } from './player-steps.service.ts';
import { getPlayer, startAttempt } from './player.service.ts';
import { VersionCache } from './version-cache.ts';

/** The course player: the caller's own assignments and attempts only (`session` access). */
export async function playerRoutes(app: FastifyInstance) {
  const deps: PlayerDeps = { db: app.deps.db, dialect: app.deps.dialect, versions: new VersionCache() };
  route(app, endpoints.getMyPlayer, async ({ params, ctx }) => ({ data: await getPlayer(deps, ctx, params.id) }));
  route(app, endpoints.completeMyTopic, async ({ params, body, ctx }) => ({
    data: await completeTopic(deps, ctx, params.attemptId, params.topicId, body),
  }));
  route(app, endpoints.answerMyQuestion, async ({ params, body, ctx }) => ({
    data: await answerQuestion(deps, ctx, params.attemptId, params.questionId, body),
  }));
  route(app, endpoints.commitMyScorm, async ({ params, body, ctx }) => ({
    data: await commitScorm(deps, ctx, params.attemptId, params.topicId, body),
  }));

  // POST /my/assignments/{id}/attempts: registered like `route()` does (path, schemas and access rule
  // from the contract, `enforceAccess` first), answering 201 for a new attempt and 200 for the one in
  // progress, which `route()`'s single success status cannot express.
  const start = endpoints.startMyAttempt;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: start.method,
    url: endpointUrl(start, { id: ':id' }).replace(encodeURIComponent(':id'), ':id'),
    schema: { summary: start.summary, params: start.params, response: { 200: start.response, 201: start.response } },
    preHandler: async (req) => enforceAccess(start, req),
    handler: async (req, reply) => {
      const { created, result } = await startAttempt(deps, req.ctx as AuthedContext, req.params.id);
      return reply.status(created ? 201 : 200).send({ data: result });
    },
  });
}
