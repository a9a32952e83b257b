import type { CourseListItem, CustomFieldListItem } from '@heed/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The company's custom user fields (GET /custom-fields), for custom field conditions. */
export function useRuleCustomFields() {
  return useQuery({
    queryKey: ['custom-fields', 'list'] as const,
    queryFn: ({ signal }) =>
      apiCall('listCustomFields', { signal }).then((response) => response.data as CustomFieldListItem[]),
    staleTime: 60_000,
  });
}

/** The active courses the company may use, by name (GET /courses), for the rule's courses. */
export function useRuleCourses() {
  return useQuery({
    queryKey: ['courses', 'rule-picker'] as const,
    queryFn: ({ signal }) =>
      apiCall('listCourses', { query: { per_page: 500, sort: 'name', order: 'asc' }, signal }).then(
        (response) => response.data as CourseListItem[],
      ),
    staleTime: 60_000,
  });
}
