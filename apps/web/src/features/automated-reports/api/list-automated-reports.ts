import { AUTOMATED_REPORT_SORTS, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { automatedReportsQueryKey } from './query-keys.ts';

export type AutomatedReportsPage = ResponseOf<typeof endpoints.listAutomatedReports>;

/** The list's saved view is stored under this preference name. */
export const AUTOMATED_REPORTS_PREFERENCE = 'automated-reports-list';

/** One page of the company's automated reports (GET /automated-reports: page, per_page, sort, order, text). */
export const listAutomatedReports = (
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<AutomatedReportsPage> => apiCall('listAutomatedReports', { query, signal });

export const listAutomatedReportsQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...automatedReportsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => listAutomatedReports(query, signal),
  });

/** The list's URL and saved view: the API's sorts, by name by default; no column filters. */
export const AUTOMATED_REPORTS_RULES = defaultListRules({
  sortKeys: AUTOMATED_REPORT_SORTS,
  filterNames: [],
  defaultSort: { sortBy: 'name', sortOrder: 'asc' },
});
