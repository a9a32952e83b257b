import type { PageMeta } from '@heed/contract';
import { type UseQueryOptions, type UseQueryResult, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type PreferenceStore, stateFromSaved, toPreferences } from './list-preferences.ts';
import {
  type FilterValues,
  type ListRules,
  type ListState,
  type SortOrder,
  cleanFilters,
  filterKey,
  hasListParams,
  isListParam,
  listStateParams,
  readListState,
  sameFilters,
  searchWithState,
  toApiQuery,
  toSearch,
} from './list-state.ts';
import { type ListSelection, noSelection } from './selection.ts';
import { useListPreferences } from './use-list-preferences.ts';

export interface PagedResult<T> {
  data: T[];
  meta: PageMeta;
}

/** The query of one page of a list: a feature's `queryOptions` (the fetcher must pass `signal` on). */
export type ListQueryOptions<T> = UseQueryOptions<PagedResult<T>, Error, PagedResult<T>, any>;

export interface ListPageConfig<T> {
  /** The preference name of the page's saved view, e.g. 'users-list'. */
  name: string;
  rules: ListRules;
  /** Columns of a fresh view, in order. */
  defaultColumns: readonly string[];
  listQuery: (query: Record<string, string | number>) => ListQueryOptions<T>;
  preferences: PreferenceStore;
}

export interface ListPage<T> {
  name: string;
  rules: ListRules;
  state: ListState;
  query: UseQueryResult<PagedResult<T>>;
  rows: T[];
  /** The last page's meta while the next page loads; undefined before the first answer. */
  meta: PageMeta | undefined;
  /** Filters or text narrow the list (the empty state then offers to clear them). */
  isFiltered: boolean;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** Sorts by a key: ascending first, then the other way on each further call. */
  toggleSort: (sortBy: string) => void;
  setSort: (sortBy: string, sortOrder: SortOrder) => void;
  setText: (text: string) => void;
  setFilter: (name: string, values: string[]) => void;
  clearFilters: () => void;
  columnIds: string[];
  defaultColumns: readonly string[];
  setColumnIds: (ids: string[]) => void;
  /** Nothing differs from a fresh view: the page's columns, sort, size and filters. */
  isDefaultView: boolean;
  /** Back to the page's defaults: columns, sort, size, filters; the saved view is deleted. */
  resetView: () => Promise<void>;
  selection: ListSelection;
  setSelection: (selection: ListSelection) => void;
}

/**
 * The state of a list page (PRODUCT.md "Pages"): the URL says what is shown, so a view can be linked
 * and the back button works; a URL without list parameters opens the reader's saved view, which is
 * read before the first list call and saved (debounced) whenever they change columns, sort, filters
 * or page size. A new filter cancels the call in flight (TanStack Query's signal) and clears the
 * selection.
 */
export function useListPage<T>(config: ListPageConfig<T>): ListPage<T> {
  const { rules, name } = config;
  const location = useLocation();
  const navigate = useNavigate();
  const prefs = useListPreferences(name, config.preferences);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const fromUrl = hasListParams(params);
  const derived = useMemo(
    () => (fromUrl ? readListState(params, rules) : stateFromSaved(prefs.saved, rules)),
    [fromUrl, params, rules, prefs.saved],
  );
  // A change shows at once, while the router is still on the address it leaves (its loaders run first):
  // ticking two roles in quick succession must keep both.
  // Once the address has moved on, the change is in it: forget it (going back must not bring it back).
  const [pending, setPending] = useState<{ from: string; state: ListState } | null>(null);
  const [seenKey, setSeenKey] = useState(location.key);
  const moved = seenKey !== location.key;
  if (moved) {
    setSeenKey(location.key);
    setPending(null);
  }
  const state = pending && !moved && pending.from === location.key ? pending.state : derived;
  const columnIds = useMemo(() => {
    const saved = prefs.saved?.columns;
    return saved && saved.length > 0 ? saved : [...config.defaultColumns];
  }, [prefs.saved, config.defaultColumns]);

  const apiQuery = useMemo(() => toApiQuery(state), [state]);
  const query = useQuery({
    ...config.listQuery(apiQuery),
    // The saved view decides what to fetch unless the URL does.
    enabled: fromUrl || prefs.isSettled,
    placeholderData: keepPreviousData,
  });

  const go = useCallback(
    (next: ListState, replace = false) => {
      const search = searchWithState(params, next, rules);
      if (search === location.search) return;
      setPending({ from: location.key, state: next });
      navigate({ pathname: location.pathname, search }, { replace });
    },
    [params, rules, navigate, location.pathname, location.search, location.key],
  );

  /** A change of the view: into the URL (a history entry) and into the saved view. */
  const change = useCallback(
    (patch: Partial<ListState>, columns = columnIds) => {
      const next = { ...state, ...patch };
      go(next);
      prefs.save(toPreferences(next, columns, rules));
    },
    [state, go, prefs, rules, columnIds],
  );

  // A bare URL opening a saved view shows it in the address, so the view can be linked.
  useEffect(() => {
    if (!fromUrl && prefs.isSettled) go(state, true);
  }, [fromUrl, prefs.isSettled, go, state]);

  // A page past the end (rows deleted meanwhile, or an old link): the last page instead.
  const meta = query.data?.meta;
  useEffect(() => {
    if (meta && !query.isPlaceholderData && state.page > meta.last_page) go({ ...state, page: meta.last_page }, true);
  }, [meta, query.isPlaceholderData, state, go]);

  const currentFilter = filterKey(state);
  const [selected, setSelected] = useState({ filter: currentFilter, selection: noSelection });
  // A selection belongs to the rows of one filter: a new filter starts with none.
  const selection = selected.filter === currentFilter ? selected.selection : noSelection;
  const setSelection = useCallback(
    (next: ListSelection) => setSelected({ filter: currentFilter, selection: next }),
    [currentFilter],
  );

  const setFilters = (filters: FilterValues) => change({ filters: cleanFilters(filters), page: 1 });

  return {
    name,
    rules,
    state,
    query,
    rows: query.data?.data ?? [],
    meta,
    isFiltered: state.text !== '' || Object.keys(state.filters).length > 0,
    setPage: (page) => go({ ...state, page }),
    setPerPage: (perPage) => change({ perPage, page: 1 }),
    toggleSort: (sortBy) =>
      change({ sortBy, sortOrder: state.sortBy === sortBy && state.sortOrder === 'asc' ? 'desc' : 'asc', page: 1 }),
    setSort: (sortBy, sortOrder) => change({ sortBy, sortOrder, page: 1 }),
    // The text is not part of the saved view.
    setText: (text) => go({ ...state, text: text.trim(), page: 1 }),
    setFilter: (filterName, values) => setFilters({ ...state.filters, [filterName]: values }),
    clearFilters: () => {
      const next = { ...state, text: '', filters: cleanFilters(rules.filterDefault), page: 1 };
      go(next);
      if (!sameFilters(state.filters, next.filters)) prefs.save(toPreferences(next, columnIds, rules));
    },
    columnIds,
    defaultColumns: config.defaultColumns,
    setColumnIds: (ids) => change({}, ids),
    isDefaultView: listStateParams(state, rules).length === 0 && columnIds.join() === config.defaultColumns.join(),
    resetView: async () => {
      await prefs.reset();
      const others = [...params].filter(([key]) => !isListParam(key));
      navigate({ pathname: location.pathname, search: toSearch(others) });
    },
    selection,
    setSelection,
  };
}
