import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme.ts';
import type { ListPreferences, PreferenceStore } from './list-preferences.ts';
import { PREFERENCE_SAVE_DELAY_MS, useListPreferences } from './use-list-preferences.ts';

const view = (columns: string[]): ListPreferences => ({
  filters: {},
  filterDefault: {},
  filterLimit: 25,
  columns,
  sortBy: 'id',
  sortOrder: 'asc',
});

function setup(store: Partial<PreferenceStore> = {}) {
  const full: PreferenceStore = {
    load: vi.fn(async () => null),
    save: vi.fn(async () => {}),
    remove: vi.fn(async () => {}),
    ...store,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <Notifications transitionDuration={0} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  const hook = renderHook(() => useListPreferences('users-list', full), { wrapper });
  return { ...hook, store: full };
}

describe('useListPreferences', () => {
  it('reads the saved view once; a failed read counts as none and does not hold the list back', async () => {
    const { result, store } = setup({ load: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect(result.current.isSettled).toBe(false);
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    expect(result.current.saved).toBeNull();
    expect(store.load).toHaveBeenCalledExactlyOnceWith('users-list', expect.any(AbortSignal));
  });

  it(`saves a burst of changes once, ${PREFERENCE_SAVE_DELAY_MS} ms after the last, and shows each change at once`, async () => {
    const { result, store } = setup();
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    vi.useFakeTimers();
    act(() => result.current.save(view(['name'])));
    act(() => vi.advanceTimersByTime(PREFERENCE_SAVE_DELAY_MS - 100));
    act(() => result.current.save(view(['name', 'email'])));
    act(() => vi.advanceTimersByTime(0)); // the query cache tells its observers on the next tick
    expect(result.current.saved?.columns).toEqual(['name', 'email']);
    act(() => vi.advanceTimersByTime(PREFERENCE_SAVE_DELAY_MS - 1));
    expect(store.save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(store.save).toHaveBeenCalledExactlyOnceWith('users-list', view(['name', 'email']));
  });

  it('sends a pending change when the page closes', async () => {
    const { result, store, unmount } = setup();
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    act(() => result.current.save(view(['email'])));
    unmount();
    expect(store.save).toHaveBeenCalledExactlyOnceWith('users-list', view(['email']));
  });

  it('Reset drops a pending change and deletes the saved view', async () => {
    const { result, store } = setup({ load: vi.fn(async () => view(['name'])) });
    await waitFor(() => expect(result.current.saved?.columns).toEqual(['name']));
    act(() => result.current.save(view(['email'])));
    await act(() => result.current.reset());
    await waitFor(() => expect(result.current.saved).toBeNull());
    expect(store.remove).toHaveBeenCalledExactlyOnceWith('users-list');
    await new Promise((resolve) => setTimeout(resolve, PREFERENCE_SAVE_DELAY_MS + 50));
    expect(store.save).not.toHaveBeenCalled();
  });

  it('says so when the view could not be saved', async () => {
    const { result } = setup({ save: vi.fn(async () => Promise.reject(new Error('The value is too large.'))) });
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    act(() => result.current.save(view(['name'])));
    const notice = await screen.findByTestId('api-error-notice', {}, { timeout: 3000 });
    expect(notice).toHaveTextContent('Your view was not saved');
    expect(notice).toHaveTextContent('The value is too large.');
  });
});
