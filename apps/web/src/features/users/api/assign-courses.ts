import {
  ASSIGNMENT_MAX_USER_IDS,
  type CreateAssignmentsBody,
  type CreateAssignmentsQueued,
  type CreateAssignmentsResult,
} from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListSelection, toFilterQuery } from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';
import { fetchAllPages } from './fetch-all-pages.ts';
import { listUsers } from './list-users.ts';

/** Users read per request while gathering "all N matching" for an assignment. */
const ID_PAGE = 500;

export class TooManyLearners extends Error {
  constructor() {
    super(
      `Assign courses to at most ${ASSIGNMENT_MAX_USER_IDS.toLocaleString('en-US')} users at once here; for more, use New assignment with departments or a custom field.`,
    );
  }
}

/**
 * The users a selection stands for, as ids: the ticked rows, or every user of the list's filter
 * (read page by page) less the unticked ones. New assignment's own create path takes them as people.
 */
export async function selectedUserIds(selection: ListSelection, total: number, signal?: AbortSignal) {
  if (!selection.allMatching) return [...selection.ids].map(Number);
  if (total - selection.excluded.size > ASSIGNMENT_MAX_USER_IDS) throw new TooManyLearners();
  const { sort: _s, order: _o, ...filter } = toFilterQuery({ ...selection.filter, sortBy: 'id', sortOrder: 'asc' });
  const users = await fetchAllPages(
    (query, pageSignal) => listUsers(query, pageSignal),
    { ...filter, sort: 'id', order: 'asc', per_page: ID_PAGE },
    signal,
  );
  const ids = users.map((user) => user.id).filter((id) => !selection.excluded.has(String(id)));
  if (ids.length > ASSIGNMENT_MAX_USER_IDS) throw new TooManyLearners();
  return ids;
}

export type AssignOutcome = CreateAssignmentsResult | CreateAssignmentsQueued;

/** POST /assignments (New assignment's create path) for named users; the users' assignments refresh. */
export function useAssignCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAssignmentsBody): Promise<AssignOutcome> =>
      (await apiCall('createAssignments', { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey.slice(0, 1) }),
  });
}

/** Removes one assignment (PUT /assignments?field[id]=…, action remove): a completion is kept and said so. */
export function useRemoveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assignmentId: number) =>
      (
        await apiCall('bulkUpdateAssignments', {
          query: { 'field[id]': String(assignmentId) },
          body: { action: 'remove' },
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey.slice(0, 1) }),
  });
}
