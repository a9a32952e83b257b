import type { AutomatedReportRun, PageMeta } from '@heed/contract';
import { endpointRoutes, endpointUrl } from '@heed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { automatedReportsQueryKey } from './query-keys.ts';

/** GET /automated-reports/{id}/runs, newest first, with their files. */
export function useReportRuns(id: number, page: number) {
  return useQuery({
    queryKey: [...automatedReportsQueryKey, 'runs', id, page] as const,
    queryFn: ({ signal }) =>
      apiCall('listAutomatedReportRuns', { params: { id }, query: { page, per_page: 10 }, signal }) as Promise<{
        data: AutomatedReportRun[];
        meta: PageMeta;
      }>,
    placeholderData: keepPreviousData,
  });
}

export function useInvalidateReports() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: automatedReportsQueryKey });
}

/** POST /automated-reports/{id}/run: the queued run and its job (for the progress bar). */
export function useRunReportNow() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (id: number) => apiCall('runAutomatedReport', { params: { id } }).then((response) => response.data),
    onSuccess: invalidate,
  });
}

/** Downloads one file of a run with the blob download helper (spec §7). */
export const downloadRunFile = (reportId: number, runId: number, fileId: number, fileName: string) =>
  downloadFile(endpointUrl(endpointRoutes.downloadAutomatedReportFile, { id: reportId, runId, fileId }), fileName);
