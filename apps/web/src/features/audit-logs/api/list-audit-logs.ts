import { API_PREFIX, API_VERSION_PREFIX, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type AuditLogsPage = ResponseOf<typeof endpoints.listAuditLogs>;

export const auditLogsQueryKey = ['audit-logs', 'list'] as const;

/** One page of the audit log; `signal` lets a newer filter cancel it. */
export const listAuditLogs = (query: Record<string, string | number>, signal?: AbortSignal): Promise<AuditLogsPage> =>
  apiCall('listAuditLogs', { query, signal });

export const listAuditLogsQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...auditLogsQueryKey, query] as const,
    queryFn: ({ signal }) => listAuditLogs(query, signal),
  });

/** GET /api/v3/audit-logs/export?format=csv|xlsx&<the list's filters> */
export const AUDIT_LOGS_EXPORT_URL = `${API_PREFIX}${API_VERSION_PREFIX}/audit-logs/export`;
