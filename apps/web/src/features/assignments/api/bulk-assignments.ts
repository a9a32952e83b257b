import type { BulkAssignmentsBody, BulkAssignmentsPreviewResponse, BulkAssignmentsResponse } from '@heed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkRequest } from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { assignmentsQueryKey } from './list-assignments.ts';

export type BulkAssignmentsAction = Omit<BulkAssignmentsBody, 'excluded_ids'>;

const bodyOf = (request: BulkRequest, action: BulkAssignmentsAction): BulkAssignmentsBody =>
  request.excludedIds.length > 0 ? { ...action, excluded_ids: request.excludedIds } : action;

/** PUT /assignments?{query}: the summary (200), or the job that runs it (202). */
export async function bulkUpdateAssignments(
  request: BulkRequest,
  action: BulkAssignmentsAction,
): Promise<BulkAssignmentsResponse['data']> {
  const response = await apiCall('bulkUpdateAssignments', { query: request.query, body: bodyOf(request, action) });
  return response.data;
}

/** The mutation; the list refreshes once the change is done (a job's end refreshes it again). */
export function useBulkUpdateAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: { request: BulkRequest; action: BulkAssignmentsAction }) =>
      bulkUpdateAssignments(request, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentsQueryKey }),
  });
}

export const PREVIEW_PAGE_SIZE = 10;

/** POST /assignments/bulk-preview: what the action would do, and one page of who it would change. */
export function useBulkPreview(request: BulkRequest, action: BulkAssignmentsAction | null, page: number) {
  return useQuery({
    queryKey: ['assignments', 'bulk-preview', request, action, page] as const,
    enabled: action !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<BulkAssignmentsPreviewResponse> =>
      apiCall('previewBulkAssignments', {
        query: { ...request.query, page: String(page), per_page: String(PREVIEW_PAGE_SIZE) },
        body: bodyOf(request, action!),
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });
}
