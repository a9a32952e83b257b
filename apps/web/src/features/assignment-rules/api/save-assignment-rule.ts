import type { AssignmentRule, AssignmentRuleBody, UpdateAssignmentRuleBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { assignmentsQueryKey, rulesQueryKey } from './query-keys.ts';

/** POST /assignment-rules, or PUT /assignment-rules/{id} when the rule exists. */
export const saveAssignmentRule = (id: number | null, body: UpdateAssignmentRuleBody): Promise<AssignmentRule> =>
  id === null
    ? apiCall('createAssignmentRule', { body: body as AssignmentRuleBody }).then((response) => response.data)
    : apiCall('updateAssignmentRule', { params: { id }, body }).then((response) => response.data);

export function useSaveAssignmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: UpdateAssignmentRuleBody }) => saveAssignmentRule(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rulesQueryKey });
      void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    },
  });
}

/** DELETE /assignment-rules/{id}. */
export function useDeleteAssignmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('deleteAssignmentRule', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
  });
}
