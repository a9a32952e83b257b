import type { PageMeta, SamlEvent } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { ssoRootKey } from './saml-settings.ts';

export interface EventFilters {
  page: number;
  per_page: number;
  request_id?: string;
}

/** GET /saml/events: sign-ins, refusals with their reason, test sign-ins; newest first. */
export const listSamlEvents = (
  filters: EventFilters,
  signal?: AbortSignal,
): Promise<{ data: SamlEvent[]; meta: PageMeta }> => apiCall('listSamlEvents', { query: { ...filters }, signal });

export const samlEventsQueryOptions = (filters: EventFilters) =>
  queryOptions({
    queryKey: [...ssoRootKey, 'events', filters],
    queryFn: ({ signal }) => listSamlEvents(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useSamlEvents = (filters: EventFilters) => useQuery(samlEventsQueryOptions(filters));
