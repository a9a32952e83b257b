import type { endpoints } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type MyAssignmentsResponse = ResponseOf<typeof endpoints.listMyAssignments>;

export const myAssignmentsQueryKey = ['my', 'assignments'] as const;

/** The signed-in learner's current assignments, in My Courses' order (GET /my/assignments). */
export const listMyAssignments = (signal?: AbortSignal): Promise<MyAssignmentsResponse> =>
  apiCall('listMyAssignments', { signal });

export const myAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: myAssignmentsQueryKey,
    queryFn: ({ signal }) => listMyAssignments(signal).then((response) => response.data),
  });

export const useMyAssignments = () => useQuery(myAssignmentsQueryOptions());
