import type {
  CategoryTreeNode,
  CourseCategory,
  CourseCategoryCreateBody,
  CourseCategoryUpdateBody,
} from '@heed/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { courseCategoriesQueryKey, coursesQueryKey } from './query-keys.ts';

/** The category tree under the System Root (id 0), without the courses. */
export const listCourseCategories = (signal?: AbortSignal): Promise<CategoryTreeNode> =>
  apiCall('listCourseCategories', { signal }).then((response) => response.data);

export const courseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...courseCategoriesQueryKey, 'tree'] as const,
    queryFn: ({ signal }) => listCourseCategories(signal),
    staleTime: 60_000,
  });

/** `enabled`: a filter asks only once it is opened or in use. */
export const useCourseCategories = (enabled = true) => useQuery({ ...courseCategoriesQueryOptions(), enabled });

const createCategory = (body: CourseCategoryCreateBody): Promise<CourseCategory> =>
  apiCall('createCourseCategory', { body }).then((response) => response.data);

const updateCategory = ({ id, body }: { id: number; body: CourseCategoryUpdateBody }): Promise<CourseCategory> =>
  apiCall('updateCourseCategory', { params: { id }, body }).then((response) => response.data);

const deleteCategory = (id: number): Promise<{ id: number }> =>
  apiCall('deleteCourseCategory', { params: { id } }).then((response) => response.data);

/** A change to the tree refetches it, and the course list whose category column and filter follow it. */
function useCategoryMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseCategoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: coursesQueryKey }),
      ]),
  });
}

export const useCreateCategory = () => useCategoryMutation(createCategory);
export const useUpdateCategory = () => useCategoryMutation(updateCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
