import { endpoints } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type UsersPage = ResponseOf<typeof endpoints.listUsers>;

/** GET /users query: page, per_page, sort, order, text and `field[name]=a,b` filters (spec §7). */
export type UsersQuery = Record<string, string | number>;

export const usersQueryKey = ['users', 'list'] as const;

/** One page of the company's users; `signal` lets a newer filter cancel it (spec §7: supports cancellation). */
export const listUsers = (query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> =>
  apiCall(endpoints.listUsers, { query, signal });

export const listUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, query] as const,
    queryFn: ({ signal }) => listUsers(query, signal),
  });

export const useUsers = (query: UsersQuery) =>
  useQuery({ ...listUsersQueryOptions(query), placeholderData: keepPreviousData });
