import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { showApiError } from '../../lib/error-notices.tsx';
import { type ListPreferences, type PreferenceStore, type SavedView, parsePreferences } from './list-preferences.ts';
import { preferenceQueryKey, savedViewQueryOptions } from './saved-view-query.ts';

export { preferenceQueryKey };

/** A burst of changes (clicking through sorts, ticking columns) is saved once, this long after the last. */
export const PREFERENCE_SAVE_DELAY_MS = 600;

export interface ListPreferencesHandle {
  /** The saved view, or null (none saved, or it could not be read). */
  saved: SavedView | null;
  /** False until the saved view has been read (or failed to): the list waits for it. */
  isSettled: boolean;
  /** Takes effect at once; reaches the server after {@link PREFERENCE_SAVE_DELAY_MS} (or when the page closes). */
  save: (value: ListPreferences) => void;
  /** Forgets the saved view, here and on the server. */
  reset: () => Promise<void>;
}

/**
 * A list page's saved view (spec §3), read once per page name and kept in the query cache, so that a
 * change shows at once and a later visit opens with it. A failed read counts as "nothing saved".
 */
export function useListPreferences(name: string, store: PreferenceStore): ListPreferencesHandle {
  const queryClient = useQueryClient();
  const key = useMemo(() => preferenceQueryKey(name), [name]);
  // Often already read, or on its way: the route starts the read beside the session (prefetchListPage).
  const query = useQuery(savedViewQueryOptions(name, store));
  const pending = useRef<ListPreferences | null>(null);
  // This page's own changes show in the same render (a ticked column must not flick back meanwhile).
  const [local, setLocal] = useState<{ value: ListPreferences | null } | null>(null);

  const send = useCallback(() => {
    const value = pending.current;
    pending.current = null;
    if (value) store.save(name, value).catch((error: unknown) => showApiError(error, 'Your view was not saved'));
  }, [name, store]);
  const sendLater = useDebouncedCallback(send, { delay: PREFERENCE_SAVE_DELAY_MS, flushOnUnmount: true });

  const save = useCallback(
    (value: ListPreferences) => {
      setLocal({ value });
      queryClient.setQueryData(key, value);
      pending.current = value;
      sendLater();
    },
    [queryClient, key, sendLater],
  );

  const reset = useCallback(async () => {
    sendLater.cancel();
    pending.current = null;
    setLocal({ value: null });
    queryClient.setQueryData(key, null);
    await store.remove(name).catch((error: unknown) => showApiError(error, 'Your view was not reset'));
  }, [queryClient, key, sendLater, store, name]);

  const stored = useMemo(() => (query.isSuccess ? parsePreferences(query.data) : null), [query.isSuccess, query.data]);
  return {
    saved: local ? local.value : stored,
    isSettled: !query.isPending,
    save,
    reset,
  };
}
