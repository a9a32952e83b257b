import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { route } from '../../platform/http.ts';
import { exportCourseActivity, listCourseActivity } from './course-activity.service.ts';

export async function courseActivityRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db };
  route(app, endpoints.listCourseActivity, async ({ query, ctx }) => listCourseActivity(deps, ctx, query));
  route(
    app,
    endpoints.exportCourseActivity,
    async ({ query, ctx, reply }) => sendSpreadsheet(reply, exportCourseActivity(deps, ctx, query)) as never,
  );
}
