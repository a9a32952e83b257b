import type { MyCompany } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The learner's own company as the learner side shows it: name and logo (GET /my/company). */
export const getMyCompany = (signal?: AbortSignal): Promise<MyCompany> =>
  apiCall('getMyCompany', { signal }).then((response) => response.data);

export const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: ['my', 'company'] as const,
    queryFn: ({ signal }) => getMyCompany(signal),
    // A company changes its logo rarely: one read per visit is plenty.
    staleTime: 10 * 60_000,
  });

export const useMyCompany = () => useQuery(myCompanyQueryOptions());
