import type { ImportStatus, UserImport } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key: a change to an import refreshes them all. */
export const importsQueryKey = ['users-imports'] as const;

/** While an import is in one of these, its page polls it. */
const BUSY_STATUSES: readonly ImportStatus[] = ['validating', 'queued', 'running'];
/** How often a running import is read again. */
const POLL_MS = 1000;

export const isBusy = (item: Pick<UserImport, 'status'> | undefined) =>
  item !== undefined && BUSY_STATUSES.includes(item.status);

export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'one', id] as const,
    queryFn: ({ signal }) => apiCall('getUserImport', { params: { id }, signal }).then((r) => r.data),
    refetchInterval: (query) => (isBusy(query.state.data) ? POLL_MS : false),
  });

/** One import, polled once a second while its dry run or run is under way. */
export const useUserImport = (id: number | null) => useQuery({ ...importQueryOptions(id ?? 0), enabled: id !== null });

const importsListQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'list', page, perPage] as const,
    queryFn: ({ signal }) => apiCall('listUserImports', { query: { page, per_page: perPage }, signal }),
    // The history keeps running imports' counts fresh.
    refetchInterval: (query) => (query.state.data?.data.some(isBusy) ? POLL_MS * 2 : false),
  });

export const useUserImports = (page: number, perPage: number) =>
  useQuery({ ...importsListQueryOptions(page, perPage), placeholderData: keepPreviousData });
