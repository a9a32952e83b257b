import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/** The routes of Automated Reports (site admins, spec §2); the e-mailed file link is public. No zod here (decision 023). */
export const automatedReportsEndpointRoutes = {
  listAutomatedReports: { method: 'GET', path: '/automated-reports', access: siteAdmin },
  createAutomatedReport: { method: 'POST', path: '/automated-reports', access: siteAdmin, status: 201 },
  listAutomatedReportRecipients: { method: 'GET', path: '/automated-reports/recipients', access: siteAdmin },
  getAutomatedReport: { method: 'GET', path: '/automated-reports/{id}', access: siteAdmin },
  updateAutomatedReport: { method: 'PUT', path: '/automated-reports/{id}', access: siteAdmin },
  deleteAutomatedReport: { method: 'DELETE', path: '/automated-reports/{id}', access: siteAdmin },
  runAutomatedReport: { method: 'POST', path: '/automated-reports/{id}/run', access: siteAdmin, status: 202 },
  listAutomatedReportRuns: { method: 'GET', path: '/automated-reports/{id}/runs', access: siteAdmin },
  downloadAutomatedReportFile: {
    method: 'GET',
    path: '/automated-reports/{id}/runs/{runId}/files/{fileId}',
    access: siteAdmin,
  },
  downloadAutomatedReportLink: { method: 'GET', path: '/automated-report-files/{token}', access: { kind: 'public' } },
} as const satisfies Record<string, EndpointRoute>;
