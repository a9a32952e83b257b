import type { endpoints } from '@heed/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type CompanyPage = ResponseOf<typeof endpoints.listCompanies>;

/** Companies by name, a page at a time (spec §7: GET /companies with page and name). */
export const listCompanies = (query: { name?: string; page?: number }, signal?: AbortSignal) =>
  apiCall('listCompanies', { query, signal });

const companySearchOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: ['companies', 'search', name] as const,
    queryFn: ({ pageParam, signal }) => listCompanies({ name: name || undefined, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CompanyPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

/** The company search of the header's company selector; runs while the selector is open. */
export const useCompanySearch = (name: string, enabled: boolean) =>
  useInfiniteQuery({ ...companySearchOptions(name), enabled });
