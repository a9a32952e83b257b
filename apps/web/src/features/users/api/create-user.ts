import type { User, UserCreateBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';

/** Creates a user in the company the console acts on (spec §7: POST /users). */
export const createUser = (body: UserCreateBody, signal?: AbortSignal): Promise<User> =>
  apiCall('createUser', { body, signal }).then((response) => response.data);

/** Creates a user; the users list refetches and the new user's record is cached. */
export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => createUser(body),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
};
