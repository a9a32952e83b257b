import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { getCourseSummary, getEpisodeSummary, getLearnerSummary } from './assessment-reports.service.ts';

export async function assessmentReportsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db };
  route(app, endpoints.getAssessmentCourseSummary, async ({ query, ctx }) => getCourseSummary(deps, ctx, query));
  route(app, endpoints.getAssessmentLearnerSummary, async ({ query, ctx }) => getLearnerSummary(deps, ctx, query));
  route(app, endpoints.getAssessmentEpisodeSummary, async ({ query, ctx }) => getEpisodeSummary(deps, ctx, query));
}
