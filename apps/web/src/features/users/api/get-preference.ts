import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferenceQueryKey } from '../../../components/list-page/saved-view-query.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** The list pages read their saved view under the same key. */
export const preferenceKey = preferenceQueryKey;

/** One of the signed-in user's preferences, or null when never saved (spec §7: GET /users/preferences, data_type json). */
export const getPreference = (name: string, signal?: AbortSignal): Promise<unknown> =>
  apiCall('getPreference', { query: { name, data_type: 'json' }, signal }).then(
    (response) => response.data?.value ?? null,
  );

export const preferenceQueryOptions = (name: string) =>
  queryOptions({ queryKey: preferenceKey(name), queryFn: ({ signal }) => getPreference(name, signal) });

export const usePreference = (name: string) => useQuery(preferenceQueryOptions(name));
