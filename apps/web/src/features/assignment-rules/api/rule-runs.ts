import type { PageMeta, RuleRun } from '@heed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { assignmentsQueryKey, rulesQueryKey } from './query-keys.ts';

export type RunNowResult = RuleRun | { job_id: number; run_id: number; learners: number };

/** GET /assignment-rules/{id}/runs, newest first. */
export function useRuleRuns(id: number, page: number) {
  return useQuery({
    queryKey: [...rulesQueryKey, 'runs', id, page] as const,
    queryFn: ({ signal }) =>
      apiCall('listAssignmentRuleRuns', { params: { id }, query: { page, per_page: 10 }, signal }) as Promise<{
        data: RuleRun[];
        meta: PageMeta;
      }>,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: rulesQueryKey });
    void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
  };
}

/** POST /assignment-rules/{id}/run: the run, or a job over 1,000 learners. */
export function useRunRule() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall('runAssignmentRule', { params: { id } }).then((response) => response.data as RunNowResult),
    onSuccess: invalidate,
  });
}

/** POST /assignment-rules/{id}/runs/{runId}/undo. */
export function useUndoRun() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, runId, deactivate }: { id: number; runId: number; deactivate: boolean }) =>
      apiCall('undoAssignmentRuleRun', { params: { id, runId }, body: { deactivate_rule: deactivate } }).then(
        (response) => response.data,
      ),
    onSuccess: invalidate,
  });
}

export { useInvalidateAll as useInvalidateRules };
