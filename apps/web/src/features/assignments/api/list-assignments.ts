import { ASSIGNMENT_FILTER_FIELDS, ASSIGNMENT_SORTS, CUSTOM_FIELD_FILTER_PREFIX, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type AssignmentsPage = ResponseOf<typeof endpoints.listAssignments>;
export type AssignmentsQuery = Record<string, string | number>;

/** New assignments and (later) bulk actions refresh every page of the list under this key. */
export const assignmentsQueryKey = ['assignments', 'list'] as const;

/** One page of assignments; `signal` lets a newer filter cancel it. */
export const listAssignments = (query: AssignmentsQuery, signal?: AbortSignal): Promise<AssignmentsPage> =>
  apiCall('listAssignments', { query, signal });

export const listAssignmentsQueryOptions = (query: AssignmentsQuery) =>
  queryOptions({
    queryKey: [...assignmentsQueryKey, query] as const,
    queryFn: ({ signal }) => listAssignments(query, signal),
  });

/** What the assignments list's URL and saved view may hold: newest assignments first by default. */
export const ASSIGNMENTS_LIST_RULES = defaultListRules({
  sortKeys: ASSIGNMENT_SORTS,
  defaultSort: { sortBy: 'assigned_at', sortOrder: 'desc' },
  filterNames: ASSIGNMENT_FILTER_FIELDS,
  filterPrefixes: [CUSTOM_FIELD_FILTER_PREFIX],
});
