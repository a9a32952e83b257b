import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { importsQueryKey } from './imports-query.ts';

/** POST /jobs/{id}/cancel for an import's dry run or run; the import is then read again (it ends failed). */
export const useCancelImportJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => apiCall('cancelJob', { params: { id: jobId } }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: importsQueryKey }),
  });
};
