import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthedContext } from '../../platform/context.ts';
import { enforceAccess, route } from '../../platform/http.ts';
import * as service from './assignment-rules.service.ts';
import * as exclusionsService from './rule-exclusions.service.ts';
import * as runsService from './rule-runs.service.ts';

export async function assignmentRulesRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listAssignmentRules, async ({ query, ctx }) => service.listRules(deps, ctx, query));
  route(app, endpoints.createAssignmentRule, async ({ body, ctx }) => ({
    data: await service.createRule(deps, ctx, body),
  }));
  route(app, endpoints.dryRunAssignmentRule, async ({ body, ctx }) => service.dryRun(deps, ctx, body));
  route(app, endpoints.getAssignmentRule, async ({ params, ctx }) => ({
    data: await service.getRule(deps, ctx, params.id),
  }));
  route(app, endpoints.updateAssignmentRule, async ({ params, body, ctx }) => ({
    data: await service.updateRule(deps, ctx, params.id, body),
  }));
  route(app, endpoints.deleteAssignmentRule, async ({ params, ctx }) => service.deleteRule(deps, ctx, params.id));
  route(app, endpoints.previewAssignmentRuleExisting, async ({ params, body, ctx }) =>
    service.previewExisting(deps, ctx, params.id, body),
  );
  route(app, endpoints.listAssignmentRuleRuns, async ({ params, query, ctx }) =>
    runsService.listRuleRuns(deps, ctx, params.id, query),
  );
  route(app, endpoints.undoAssignmentRuleRun, async ({ params, body, ctx }) => ({
    data: await runsService.undoRun(deps, ctx, params.id, params.runId, body),
  }));
  route(app, endpoints.listAssignmentRuleExclusions, async ({ params, query, ctx }) =>
    exclusionsService.listRuleExclusions(deps, ctx, params.id, query),
  );
  route(app, endpoints.createAssignmentRuleExclusion, async ({ params, body, ctx }) =>
    exclusionsService.createRuleExclusion(deps, ctx, params.id, body),
  );
  route(app, endpoints.deleteAssignmentRuleExclusion, async ({ params, ctx }) =>
    exclusionsService.deleteRuleExclusion(deps, ctx, params.id, params.exclusionId),
  );
  // 200 with the run, or 202 with the job: registered like `route()` but answering by outcome.
  const endpoint = endpoints.runAssignmentRule;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api/v3${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`,
    schema: {
      summary: endpoint.summary,
      params: endpoint.params,
      response: { 200: endpoint.response, 202: endpoint.response },
    },
    preHandler: async (req) => enforceAccess(endpoint, req),
    handler: async (req, reply) => {
      const outcome = await runsService.runNow(deps, req.ctx as AuthedContext, req.params.id);
      if (outcome.kind === 'queued')
        return reply
          .status(202)
          .send({ data: { job_id: outcome.job_id, run_id: outcome.run_id, learners: outcome.learners } });
      return { data: outcome.run };
    },
  });
}
