import type { PageMeta, RuleExclusion } from '@heed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { assignmentsQueryKey, rulesQueryKey } from './query-keys.ts';

/** GET /assignment-rules/{id}/exclusions. */
export function useRuleExclusions(id: number, page: number) {
  return useQuery({
    queryKey: [...rulesQueryKey, 'exclusions', id, page] as const,
    queryFn: ({ signal }) =>
      apiCall('listAssignmentRuleExclusions', { params: { id }, query: { page, per_page: 10 }, signal }) as Promise<{
        data: RuleExclusion[];
        meta: PageMeta;
      }>,
    placeholderData: keepPreviousData,
  });
}

function useChange<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rulesQueryKey });
      void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    },
  });
}

/** POST /assignment-rules/{id}/exclusions: take a learner off one of the rule's courses. */
export const useExcludeLearner = () =>
  useChange(({ id, userId, courseId }: { id: number; userId: number; courseId: number }) =>
    apiCall('createAssignmentRuleExclusion', { params: { id }, body: { user_id: userId, course_id: courseId } }),
  );

/** DELETE /assignment-rules/{id}/exclusions/{exclusionId}: lift it. */
export const useLiftExclusion = () =>
  useChange(({ id, exclusionId }: { id: number; exclusionId: number }) =>
    apiCall('deleteAssignmentRuleExclusion', { params: { id, exclusionId } }),
  );
