import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { cancelJob, getJob } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance) {
  route(app, endpoints.getJob, async ({ params, ctx }) => ({ data: await getJob(app.deps.db, ctx, params.id) }));
  route(app, endpoints.cancelJob, async ({ params, ctx }) => ({
    data: await cancelJob({ db: app.deps.db, log: app.log }, ctx, params.id),
  }));
}
