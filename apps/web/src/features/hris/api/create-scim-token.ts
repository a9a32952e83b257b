import type { ScimTokenCreated } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { hrisRootKey } from './list-scim-tokens.ts';

/** POST /scim/tokens: a new token; its secret is in this answer only. */
export const createScimToken = (name: string): Promise<ScimTokenCreated['data']> =>
  apiCall('createScimToken', { body: { name } }).then((response) => response.data);

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrisRootKey }),
  });
}
