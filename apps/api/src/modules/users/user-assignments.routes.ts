import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { listUserAssignments } from './user-assignments.service.ts';

/** The user drawer's read-only list of a user's assignments. */
export async function userAssignmentsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listUserAssignments, async ({ params, query, ctx }) =>
    listUserAssignments(deps, ctx, params.id, query),
  );
}
