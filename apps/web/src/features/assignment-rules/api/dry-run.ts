import type { DryRunBody, DryRunResponse, ExistingRow, PageMeta } from '@heed/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { rulesQueryKey } from './query-keys.ts';

/** POST /assignment-rules/dry-run: counts and a page of who, nothing written. */
export const dryRunRule = (body: DryRunBody, signal?: AbortSignal): Promise<DryRunResponse> =>
  apiCall('dryRunAssignmentRule', { body, signal });

/** The dry run of a draft; `enabled` once the draft has conditions and courses. */
export function useDryRun(body: DryRunBody, enabled: boolean) {
  return useQuery({
    queryKey: [...rulesQueryKey, 'dry-run', body] as const,
    queryFn: ({ signal }) => dryRunRule(body, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /assignment-rules/{id}/existing: the rule's open assignments and the due date new days would give. */
export function useExistingPreview(id: number | null, dueDays: number | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...rulesQueryKey, 'existing', id, dueDays, page] as const,
    queryFn: ({ signal }) =>
      apiCall('previewAssignmentRuleExisting', {
        params: { id: id! },
        body: { due_days: dueDays, page, per_page: 10 },
        signal,
      }) as Promise<{ data: ExistingRow[]; meta: PageMeta }>,
    enabled: enabled && id !== null,
    placeholderData: keepPreviousData,
  });
}
