import { USER_SEARCH_MIN_LENGTH } from '@heed/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The header shows the best few matches; typing more narrows them. */
const USER_SEARCH_RESULTS = 10;

/** Users matching a text, across companies for a site admin (spec §7: GET /users/all). */
export const searchUsers = (text: string, signal?: AbortSignal) =>
  apiCall('searchUsers', { query: { text, page: 1, per_page: USER_SEARCH_RESULTS }, signal });

/** The header's global user search: runs only with at least 2 characters (spec §5). */
export const useUserSearch = (text: string) => {
  const trimmed = text.trim();
  return useQuery({
    queryKey: ['users', 'search', trimmed] as const,
    queryFn: ({ signal }) => searchUsers(trimmed, signal),
    enabled: trimmed.length >= USER_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};
