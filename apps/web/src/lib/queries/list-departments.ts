import type { Department } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';

/** The departments feature edits the tree under the same key, so an edit there refreshes the pickers here. */
export const departmentsQueryKey = ['departments', 'list'] as const;

/** The company's departments in path order (a Department Manager's: their subtrees), flat (GET /departments). */
export const listDepartments = (signal?: AbortSignal): Promise<Department[]> =>
  apiCall('listDepartments', { signal }).then((response) => response.data);

export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: departmentsQueryKey, queryFn: ({ signal }) => listDepartments(signal), staleTime: 60_000 });

/** `enabled`: the list's filter asks only once it is opened or in use. */
export const useDepartments = (enabled = true) => useQuery({ ...departmentsQueryOptions(), enabled });
