import { SEARCH_DEBOUNCE_MS, type UserSearchHit } from '@heed/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The manager picker offers the best few matches; typing narrows them. */
const MANAGER_SEARCH_RESULTS = 20;

/**
 * Active users matching a text, to pick a manager from (GET /users/all, suspended=0). A site admin's
 * search spans every company, so the hits are narrowed to the company the console acts on.
 */
const searchManagers = (text: string, companyId: number, signal?: AbortSignal): Promise<UserSearchHit[]> =>
  apiCall('searchUsers', {
    query: { text: text || undefined, suspended: '0', page: 1, per_page: MANAGER_SEARCH_RESULTS },
    signal,
  }).then((response) => response.data.filter((hit) => hit.company.id === companyId));

/** The picker's search, debounced like the other search fields (spec §9). */
export const useManagerSearch = (text: string, companyId: number, enabled: boolean) => {
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['users', 'search', 'managers', companyId, debounced] as const,
    queryFn: ({ signal }) => searchManagers(debounced, companyId, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};
