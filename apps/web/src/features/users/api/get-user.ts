import type { User } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export const userQueryKey = (id: number) => ['users', 'detail', id] as const;

/** One user (spec §7: GET /users/{id}). */
export const getUser = (id: number, signal?: AbortSignal): Promise<User> =>
  apiCall('getUser', { params: { id }, signal }).then((response) => response.data);

const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number | null) => useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
