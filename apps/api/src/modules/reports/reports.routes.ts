import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { route } from '../../platform/http.ts';
import { exportReport } from './reports-export.service.ts';
import { attributeSummary, runReport, userCompletionSummary } from './reports.service.ts';

export async function reportsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, reader: app.deps.reader };
  route(app, endpoints.reportStatusCounts, async ({ query, ctx }) => ({
    data: await runReport('status-counts')(deps, ctx, query),
  }));
  route(app, endpoints.reportDepartmentSummary, async ({ query, ctx }) => ({
    data: await runReport('department-summary')(deps, ctx, query),
  }));
  route(app, endpoints.reportAttributeSummary, async ({ query, ctx }) => ({
    data: await attributeSummary(deps, ctx, query),
  }));
  route(app, endpoints.reportCompletionHistory, async ({ query, ctx }) => ({
    data: await runReport('completion-history')(deps, ctx, query),
  }));
  route(app, endpoints.reportCompletionBenchmark, async ({ query, ctx }) => ({
    data: await runReport('completion-benchmark')(deps, ctx, query),
  }));
  route(app, endpoints.reportScoreBenchmark, async ({ query, ctx }) => ({
    data: await runReport('score-benchmark')(deps, ctx, query),
  }));
  route(app, endpoints.reportLeaderboardSummary, async ({ query, ctx }) => ({
    data: await runReport('leaderboard-summary')(deps, ctx, query),
  }));
  route(app, endpoints.reportLeaderboard, async ({ query, ctx }) => ({
    data: await runReport('leaderboard')(deps, ctx, query),
  }));
  route(app, endpoints.reportRecertification, async ({ query, ctx }) => ({
    data: await runReport('recertification')(deps, ctx, query),
  }));
  route(app, endpoints.reportCourseSummary, async ({ query, ctx }) => ({
    data: await runReport('course-summary')(deps, ctx, query),
  }));
  route(app, endpoints.reportUserCompletionSummary, async ({ query, ctx }) => userCompletionSummary(deps, ctx, query));
  // A streamed body, not a JSON response: the endpoint has no response schema.
  route(
    app,
    endpoints.exportAssignmentReport,
    async ({ query, ctx, reply }) => sendSpreadsheet(reply, await exportReport(deps, ctx, query)) as never,
  );
}
