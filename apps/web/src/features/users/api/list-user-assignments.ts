import type { endpoints } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type UserAssignmentsPage = ResponseOf<typeof endpoints.listUserAssignments>;

/** The drawer lists a user's assignments ten at a time. */
export const USER_ASSIGNMENTS_PAGE_SIZE = 10;

const userAssignmentsQueryKey = (userId: number) => ['users', 'assignments', userId] as const;

/** One page of a user's assignments, newest first (GET /users/{id}/assignments). */
export const listUserAssignments = (userId: number, page: number, signal?: AbortSignal): Promise<UserAssignmentsPage> =>
  apiCall('listUserAssignments', {
    params: { id: userId },
    query: { page, per_page: USER_ASSIGNMENTS_PAGE_SIZE },
    signal,
  });

const userAssignmentsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...userAssignmentsQueryKey(userId), page] as const,
    queryFn: ({ signal }) => listUserAssignments(userId, page, signal),
  });

export const useUserAssignments = (userId: number, page: number) =>
  useQuery({ ...userAssignmentsQueryOptions(userId, page), placeholderData: keepPreviousData });
