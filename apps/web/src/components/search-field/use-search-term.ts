import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useRef } from 'react';

/**
 * Emits a search term only when it changes, and as '' (no filter) while it is shorter than `minLength`.
 * `emitLater` waits `debounceMs` after the last call; `emitNow` cancels any wait.
 */
export function useSearchTerm(onSearch: (term: string) => void, minLength: number, debounceMs: number, initial = '') {
  const last = useRef(effectiveTerm(initial, minLength));
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  const emitNow = useCallback(
    (text: string) => {
      const term = effectiveTerm(text, minLength);
      if (term === last.current) return;
      last.current = term;
      onSearchRef.current(term);
    },
    [minLength],
  );
  const debounced = useDebouncedCallback(emitNow, debounceMs);
  const emit = useCallback(
    (text: string) => {
      debounced.cancel();
      emitNow(text);
    },
    [debounced, emitNow],
  );
  return { emitLater: debounced, emitNow: emit };
}

/** The term a search runs with: trimmed, and empty while it is too short to search. */
export function effectiveTerm(text: string, minLength: number): string {
  const term = text.trim();
  return term.length >= minLength ? term : '';
}
