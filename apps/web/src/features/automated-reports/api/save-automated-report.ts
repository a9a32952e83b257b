import type { AutomatedReport, AutomatedReportBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { automatedReportsQueryKey } from './query-keys.ts';

/** POST /automated-reports, or PUT /automated-reports/{id} when the report exists. */
export const saveAutomatedReport = (id: number | null, body: AutomatedReportBody): Promise<AutomatedReport> =>
  id === null
    ? apiCall('createAutomatedReport', { body }).then((response) => response.data)
    : apiCall('updateAutomatedReport', { params: { id }, body }).then((response) => response.data);

export function useSaveAutomatedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AutomatedReportBody }) => saveAutomatedReport(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automatedReportsQueryKey }),
  });
}

/** DELETE /automated-reports/{id}. */
export function useDeleteAutomatedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('deleteAutomatedReport', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automatedReportsQueryKey }),
  });
}
