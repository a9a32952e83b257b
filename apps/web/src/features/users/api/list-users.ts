import { CUSTOM_FIELD_FILTER_PREFIX, USER_FILTER_FIELDS, USER_SORTS, type endpoints } from '@heed/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { prefetchListPage } from '../../../components/list-page/prefetch-list-page.ts';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';
import { USERS_LIST_PREFERENCE } from './preference-store.ts';
import { getPreference } from './get-preference.ts';
import { customFieldsQueryOptions } from '../../../lib/queries/custom-fields.ts';

export type UsersPage = ResponseOf<typeof endpoints.listUsers>;

/** GET /users query: page, per_page, sort, order, text and `field[name]=a,b` filters (spec §7). */
export type UsersQuery = Record<string, string | number>;

/** One page of the company's users; `signal` lets a newer filter cancel it (spec §7: supports cancellation). */
export const listUsers = (query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> =>
  apiCall('listUsers', { query, signal });

export const listUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, query] as const,
    queryFn: ({ signal }) => listUsers(query, signal),
  });

/** What the users list's URL and saved view may hold: its sorts and filters (spec §7). */
export const USERS_LIST_RULES = defaultListRules({
  sortKeys: USER_SORTS,
  filterNames: USER_FILTER_FIELDS,
  filterPrefixes: [CUSTOM_FIELD_FILTER_PREFIX],
  // The header's user search narrows one visit to one user; that is not a view to keep.
  transientFilters: ['user_id'],
});

/**
 * The users route's head start (decision 057): the first page of users, the one the list page will
 * ask for, and the company's custom fields (the table's custom columns, decision 022), both requested
 * before the page has rendered; the fields do not wait for the saved view. Loaded by the route without
 * the page's chunk.
 */
export const prefetchUsersList = (queryClient: QueryClient, search: string) => {
  void queryClient.prefetchQuery(customFieldsQueryOptions());
  return prefetchListPage(
    queryClient,
    {
      name: USERS_LIST_PREFERENCE,
      rules: USERS_LIST_RULES,
      listQuery: listUsersQueryOptions,
      preferences: { load: getPreference },
    },
    search,
  );
};
