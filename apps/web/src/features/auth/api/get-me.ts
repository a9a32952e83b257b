import type { endpoints } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type Me = ResponseOf<typeof endpoints.getMe>['data'];

export const meQueryKey = ['me'] as const;

export const getMe = (signal?: AbortSignal) => apiCall('getMe', { signal });

/** The signed-in user; a 403 means nobody is signed in. */
export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal).then((response) => response.data) });

export const useMe = () => useQuery(meQueryOptions());
