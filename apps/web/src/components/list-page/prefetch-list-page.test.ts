import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { defaultListRules } from './list-state.ts';
import { type ListDataConfig, prefetchListPage } from './prefetch-list-page.ts';
import { preferenceQueryKey } from './saved-view-query.ts';

const page = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } };

function setup(load: (name: string) => Promise<unknown>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetched: Record<string, string | number>[] = [];
  const config: ListDataConfig<never> = {
    name: 'users-list',
    rules: defaultListRules({ sortKeys: ['id', 'last_name'], filterNames: ['role'] }),
    listQuery: (query) =>
      queryOptions({
        queryKey: ['list', query],
        queryFn: async () => {
          fetched.push(query);
          return page;
        },
      }),
    preferences: { load: vi.fn(load) },
  };
  return { queryClient, config, fetched };
}

describe('the first list request, started by the route', () => {
  it('asks for the saved view of a bare address, never the default page first', async () => {
    const { queryClient, config, fetched } = setup(async () => ({
      sortBy: 'last_name',
      sortOrder: 'desc',
      filterLimit: 50,
    }));
    await prefetchListPage(queryClient, config, '');
    expect(fetched).toEqual([{ page: 1, per_page: 50, sort: 'last_name', order: 'desc' }]);
    // The page's own read of the view finds it in the cache: no second request.
    expect(queryClient.getQueryData(preferenceQueryKey('users-list'))).toBeTruthy();
    expect(config.preferences.load).toHaveBeenCalledTimes(1);
  });

  it('follows the address when it has list parameters, without waiting for the view', async () => {
    const { queryClient, config, fetched } = setup(() => new Promise(() => {}));
    await prefetchListPage(queryClient, config, '?page=2&sort=id&order=desc&field[role]=1');
    expect(fetched).toEqual([{ page: 2, per_page: 25, sort: 'id', order: 'desc', 'field[role]': '1' }]);
    expect(config.preferences.load).not.toHaveBeenCalled();
  });

  it('opens the defaults when the view cannot be read', async () => {
    const { queryClient, config, fetched } = setup(async () => Promise.reject(new Error('down')));
    await prefetchListPage(queryClient, config, '');
    expect(fetched).toEqual([{ page: 1, per_page: 25, sort: 'id', order: 'asc' }]);
  });
});
