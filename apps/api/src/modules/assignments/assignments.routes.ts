import { bulkAssignmentsQueued, createAssignmentsQueued, endpointUrl, endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedContext } from '../../platform/context.ts';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { enforceAccess, route } from '../../platform/http.ts';
import { createAssignmentLink, getAssignmentDetails, revokeAssignmentLinks } from './assignment-details.service.ts';
import { bulkUpdateAssignments, previewBulkAssignments } from './assignments-bulk.service.ts';
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
  // Bulk actions: 200 with the summary, or 202 with the job (over 1,000 assignments).
  const bulk = endpoints.bulkUpdateAssignments;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: bulk.method,
    url: endpointUrl(bulk),
    schema: {
      summary: bulk.summary,
      querystring: bulk.query,
      body: bulk.body,
      response: { 200: bulk.response, 202: z.object({ data: bulkAssignmentsQueued }) },
    },
    preHandler: async (req) => enforceAccess(bulk, req),
    handler: async (req, reply) => {
      const outcome = await bulkUpdateAssignments(deps, req.ctx as AuthedContext, req.query, req.body);
      if (outcome.kind === 'queued') return reply.status(202).send({ data: outcome.queued });
      return { data: outcome.summary };
    },
  });
  route(app, endpoints.previewBulkAssignments, async ({ query, body, ctx }) =>
    previewBulkAssignments(deps, ctx, query, body),
  );
  route(app, endpoints.createAssignmentLink, async ({ params, ctx }) => ({
    data: await createAssignmentLink(deps, ctx, params.id),
  }));
  route(app, endpoints.revokeAssignmentLinks, async ({ params, ctx }) => ({
    data: await revokeAssignmentLinks(deps, ctx, params.id),
  }));
  route(app, endpoints.getAssignmentDetails, async ({ query, ctx }) => ({
    data: await getAssignmentDetails(deps.db, ctx, query.token),
  }));
}
