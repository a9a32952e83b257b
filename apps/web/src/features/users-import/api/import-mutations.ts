import type { UpdateUserImportBody, UserImport } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { importQueryOptions, importsQueryKey } from './imports-query.ts';

/** Puts the server's answer in the import's cache entry and refreshes the rest of the feature. */
function useImportMutation<V>(call: (variables: V) => Promise<UserImport>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      client.setQueryData(importQueryOptions(saved.id).queryKey, saved);
      void client.invalidateQueries({ queryKey: [...importsQueryKey, 'list'] });
      void client.invalidateQueries({ queryKey: [...importsQueryKey, 'errors', saved.id] });
    },
  });
}

/** PUT /users/imports/{id}: the mapping and/or options. */
export const useUpdateImport = () =>
  useImportMutation(({ id, body }: { id: number; body: UpdateUserImportBody }) =>
    apiCall('updateUserImport', { params: { id }, body }).then((r) => r.data),
  );

/** POST /users/imports/{id}/dry-run. */
export const useStartDryRun = () =>
  useImportMutation((id: number) => apiCall('dryRunUserImport', { params: { id } }).then((r) => r.data));

/** POST /users/imports/{id}/run: starts the import, or resumes one that stopped. */
export const useStartImport = () =>
  useImportMutation((id: number) => apiCall('runUserImport', { params: { id } }).then((r) => r.data));
