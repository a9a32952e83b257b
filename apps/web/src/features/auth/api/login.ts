import type { endpoints } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RequestOf, apiCall } from '../../../lib/api-client.ts';
import { companyStorage } from '../../../lib/company-storage.ts';
import { sessionHint } from '../../../lib/session-hint.ts';
import { meQueryKey } from './get-me.ts';

export type LoginInput = NonNullable<RequestOf<typeof endpoints.login>['body']>;

export const login = (body: LoginInput) => apiCall('login', { body });

/**
 * Signs in; the session's user becomes the cached `me`, and the server says where to go next.
 * A company chosen earlier in this browser is forgotten unless a site admin signs in (only they may
 * act on another company, and they expect to find the last one again).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!response.data.site_admin) companyStorage.forget();
      sessionHint.signedIn();
      queryClient.setQueryData(meQueryKey, response.data);
    },
  });
}
