import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/** The routes of the audit log endpoints (site admins only, spec §6). No zod here (decision 023). */
export const auditLogsEndpointRoutes = {
  listAuditLogs: { method: 'GET', path: '/audit-logs', access: siteAdmin },
  exportAuditLogs: { method: 'GET', path: '/audit-logs/export', access: siteAdmin },
} as const satisfies Record<string, EndpointRoute>;
