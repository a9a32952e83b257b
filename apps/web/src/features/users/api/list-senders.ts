import { ROLE, type User } from '@heed/contract';
import { fetchAllPages } from './fetch-all-pages.ts';
import { listUsers } from './list-users.ts';

/** The notification senders (spec §6, §7): Company and Department Managers who are not suspended. */
const SENDERS_QUERY = {
  'field[role]': `${ROLE.CompanyManager},${ROLE.DepartmentManager}`,
  'field[suspended]': '0',
  sort: 'last_name',
  per_page: 100,
} as const;

/** Every sender, over all pages; a failure yields an empty list (spec §8). */
export async function listSenders(signal?: AbortSignal): Promise<User[]> {
  try {
    return await fetchAllPages(listUsers, SENDERS_QUERY, signal);
  } catch (error) {
    // A cancelled call is not a failure: the query that asked for it is gone.
    if (signal?.aborted) throw error;
    return [];
  }
}
