import { type BulkUsersBody, type BulkUsersResponse, USER_BULK_MAX_EXCLUDED } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListSelection, toFilterQuery } from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';

/** The server reads at most this many values per `field[…]` filter: more rows picked one by one need "all matching". */
const MAX_SELECTED_IDS = 500;

export interface BulkRequest {
  query: Record<string, string>;
  excludedIds: number[];
}

/**
 * The users a selection stands for, as PUT /users reads them: rows picked one by one as
 * `field[user_id]=1,2,3`; "all N matching" as the list's filter (with `all=1` when the list is
 * unfiltered, which the server demands before acting on everyone) less the unticked rows.
 */
export function bulkRequest(selection: ListSelection): BulkRequest {
  if (!selection.allMatching) return { query: { 'field[user_id]': [...selection.ids].join(',') }, excludedIds: [] };
  const {
    sort: _sort,
    order: _order,
    ...filter
  } = toFilterQuery({ ...selection.filter, sortBy: 'id', sortOrder: 'asc' });
  const query: Record<string, string> = Object.keys(filter).length > 0 ? filter : { all: '1' };
  return { query, excludedIds: [...selection.excluded].map(Number) };
}

/** Why a selection cannot be sent as it is, or null. */
export function selectionProblem(selection: ListSelection): string | null {
  if (!selection.allMatching && selection.ids.size > MAX_SELECTED_IDS)
    return `Pick at most ${MAX_SELECTED_IDS} users one by one, or select all matching the filter.`;
  if (selection.allMatching && selection.excluded.size > USER_BULK_MAX_EXCLUDED)
    return `Untick at most ${USER_BULK_MAX_EXCLUDED.toLocaleString('en-US')} users, or narrow the filter.`;
  return null;
}

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
