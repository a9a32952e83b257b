import type { CustomFieldListItem } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Every custom-field query starts with this; a change on this page refetches them all (the users page's too). */
export const customFieldsRootKey = ['custom-fields'] as const;
const withCountsKey = [...customFieldsRootKey, 'list', 'with-counts'] as const;

/** The company's fields in position order, each with how many users hold a value (GET /custom-fields?with_counts=1). */
const listCustomFieldsWithCounts = (signal?: AbortSignal): Promise<CustomFieldListItem[]> =>
  apiCall('listCustomFields', { query: { with_counts: '1' }, signal }).then((response) => response.data);

const customFieldsWithCountsQueryOptions = () =>
  queryOptions({ queryKey: withCountsKey, queryFn: ({ signal }) => listCustomFieldsWithCounts(signal) });

export const useCustomFieldsWithCounts = () => useQuery(customFieldsWithCountsQueryOptions());
