import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';

export interface CourseOption {
  value: string;
  label: string;
}

/** The courses of the acting company by name, as filter choices (the first 500). */
export const courseOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['courses', 'options'] as const,
    queryFn: ({ signal }): Promise<CourseOption[]> =>
      apiCall('listCourses', { query: { per_page: 500, sort: 'name', order: 'asc' }, signal }).then((response) =>
        response.data.map((course) => ({ value: String(course.id), label: course.name })),
      ),
    staleTime: 60_000,
  });

/** Shared by the history lists' course filters. */
export const useCourseOptions = () => useQuery(courseOptionsQueryOptions());
