import type { Company } from '@heed/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const SEARCH_PAGE_SIZE = 50;

/** Companies whose name contains `name` (GET /companies, site admins), the first page of them. */
export const useCompanySearch = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['companies', 'course-picker', name] as const,
    queryFn: ({ signal }) =>
      apiCall('listCompanies', { query: { name: name || undefined, per_page: SEARCH_PAGE_SIZE }, signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The chosen companies by id (GET /companies/{id}), for their names when a search has not brought them. */
export function useCompaniesById(ids: readonly number[]): Map<number, Company> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['companies', 'detail', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiCall('getCompany', { params: { id }, signal }).then((response) => response.data),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const found = new Map<number, Company>();
  for (const result of results) if (result.data) found.set(result.data.id, result.data);
  return found;
}
