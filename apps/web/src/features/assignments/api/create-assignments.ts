import type { CreateAssignmentsBody, LearnerSelection, endpoints } from '@heed/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { assignmentsQueryKey } from './list-assignments.ts';

export type CreateAssignmentsResponse = ResponseOf<typeof endpoints.createAssignments>;

export const createAssignments = (body: CreateAssignmentsBody): Promise<CreateAssignmentsResponse> =>
  apiCall('createAssignments', { body });

/** POST /assignments; the list is stale afterwards (a queued job refreshes it again when it ends). */
export function useCreateAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentsQueryKey }),
  });
}

export const countLearners = (learners: LearnerSelection, signal?: AbortSignal) =>
  apiCall('countAssignmentLearners', { body: { learners }, signal }).then((response) => response.data);

const isEmpty = (s: LearnerSelection) =>
  s.user_ids.length === 0 && s.department_ids.length === 0 && Object.keys(s.custom_fields).length === 0;

/** The live count of who is picked: asked again whenever the selection changes (the older answer is cancelled). */
export function useLearnerCount(selection: LearnerSelection) {
  return useQuery({
    queryKey: ['assignments', 'learner-count', selection] as const,
    queryFn: ({ signal }) => countLearners(selection, signal),
    enabled: !isEmpty(selection),
    placeholderData: (previous) => previous,
    staleTime: 5_000,
  });
}
