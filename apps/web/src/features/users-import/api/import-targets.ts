import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

// What a file column can map to and where users can go: read through this feature's own calls
// (features do not import each other), under the keys the custom-fields and departments pages use.

export const customFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ['custom-fields', 'list'] as const,
    queryFn: ({ signal }) => apiCall('listCustomFields', { query: {}, signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export const useCustomFields = () => useQuery(customFieldsQueryOptions());

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['departments', 'list'] as const,
    queryFn: ({ signal }) => apiCall('listDepartments', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export const useDepartments = () => useQuery(departmentsQueryOptions());
