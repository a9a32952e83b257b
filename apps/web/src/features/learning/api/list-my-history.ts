import type { endpoints } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type MyHistoryPage = ResponseOf<typeof endpoints.listMyHistory>;

/** The completion history shows ten completions a page. */
export const MY_HISTORY_PAGE_SIZE = 10;

export const myHistoryQueryKey = ['my', 'history'] as const;

/** One page of the signed-in learner's completions, newest first (GET /my/history). */
export const listMyHistory = (page: number, signal?: AbortSignal): Promise<MyHistoryPage> =>
  apiCall('listMyHistory', { query: { page, per_page: MY_HISTORY_PAGE_SIZE }, signal });

export const myHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...myHistoryQueryKey, page] as const,
    queryFn: ({ signal }) => listMyHistory(page, signal),
  });

export const useMyHistory = (page: number) =>
  useQuery({ ...myHistoryQueryOptions(page), placeholderData: keepPreviousData });
