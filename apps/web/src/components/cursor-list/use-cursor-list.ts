import type { CursorMeta } from '@heed/contract';
import { type UseQueryOptions, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterValues } from '../list-page/list-state.ts';

export interface CursorResult<T> {
  data: T[];
  meta: CursorMeta;
}

export type CursorQueryOptions<T> = UseQueryOptions<CursorResult<T>, Error, CursorResult<T>, any>;

export interface CursorListConfig<T> {
  listQuery: (query: Record<string, string | number>) => CursorQueryOptions<T>;
  perPage?: number;
  /** Extra query the list always sends (e.g. `order`). */
  fixed?: Record<string, string>;
}

const FIELD_PARAM = /^field\[([^\]]+)\]$/;

/** The text and filters an address asks for (`?text=…&field[action]=a,b`): a link shows the same view. */
export function readCursorView(params: URLSearchParams): { text: string; filters: FilterValues } {
  const filters: FilterValues = {};
  for (const [key, value] of params) {
    const name = FIELD_PARAM.exec(key)?.[1];
    if (name && value !== '') filters[name] = value.split(',');
  }
  return { text: (params.get('text') ?? '').trim(), filters };
}

/** `current` with the view's text and filters in place of the old ones; other parameters are kept. */
export function cursorViewParams(
  current: URLSearchParams,
  view: { text: string; filters: FilterValues },
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) if (key !== 'text' && !FIELD_PARAM.test(key)) next.append(key, value);
  if (view.text) next.set('text', view.text);
  for (const [name, values] of Object.entries(view.filters))
    if (values.length > 0) next.set(`field[${name}]`, values.join(','));
  return next;
}

/**
 * The state of a keyset-paged list (the history lists, decision 071): text and filters, kept in the
 * address so a filtered view can be bookmarked and shared, and the cursors of the pages read so far,
 * so that "Newer" goes back without asking the server for a page number. A new filter starts again
 * from the first page.
 */
export function useCursorList<T>(config: CursorListConfig<T>) {
  const perPage = config.perPage ?? 25;
  const [params, setParams] = useSearchParams();
  const { text, filters } = useMemo(() => readCursorView(params), [params]);
  const setView = useCallback(
    (change: (view: { text: string; filters: FilterValues }) => { text: string; filters: FilterValues }) =>
      setParams((current) => cursorViewParams(current, change(readCursorView(current))), { replace: true }),
    [setParams],
  );
  // cursors[i] opens page i + 1; the first page has none. They belong to one view: another view (a
  // filter set here, or Back in the browser) starts from its first page.
  const viewKey = JSON.stringify([text, filters]);
  const [paging, setPaging] = useState<{ view: string; cursors: string[] }>({ view: viewKey, cursors: [] });
  const cursors = paging.view === viewKey ? paging.cursors : [];
  const setCursors = useCallback(
    (change: (current: string[]) => string[]) =>
      setPaging((current) => ({ view: viewKey, cursors: change(current.view === viewKey ? current.cursors : []) })),
    [viewKey],
  );
  const query = useMemo(() => {
    const q: Record<string, string | number> = { per_page: perPage, ...config.fixed };
    if (text) q.text = text;
    for (const [name, values] of Object.entries(filters)) if (values.length > 0) q[`field[${name}]`] = values.join(',');
    const cursor = cursors.at(-1);
    if (cursor) q.cursor = cursor;
    return q;
  }, [perPage, config.fixed, text, filters, cursors]);
  const result = useQuery({ ...config.listQuery(query), placeholderData: keepPreviousData });
  const setText = useCallback(
    (next: string) => {
      setView((view) => ({ ...view, text: next }));
    },
    [setView],
  );
  const setFilter = useCallback(
    (name: string, values: string[]) => {
      setView((view) => ({ ...view, filters: { ...view.filters, [name]: values } }));
    },
    [setView],
  );
  const clearFilters = useCallback(() => {
    setView(() => ({ text: '', filters: {} }));
  }, [setView]);
  const nextCursor = result.data?.meta.next_cursor ?? null;
  const older = useCallback(() => {
    if (nextCursor) setCursors((current) => [...current, nextCursor]);
  }, [nextCursor, setCursors]);
  const newer = useCallback(() => setCursors((current) => current.slice(0, -1)), [setCursors]);
  const first = useCallback(() => setCursors(() => []), [setCursors]);
  const isFiltered = text !== '' || Object.values(filters).some((values) => values.length > 0);
  return {
    query: result,
    rows: result.data?.data ?? [],
    text,
    filters,
    setText,
    setFilter,
    clearFilters,
    isFiltered,
    /** 1-based number of the page shown. */
    page: cursors.length + 1,
    perPage,
    hasNext: nextCursor !== null && !result.isPlaceholderData,
    older,
    newer,
    first,
  };
}

export type CursorList<T> = ReturnType<typeof useCursorList<T>>;
