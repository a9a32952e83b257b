import { API_PREFIX, API_VERSION_PREFIX, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type CourseActivityPage = ResponseOf<typeof endpoints.listCourseActivity>;

export const listCourseActivity = (
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<CourseActivityPage> => apiCall('listCourseActivity', { query, signal });

export const listCourseActivityQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['course-activity', 'list', query] as const,
    queryFn: ({ signal }) => listCourseActivity(query, signal),
  });

/** GET /api/v3/course-activity/export?format=csv|xlsx&<the list's filters> */
export const COURSE_ACTIVITY_EXPORT_URL = `${API_PREFIX}${API_VERSION_PREFIX}/course-activity/export`;
