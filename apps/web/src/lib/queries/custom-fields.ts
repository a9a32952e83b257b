import type { CustomFieldListItem } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';

/** The Custom Fields page edits the fields under the same key, so a change there reaches the drawer and filters. */
export const customFieldsQueryKey = ['custom-fields', 'list'] as const;

/** The company's custom user fields in position order (GET /custom-fields). */
export const listCustomFields = (signal?: AbortSignal): Promise<CustomFieldListItem[]> =>
  apiCall('listCustomFields', { signal }).then((response) => response.data);

export const customFieldsQueryOptions = () =>
  queryOptions({
    queryKey: customFieldsQueryKey,
    queryFn: ({ signal }) => listCustomFields(signal),
    staleTime: 60_000,
  });

/** `enabled`: the list's filters ask only once they are opened or in use. */
export const useCustomFields = (enabled = true) => useQuery({ ...customFieldsQueryOptions(), enabled });
