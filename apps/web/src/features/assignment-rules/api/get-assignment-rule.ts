import type { AssignmentRule } from '@heed/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { rulesQueryKey } from './query-keys.ts';

/**
 * GET /assignment-rules/{id}: the open rule as it is now. It starts from the row (or the save's
 * answer) it was opened with, and a run, an undo or an exclusion (which invalidate every rules query)
 * brings its counts up to date.
 */
export function useAssignmentRule(rule: AssignmentRule | null): AssignmentRule | null {
  const query = useQuery({
    queryKey: [...rulesQueryKey, 'one', rule?.id ?? null] as const,
    queryFn: ({ signal }) =>
      apiCall('getAssignmentRule', { params: { id: rule?.id ?? 0 }, signal }).then((response) => response.data),
    enabled: rule !== null,
    initialData: rule ?? undefined,
  });
  return rule === null ? null : (query.data ?? rule);
}
