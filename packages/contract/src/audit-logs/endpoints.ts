import type { EndpointSchemas } from '../endpoints.ts';
import { auditLogEntry, cursorPaged, exportAuditLogsQuery, listAuditLogsQuery } from './audit-logs.ts';
import type { auditLogsEndpointRoutes } from './endpoint-routes.ts';

export const auditLogsEndpoints = {
  listAuditLogs: {
    summary:
      'Audit log entries, newest first (spec §9), keyset-paged by `cursor`, filtered by field[company_id|actor_id|impersonator_id|action|entity_type|entity_id|created_at] and text',
    query: listAuditLogsQuery,
    response: cursorPaged(auditLogEntry),
  },
  exportAuditLogs: {
    summary: "The audit log entries of the list's filter as CSV (UTF-8 with a BOM) or XLSX, newest first",
    query: exportAuditLogsQuery,
  },
} satisfies { [N in keyof typeof auditLogsEndpointRoutes]: EndpointSchemas };
