import { createAssignmentsQueued, endpointUrl, endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedContext } from '../../platform/context.ts';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { enforceAccess, route } from '../../platform/http.ts';
import { countLearners, createAssignments } from './assignments-create.service.ts';
import { exportAssignments, listAssignments } from './assignments.service.ts';

export async function assignmentsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect, publicUrl: app.deps.config.publicUrl };
  route(app, endpoints.listAssignments, async ({ query, ctx }) => listAssignments(deps, ctx, query));
  // A streamed body, not a JSON response: the endpoint has no response schema.
  route(
    app,
    endpoints.exportAssignments,
    async ({ query, ctx, reply }) => sendSpreadsheet(reply, await exportAssignments(deps, ctx, query)) as never,
  );
  route(app, endpoints.countAssignmentLearners, async ({ body, ctx }) => ({
    data: await countLearners(deps, ctx, body.learners),
  }));
  // 200 with the counts, or 202 with the job: registered like `route()` but answering by outcome.
  const endpoint = endpoints.createAssignments;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    schema: {
      summary: endpoint.summary,
      body: endpoint.body,
      response: { 200: endpoint.response, 202: z.object({ data: createAssignmentsQueued }) },
    },
    preHandler: async (req) => enforceAccess(endpoint, req),
    handler: async (req, reply) => {
      const outcome = await createAssignments(deps, req.ctx as AuthedContext, req.body);
      if (outcome.kind === 'queued') return reply.status(202).send({ data: outcome.queued });
      return { data: outcome.result };
    },
  });
}
