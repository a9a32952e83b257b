import { type BulkUsersBody, type BulkUsersResponse, USER_BULK_MAX_EXCLUDED } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BulkRequest,
  type ListSelection,
  bulkSelectionProblem,
  bulkSelectionRequest,
} from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';

export type { BulkRequest };

/** The users a selection stands for, as PUT /users reads them (`field[user_id]` for rows picked one by one). */
export const bulkRequest = (selection: ListSelection): BulkRequest => bulkSelectionRequest(selection, 'user_id');

/** Why a selection cannot be sent as it is, or null. */
export const selectionProblem = (selection: ListSelection): string | null =>
  bulkSelectionProblem(selection, 'users', USER_BULK_MAX_EXCLUDED);

export type BulkAction = Omit<BulkUsersBody, 'excluded_ids'>;

/** PUT /users?{query} (spec §7): the summary (200), or the job that runs it (202). */
export async function bulkUpdateUsers(request: BulkRequest, action: BulkAction): Promise<BulkUsersResponse['data']> {
  const body: BulkUsersBody =
    request.excludedIds.length > 0 ? { ...action, excluded_ids: request.excludedIds } : action;
  const response = await apiCall('bulkUpdateUsers', { query: request.query, body });
  return response.data;
}

/** The mutation; the users list refreshes once the change is done (a job's end refreshes it again). */
export function useBulkUpdateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: { request: BulkRequest; action: BulkAction }) => bulkUpdateUsers(request, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey.slice(0, 1) }),
  });
}
