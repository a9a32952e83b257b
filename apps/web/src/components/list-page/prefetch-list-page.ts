import type { QueryClient } from '@tanstack/react-query';
import { parsePreferences, stateFromSaved } from './list-preferences.ts';
import { type ListState, hasListParams, readListState, toApiQuery } from './list-state.ts';
import { savedViewQueryOptions } from './saved-view-query.ts';
import type { ListPageConfig } from './use-list-page.ts';

/** What the first request of a list needs: not the page's columns or components. */
export type ListDataConfig<T> = Pick<ListPageConfig<T>, 'name' | 'rules' | 'listQuery'> & {
  preferences: Pick<ListPageConfig<T>['preferences'], 'load'>;
};

/**
 * The first list request of a page, started by its route before the page has rendered (decision
 * 057): the rows the URL asks for, or else those of the saved view (read first, so the wrong page is
 * never fetched). The page's own query then finds the request in flight, under the same key, as
 * useListPage derives it. A failed read of the view counts as none, as on the page. Kept apart from
 * the page's components so that a route can load it in a small chunk.
 */
export async function prefetchListPage<T>(queryClient: QueryClient, config: ListDataConfig<T>, search: string) {
  const params = new URLSearchParams(search);
  let state: ListState;
  if (hasListParams(params)) {
    state = readListState(params, config.rules);
  } else {
    const saved = await queryClient
      .ensureQueryData(savedViewQueryOptions(config.name, config.preferences))
      .then(parsePreferences, () => null);
    state = stateFromSaved(saved, config.rules);
  }
  await queryClient.prefetchQuery(config.listQuery(toApiQuery(state)));
}
