import type { PageMeta, ProvisioningLogEntry, ProvisioningLogQuery } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { hrisRootKey } from './list-scim-tokens.ts';

export type LogFilters = Pick<ProvisioningLogQuery, 'page' | 'per_page' | 'operation' | 'result'>;

/** GET /scim/log: the SCIM calls made with the company's tokens, newest first. */
export const listProvisioningLog = (
  filters: LogFilters,
  signal?: AbortSignal,
): Promise<{ data: ProvisioningLogEntry[]; meta: PageMeta }> =>
  apiCall('listProvisioningLog', {
    query: {
      page: String(filters.page),
      per_page: String(filters.per_page),
      ...(filters.operation ? { operation: filters.operation } : {}),
      ...(filters.result ? { result: filters.result } : {}),
    },
    signal,
  });

export const provisioningLogQueryOptions = (filters: LogFilters) =>
  queryOptions({
    queryKey: [...hrisRootKey, 'log', filters],
    queryFn: ({ signal }) => listProvisioningLog(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useProvisioningLog = (filters: LogFilters) => useQuery(provisioningLogQueryOptions(filters));
