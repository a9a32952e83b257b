import type { endpoints } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RequestOf, apiCall } from '../../../lib/api-client.ts';
import { companyStorage } from '../../../lib/company-storage.ts';
import { meQueryKey } from './get-me.ts';

export type ResetPasswordInput = NonNullable<RequestOf<typeof endpoints.resetPassword>['body']>;

/** Sets a new password with a reset link's token (POST /password/reset); the user is signed in afresh. */
export const resetPassword = (body: ResetPasswordInput) => apiCall('resetPassword', { body });

/** Like signing in: the new session's user becomes the cached `me`, and the server says where to go. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      if (!response.data.site_admin) companyStorage.forget();
      queryClient.setQueryData(meQueryKey, response.data);
    },
  });
}
