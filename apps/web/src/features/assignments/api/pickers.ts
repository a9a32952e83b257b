import type { CustomFieldListItem, User } from '@heed/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The most people the people picker lists (by name); departments and custom fields pick larger groups. */
export const PEOPLE_PICKER_LIMIT = 500;

/**
 * Active people in the caller's reach by last name, for the users selectable modal: the first
 * PEOPLE_PICKER_LIMIT, or with `text` those whose name, username or e-mail holds it (the users list's
 * own search), so anyone in a large company can be found by name.
 */
export function usePeople(enabled: boolean, text = '') {
  return useQuery({
    queryKey: ['assignments', 'people', text] as const,
    queryFn: ({ signal }) =>
      apiCall('listUsers', {
        query: {
          per_page: PEOPLE_PICKER_LIMIT,
          sort: 'last_name',
          order: 'asc',
          'field[suspended]': '0',
          ...(text ? { text } : {}),
        },
        signal,
      }).then((response) => ({ users: response.data as User[], total: response.meta.total })),
    enabled,
    staleTime: 60_000,
  });
}

/** The company's custom user fields (GET /custom-fields), for the custom-field filter. */
export function useCustomFieldList(enabled = true) {
  return useQuery({
    queryKey: ['custom-fields', 'list'] as const,
    queryFn: ({ signal }) =>
      apiCall('listCustomFields', { signal }).then((response) => response.data as CustomFieldListItem[]),
    enabled,
    staleTime: 60_000,
  });
}
