import { z } from 'zod';
import { single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { reportsEndpointRoutes } from './endpoint-routes.ts';
import {
  attributeReportQuery,
  attributeSummary,
  benchmark,
  completionHistoryRow,
  courseSummaryRow,
  departmentSummaryRow,
  exportReportQuery,
  leaderboardRow,
  leaderboardSummaryRow,
  pagedReportQuery,
  recertification,
  reportQuery,
  statusCounts,
  userCompletionSummary,
} from './reports.ts';

const FILTERS =
  'Filters: field[course_id], field[department_id] (subtrees), field[period]=from..to, field[cf.<key>], include_deactivated=1. Scoped to the caller’s reach.';

/** The summary and schemas of each report endpoint, joined to its route in `endpoints`. */
export const reportsEndpoints = {
  reportStatusCounts: {
    summary: `Assignments by derived status and the completion rate. ${FILTERS}`,
    query: reportQuery,
    response: single(statusCounts),
  },
  reportDepartmentSummary: {
    summary: `Assignments by status per learner department. ${FILTERS}`,
    query: reportQuery,
    response: single(z.array(departmentSummaryRow)),
  },
  reportAttributeSummary: {
    summary: `Assignments by status per value of the custom field \`attribute\`: per value (select, yes/no), per year (date), or the 20 values with the most assignments and the rest summed in \`other\` (text, number). ${FILTERS}`,
    query: attributeReportQuery,
    response: single(attributeSummary),
  },
  reportCompletionHistory: {
    summary: `Assignments assigned and completions per month of the period (default: the last 12 months). ${FILTERS}`,
    query: reportQuery,
    response: single(z.array(completionHistoryRow)),
  },
  reportCompletionBenchmark: {
    summary:
      'Completion rate of this company against the anonymised average of the other companies (none below 5 companies). Filters: field[course_id], field[period], include_deactivated.',
    query: reportQuery,
    response: single(benchmark),
  },
  reportScoreBenchmark: {
    summary:
      'Average score of this company against the anonymised average of the other companies (none below 5 companies). Filters: field[course_id], field[period], include_deactivated.',
    query: reportQuery,
    response: single(benchmark),
  },
  reportLeaderboardSummary: {
    summary: `The departments with the best completion rate (top 10). ${FILTERS}`,
    query: reportQuery,
    response: single(z.array(leaderboardSummaryRow)),
  },
  reportLeaderboard: {
    summary: `The learners with the most completions, then the best average score (top 10). ${FILTERS}`,
    query: reportQuery,
    response: single(z.array(leaderboardRow)),
  },
  reportRecertification: {
    summary: `Completions expired and expiring within 30, 60 and 90 days, in total and per course. ${FILTERS}`,
    query: reportQuery,
    response: single(recertification),
  },
  reportCourseSummary: {
    summary: `Assignments by status, completion rate and average score per course. ${FILTERS}`,
    query: reportQuery,
    response: single(z.array(courseSummaryRow)),
  },
  reportUserCompletionSummary: {
    summary: `Per learner: assigned, completed, overdue, completion rate and average score, paged by name. ${FILTERS}`,
    query: pagedReportQuery,
    response: userCompletionSummary,
  },
  exportAssignmentReport: {
    summary: 'One report (`report`) as CSV (UTF-8 with a BOM) or XLSX: the rows its widget shows, same filters.',
    query: exportReportQuery,
  },
} satisfies { [N in keyof typeof reportsEndpointRoutes]: EndpointSchemas };
