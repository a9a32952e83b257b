import { endpoints } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RequestOf, apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';

export type LoginInput = NonNullable<RequestOf<typeof endpoints.login>['body']>;

export const login = (body: LoginInput) => apiCall(endpoints.login, { body });

/** Signs in; the session's user becomes the cached `me`, and the server says where to go next. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => queryClient.setQueryData(meQueryKey, response.data),
  });
}
