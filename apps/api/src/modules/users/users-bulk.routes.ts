import { bulkUsersQueued, endpointUrl, endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedContext } from '../../platform/context.ts';
import { enforceAccess } from '../../platform/http.ts';
import { bulkUpdateUsers } from './users-bulk.service.ts';

/**
 * PUT /users?{query}. Registered like `route()` does (path, schemas and access rule from the
 * contract, `enforceAccess` first) but answering 200 or 202 by outcome, which `route()`'s single
 * success status cannot express.
 */
export async function usersBulkRoutes(app: FastifyInstance) {
  const endpoint = endpoints.bulkUpdateUsers;
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    schema: {
      summary: endpoint.summary,
      querystring: endpoint.query,
      body: endpoint.body,
      response: { 200: endpoint.response, 202: z.object({ data: bulkUsersQueued }) },
    },
    preHandler: async (req) => enforceAccess(endpoint, req),
    handler: async (req, reply) => {
      const outcome = await bulkUpdateUsers(deps, req.ctx as AuthedContext, req.query, req.body);
      if (outcome.kind === 'queued') return reply.status(202).send({ data: outcome.queued });
      return { data: outcome.summary };
    },
  });
}
