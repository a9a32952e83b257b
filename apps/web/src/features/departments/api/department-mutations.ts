import type { Department, DepartmentCreateBody, DepartmentDeleted, DepartmentUpdateBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { departmentsQueryKey } from '../../../lib/queries/list-departments.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';

export const createDepartment = (body: DepartmentCreateBody): Promise<Department> =>
  apiCall('createDepartment', { body }).then((response) => response.data);

export const updateDepartment = (id: number, body: DepartmentUpdateBody): Promise<Department> =>
  apiCall('updateDepartment', { params: { id }, body }).then((response) => response.data);

export const deleteDepartment = (id: number, reassignTo?: number): Promise<DepartmentDeleted> =>
  apiCall('deleteDepartment', {
    params: { id },
    query: reassignTo === undefined ? {} : { reassign_to: reassignTo },
  }).then((response) => response.data);

/**
 * A change to the tree refetches it (and the pickers that share its query), and the users list,
 * whose department column and subtree filter follow the tree.
 */
function useTreeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: departmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}

export const useCreateDepartment = () => useTreeMutation(createDepartment);

export const useUpdateDepartment = () =>
  useTreeMutation(({ id, body }: { id: number; body: DepartmentUpdateBody }) => updateDepartment(id, body));

export const useDeleteDepartment = () =>
  useTreeMutation(({ id, reassignTo }: { id: number; reassignTo?: number }) => deleteDepartment(id, reassignTo));
