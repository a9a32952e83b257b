import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { listMyAssignments, listMyHistory } from './my-assignments.service.ts';
import { getMyCompany } from './my-company.service.ts';

/** The learner's own courses and completions (My Courses); `session` access, the session user's data only. */
export async function learningRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listMyAssignments, async ({ ctx }) => ({ data: await listMyAssignments(deps, ctx) }));
  route(app, endpoints.listMyHistory, async ({ query, ctx }) => listMyHistory(deps, ctx, query));
  route(app, endpoints.getMyCompany, async ({ ctx }) => ({ data: await getMyCompany(deps.db, ctx) }));
}
