import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { companyAssetsKey } from '../../../lib/queries/company-assets.ts';

/** DELETE /companies/assets?path= (spec §7): refused with 409, naming what uses it, while anything does. */
export const deleteAsset = (path: string) => apiCall('deleteAsset', { query: { path } });

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAssetsKey }),
  });
}
