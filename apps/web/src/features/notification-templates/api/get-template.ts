import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './query-keys.ts';

/** GET /templates/{id}: a template of the company's, or a system default. */
export const getTemplate = (id: number, signal?: AbortSignal) =>
  apiCall('getTemplate', { params: { id }, signal }).then((response) => response.data);

export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...templatesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getTemplate(id, signal),
  });

export const useTemplate = (id: number | null) => useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });

/** After a change: the list and every open template read again. */
export const refreshTemplates = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: templatesQueryKey });
