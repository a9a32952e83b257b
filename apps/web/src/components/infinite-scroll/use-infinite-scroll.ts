import { INFINITE_SCROLL_DISTANCE_PX, INFINITE_SCROLL_INTERVAL_MS } from '@heed/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface InfiniteScrollOptions {
  onLoadMore: () => void;
  /** False once the last page has arrived. */
  hasMore: boolean;
  /** True while a page is loading; no further page is asked for meanwhile. */
  isLoading: boolean;
  /** How close to the end (px) a load starts (spec §9: 10). */
  distance?: number;
  /** Least time between two checks (ms) (spec §9: 500). */
  interval?: number;
}

/** Is the scrolled element within `distance` px of its end? */
function isNearEnd(element: HTMLElement, distance: number): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= distance;
}

/**
 * Calls `onLoadMore` when the scroll container (the returned ref) comes within `distance` of its end, checking at
 * most once per `interval`, never while loading or when there is no more. It also checks when a load finishes, so a
 * container that is not yet full keeps filling.
 */
export function useInfiniteScroll<T extends HTMLElement = HTMLDivElement>({
  onLoadMore,
  hasMore,
  isLoading,
  distance = INFINITE_SCROLL_DISTANCE_PX,
  interval = INFINITE_SCROLL_INTERVAL_MS,
}: InfiniteScrollOptions) {
  const [element, setElement] = useState<T | null>(null);
  const latest = useRef({ onLoadMore, hasMore, isLoading, distance });
  latest.current = { onLoadMore, hasMore, isLoading, distance };
  const lastCheck = useRef(Number.NEGATIVE_INFINITY);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  const check = useCallback(() => {
    pending.current = undefined;
    lastCheck.current = Date.now();
    const current = latest.current;
    if (!element || current.isLoading || !current.hasMore) return;
    if (isNearEnd(element, current.distance)) current.onLoadMore();
  }, [element]);

  const requestCheck = useCallback(() => {
    if (pending.current !== undefined) return;
    const wait = lastCheck.current + interval - Date.now();
    if (wait <= 0) check();
    else pending.current = setTimeout(check, wait);
  }, [check, interval]);

  useEffect(() => {
    if (!element) return;
    element.addEventListener('scroll', requestCheck, { passive: true });
    return () => element.removeEventListener('scroll', requestCheck);
  }, [element, requestCheck]);

  // A finished load, or more to load, may leave the end in view: look again.
  useEffect(() => {
    if (!isLoading && hasMore) requestCheck();
  }, [isLoading, hasMore, requestCheck]);

  useEffect(() => () => clearTimeout(pending.current), []);

  return setElement;
}
