import { queryOptions } from '@tanstack/react-query';
import type { PreferenceStore } from './list-preferences.ts';

export const preferenceQueryKey = (name: string) => ['preferences', name] as const;

/**
 * The read of a list page's saved view: kept for the page's life (the page's own changes update it),
 * never retried (waiting for retries would hold the list back). Shared by the page and by its route,
 * which starts the read beside the session, before the page renders; so this module stays small
 * enough for the console's entry chunk.
 */
export const savedViewQueryOptions = (name: string, store: Pick<PreferenceStore, 'load'>) =>
  queryOptions({
    queryKey: preferenceQueryKey(name),
    queryFn: ({ signal }) => store.load(name, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
