import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import {
  automatedReport,
  automatedReportBody,
  automatedReportRecipient,
  automatedReportRun,
  fileTokenParams,
  listAutomatedReportRunsQuery,
  listAutomatedReportsQuery,
  runAutomatedReportResponse,
  runFileParams,
} from './automated-reports.ts';
import type { automatedReportsEndpointRoutes } from './endpoint-routes.ts';

const message = z.object({ message: z.string() });

/** The summary and schemas of each Automated Reports endpoint, joined to its route in `endpoints`. */
export const automatedReportsEndpoints = {
  listAutomatedReports: {
    summary: "The company's automated reports, paged, sorted, searched by name, with the last run and the next",
    query: listAutomatedReportsQuery,
    response: paged(automatedReport),
  },
  createAutomatedReport: {
    summary:
      'Creates an automated report: report, dashboard filters, format (csv, xlsx, pdf), recipients, schedule (daily, weekly, monthly, cron) in company time',
    body: automatedReportBody,
    response: single(automatedReport),
  },
  listAutomatedReportRecipients: {
    summary: 'Who can receive automated reports: active users of the company with a console role',
    response: single(z.array(automatedReportRecipient)),
  },
  getAutomatedReport: { summary: 'One automated report', params: idParam, response: single(automatedReport) },
  updateAutomatedReport: {
    summary: 'Changes an automated report; its next run follows the new schedule',
    params: idParam,
    body: automatedReportBody,
    response: single(automatedReport),
  },
  deleteAutomatedReport: {
    summary: 'Deletes an automated report with its runs and their files',
    params: idParam,
    response: message,
  },
  runAutomatedReport: {
    summary: 'Runs the report now for every recipient: 202 with the run and its job (GET /jobs/{id} for progress)',
    params: idParam,
    response: runAutomatedReportResponse,
  },
  listAutomatedReportRuns: {
    summary: "The report's runs, newest first, each with its files (one per recipient) and their e-mails' status",
    params: idParam,
    query: listAutomatedReportRunsQuery,
    response: paged(automatedReportRun),
  },
  downloadAutomatedReportFile: {
    summary: 'The file a run made for one recipient (CSV, XLSX or PDF)',
    params: runFileParams,
  },
  downloadAutomatedReportLink: {
    summary: "A file by the signed, expiring link its recipient's e-mail holds (no sign-in needed)",
    params: fileTokenParams,
  },
} satisfies { [N in keyof typeof automatedReportsEndpointRoutes]: EndpointSchemas };
