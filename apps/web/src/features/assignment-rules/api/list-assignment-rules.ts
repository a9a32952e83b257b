import { ASSIGNMENT_RULE_SORTS, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { rulesQueryKey } from './query-keys.ts';

export type RulesPage = ResponseOf<typeof endpoints.listAssignmentRules>;

/** The list's saved view is stored under this preference name. */
export const RULES_LIST_PREFERENCE = 'assignment-rules-list';

/** One page of the company's rules (GET /assignment-rules: page, per_page, sort, order, text). */
export const listAssignmentRules = (query: Record<string, string | number>, signal?: AbortSignal): Promise<RulesPage> =>
  apiCall('listAssignmentRules', { query, signal });

export const listAssignmentRulesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...rulesQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => listAssignmentRules(query, signal),
  });

/** The rules list's URL and saved view: the API's sorts, by name by default; no column filters. */
export const RULES_LIST_RULES = defaultListRules({
  sortKeys: ASSIGNMENT_RULE_SORTS,
  filterNames: [],
  defaultSort: { sortBy: 'name', sortOrder: 'asc' },
});
