import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import * as service from './automated-reports.service.ts';
import { reportStorage } from './jobs.ts';
import * as runs from './runs.service.ts';

export async function automatedReportsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, storage: reportStorage(app.deps.config) };
  route(app, endpoints.listAutomatedReports, async ({ query, ctx }) => service.listReports(deps, ctx, query));
  route(app, endpoints.listAutomatedReportRecipients, async ({ ctx }) => ({
    data: await service.listRecipientChoices(deps, ctx),
  }));
  route(app, endpoints.createAutomatedReport, async ({ body, ctx }) => ({
    data: await service.createReport(deps, ctx, body),
  }));
  route(app, endpoints.getAutomatedReport, async ({ params, ctx }) => ({
    data: await service.getReport(deps, ctx, params.id),
  }));
  route(app, endpoints.updateAutomatedReport, async ({ params, body, ctx }) => ({
    data: await service.updateReport(deps, ctx, params.id, body),
  }));
  route(app, endpoints.deleteAutomatedReport, async ({ params, ctx }) => service.deleteReport(deps, ctx, params.id));
  route(app, endpoints.runAutomatedReport, async ({ params, ctx }) => ({
    data: await runs.runNow(deps, ctx, params.id),
  }));
  route(app, endpoints.listAutomatedReportRuns, async ({ params, query, ctx }) =>
    runs.listRuns(deps, ctx, params.id, query),
  );
  // Files are streamed bodies, not JSON responses: these endpoints have no response schema.
  route(
    app,
    endpoints.downloadAutomatedReportFile,
    async ({ params, ctx, reply }) =>
      (await runs.downloadFile(deps, ctx, reply, {
        id: params.id,
        runId: params.runId,
        fileId: params.fileId,
      })) as never,
  );
  route(
    app,
    endpoints.downloadAutomatedReportLink,
    async ({ params, ctx, reply }) => (await runs.downloadByLink(deps, ctx, reply, params.token)) as never,
  );
}
