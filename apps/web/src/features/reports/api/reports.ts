import type { AssignmentReport, CustomFieldListItem, EndpointName, ReportData } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { type DashboardFilters, EMPTY_FILTERS, reportQuery } from '../lib/dashboard-filters.ts';

/** The endpoint of each report (spec §7: GET /reports/assignments/<report>). */
export const REPORT_ENDPOINTS = {
  'status-counts': 'reportStatusCounts',
  'department-summary': 'reportDepartmentSummary',
  'attribute-summary': 'reportAttributeSummary',
  'completion-history': 'reportCompletionHistory',
  'completion-benchmark': 'reportCompletionBenchmark',
  'score-benchmark': 'reportScoreBenchmark',
  'leaderboard-summary': 'reportLeaderboardSummary',
  leaderboard: 'reportLeaderboard',
  recertification: 'reportRecertification',
  'course-summary': 'reportCourseSummary',
  'user-completion-summary': 'reportUserCompletionSummary',
} as const satisfies Record<AssignmentReport, EndpointName>;

/** The learners widget's page size. */
export const LEARNERS_PER_PAGE = 10;

export const reportsQueryKey = ['reports', 'assignments'] as const;

/** One report's data for the filters; each widget asks for its own, and fails alone. */
export function fetchReport<K extends Exclude<AssignmentReport, 'user-completion-summary'>>(
  report: K,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ReportData[K]> {
  const call = apiCall as (name: EndpointName, request: unknown) => Promise<{ data: ReportData[K] }>;
  return call(REPORT_ENDPOINTS[report], { query, signal }).then((response) => response.data);
}

/** A report's query for the filters: one key and fetch for the widget and the route's prefetch. */
export function reportQueryOptions<K extends Exclude<AssignmentReport, 'user-completion-summary'>>(
  report: K,
  filters: DashboardFilters,
  extra: Record<string, string> = {},
) {
  const query = { ...reportQuery(filters), ...extra };
  return queryOptions({
    queryKey: [...reportsQueryKey, report, query] as const,
    queryFn: ({ signal }) => fetchReport(report, query, signal),
    retry: false,
  });
}

export function useReport<K extends Exclude<AssignmentReport, 'user-completion-summary'>>(
  report: K,
  filters: DashboardFilters,
  extra: Record<string, string> = {},
  enabled = true,
) {
  return useQuery({ ...reportQueryOptions(report, filters, extra), placeholderData: keepPreviousData, enabled });
}

export function userCompletionQueryOptions(filters: DashboardFilters, page: number, perPage: number) {
  const query = { ...reportQuery(filters), page, per_page: perPage };
  return queryOptions({
    queryKey: [...reportsQueryKey, 'user-completion-summary', query] as const,
    queryFn: ({ signal }) => apiCall('reportUserCompletionSummary', { query, signal }),
    retry: false,
  });
}

export const useUserCompletionSummary = (filters: DashboardFilters, page: number, perPage: number) =>
  useQuery({ ...userCompletionQueryOptions(filters, page, perPage), placeholderData: keepPreviousData });

/** The field the attribute summary groups by unless one is chosen: few values group best (a select, a yes/no, then the first). */
export const defaultAttributeField = (fields: CustomFieldListItem[] | undefined) =>
  fields?.find((f) => f.type === 'select') ?? fields?.find((f) => f.type === 'boolean') ?? fields?.[0];

/**
 * The filter bar's course choices: the courses with assignments in the caller's reach, deactivated
 * learners' too (course-summary without filters), which a Reviewer may read.
 */
export const courseChoicesQueryOptions = () =>
  reportQueryOptions('course-summary', { ...EMPTY_FILTERS, includeDeactivated: true });
