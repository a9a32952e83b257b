import type { ScimToken } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { hrisRootKey } from './list-scim-tokens.ts';

/** DELETE /scim/tokens/{id}: calls with the token are refused from now on. */
export const revokeScimToken = (id: number): Promise<ScimToken> =>
  apiCall('revokeScimToken', { params: { id } }).then((response) => response.data);

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrisRootKey }),
  });
}
