import { COURSE_FILTERS, COURSE_SORTS, type endpoints } from '@heed/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { prefetchListPage } from '../../../components/list-page/prefetch-list-page.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { COURSES_LIST_PREFERENCE } from './preference-store.ts';
import { coursesQueryKey } from './query-keys.ts';

export type CoursesPage = ResponseOf<typeof endpoints.listCourses>;

/** One page of the catalog (GET /courses: page, per_page, sort, order, text, `field[name]=`). */
export const listCourses = (query: Record<string, string | number>, signal?: AbortSignal): Promise<CoursesPage> =>
  apiCall('listCourses', { query, signal });

export const listCoursesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...coursesQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => listCourses(query, signal),
  });

/** What the courses list's URL and saved view may hold: the API's sorts and filters; by name by default. */
export const COURSES_LIST_RULES = defaultListRules({
  sortKeys: COURSE_SORTS,
  filterNames: COURSE_FILTERS,
  defaultSort: { sortBy: 'name', sortOrder: 'asc' },
});

/**
 * The courses route's head start (decision 057): the first page of the catalog, the one the list page
 * will ask for (after its saved view), requested before the page has rendered.
 */
export const prefetchCoursesList = (queryClient: QueryClient, search: string) =>
  prefetchListPage(
    queryClient,
    {
      name: COURSES_LIST_PREFERENCE,
      rules: COURSES_LIST_RULES,
      listQuery: listCoursesQueryOptions,
      preferences: apiPreferenceStore,
    },
    search,
  );
