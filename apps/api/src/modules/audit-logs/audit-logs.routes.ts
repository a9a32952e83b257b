import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { route } from '../../platform/http.ts';
import { exportAuditLogs, listAuditLogs } from './audit-logs.service.ts';

export async function auditLogsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listAuditLogs, async ({ query, ctx }) => listAuditLogs(deps, ctx, query));
  // A streamed body, not a JSON response: the endpoint has no response schema.
  route(
    app,
    endpoints.exportAuditLogs,
    async ({ query, ctx, reply }) => sendSpreadsheet(reply, exportAuditLogs(deps, ctx, query)) as never,
  );
}
