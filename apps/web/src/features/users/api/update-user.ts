import type { User, UserUpdateBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';

/** Changes some of a user's fields; a field left out keeps its value (spec §7: PUT /users/{id}). */
export const updateUser = (id: number, body: UserUpdateBody, signal?: AbortSignal): Promise<User> =>
  apiCall('updateUser', { params: { id }, body, signal }).then((response) => response.data);

/** Updates a user; their cached record becomes the answer and the users list refetches. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
};
