import type { Company } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export const companyQueryKey = (id: number) => ['companies', 'detail', id] as const;

/** One company's full record (spec §7: GET /companies/{id}). */
export const getCompany = (id: number, signal?: AbortSignal): Promise<Company> =>
  apiCall('getCompany', { params: { id }, signal }).then((response) => response.data);

export const companyQueryOptions = (id: number) =>
  queryOptions({ queryKey: companyQueryKey(id), queryFn: ({ signal }) => getCompany(id, signal), staleTime: Infinity });
