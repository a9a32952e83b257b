import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { listUserCompletions } from './completions.service.ts';

/** A user's completion history (the user drawer). */
export async function recertificationRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listUserCompletions, async ({ params, query, ctx }) =>
    listUserCompletions(deps, ctx, params.id, query),
  );
}
