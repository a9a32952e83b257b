import type { AssignmentDetails } from '@heed/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /public/assignments?token=… (no sign-in). Never retried: a wrong token stays wrong, and every try counts. */
export function useAssignmentDetails(token: string) {
  return useQuery({
    queryKey: ['public-assignment', token] as const,
    queryFn: ({ signal }): Promise<AssignmentDetails> =>
      apiCall('getAssignmentDetails', { query: { token }, signal }).then((response) => response.data),
    enabled: token !== '',
    retry: false,
    staleTime: 60_000,
  });
}
