import type { CursorMeta } from '@heed/contract';
import { type UseQueryOptions, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
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

/**
 * The state of a keyset-paged list (the history lists, decision 071): text, filters and the cursors
 * of the pages read so far, so that "Newer" goes back without asking the server for a page number.
 * A new filter starts again from the first page.
 */
export function useCursorList<T>(config: CursorListConfig<T>) {
  const perPage = config.perPage ?? 25;
  const [text, setTextState] = useState('');
  const [filters, setFilters] = useState<FilterValues>({});
  // cursors[i] opens page i + 1; the first page has none.
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useMemo(() => {
    const q: Record<string, string | number> = { per_page: perPage, ...config.fixed };
    if (text) q.text = text;
    for (const [name, values] of Object.entries(filters)) if (values.length > 0) q[`field[${name}]`] = values.join(',');
    const cursor = cursors.at(-1);
    if (cursor) q.cursor = cursor;
    return q;
  }, [perPage, config.fixed, text, filters, cursors]);
  const result = useQuery({ ...config.listQuery(query), placeholderData: keepPreviousData });
  const setText = useCallback((next: string) => {
    setTextState(next);
    setCursors([]);
  }, []);
  const setFilter = useCallback((name: string, values: string[]) => {
    setFilters((current) => ({ ...current, [name]: values }));
    setCursors([]);
  }, []);
  const clearFilters = useCallback(() => {
    setFilters({});
    setTextState('');
    setCursors([]);
  }, []);
  const nextCursor = result.data?.meta.next_cursor ?? null;
  const older = useCallback(() => {
    if (nextCursor) setCursors((current) => [...current, nextCursor]);
  }, [nextCursor]);
  const newer = useCallback(() => setCursors((current) => current.slice(0, -1)), []);
  const first = useCallback(() => setCursors([]), []);
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
