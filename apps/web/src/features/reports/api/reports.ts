import type { AssignmentReport, EndpointName, ReportData } from '@heed/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { type DashboardFilters, reportQuery } from '../lib/dashboard-filters.ts';

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

export function useReport<K extends Exclude<AssignmentReport, 'user-completion-summary'>>(
  report: K,
  filters: DashboardFilters,
  extra: Record<string, string> = {},
  enabled = true,
) {
  const query = { ...reportQuery(filters), ...extra };
  return useQuery({
    queryKey: [...reportsQueryKey, report, query] as const,
    queryFn: ({ signal }) => fetchReport(report, query, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useUserCompletionSummary(filters: DashboardFilters, page: number, perPage: number) {
  const query = { ...reportQuery(filters), page, per_page: perPage };
  return useQuery({
    queryKey: [...reportsQueryKey, 'user-completion-summary', query] as const,
    queryFn: ({ signal }) => apiCall('reportUserCompletionSummary', { query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The company's custom fields, to choose the attribute-summary's field. */
export function useCustomFields() {
  return useQuery({
    queryKey: [...reportsQueryKey, 'custom-fields'] as const,
    queryFn: ({ signal }) => apiCall('listCustomFields', { signal }).then((response) => response.data),
    staleTime: 60_000,
  });
}
