import type { Course, CourseBodyInput } from '@heed/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { courseCategoriesQueryKey, coursesQueryKey } from './query-keys.ts';

/** What a save answers: the course document, with the version the save published. */
export type SavedCourse = Course;

export const getCourse = (id: number, signal?: AbortSignal): Promise<SavedCourse> =>
  apiCall('getCourse', { params: { id }, signal }).then((response) => response.data);

export const courseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...coursesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getCourse(id, signal),
  });

export const useCourse = (id: number | null) =>
  useQuery({ ...courseQueryOptions(id ?? 0), enabled: id !== null, staleTime: 0, gcTime: 0 });

const createCourse = (body: CourseBodyInput): Promise<SavedCourse> =>
  apiCall('createCourse', { body }).then((response) => response.data);

const updateCourse = (id: number, body: CourseBodyInput): Promise<SavedCourse> =>
  apiCall('updateCourse', { params: { id }, body }).then((response) => response.data);

const deleteCourse = (id: number): Promise<{ id: number }> =>
  apiCall('deleteCourse', { params: { id } }).then((response) => response.data);

/** A change to a course refreshes the list and the category tree's course leaves. */
function useCourseMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...coursesQueryKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: courseCategoriesQueryKey }),
      ]),
  });
}

/** POST when there is no id yet, PUT otherwise: either way the whole document (a new version). */
export const useSaveCourse = () =>
  useCourseMutation(({ id, body }: { id: number | null; body: CourseBodyInput }) =>
    id === null ? createCourse(body) : updateCourse(id, body),
  );

export const useDeleteCourse = () => useCourseMutation(deleteCourse);
