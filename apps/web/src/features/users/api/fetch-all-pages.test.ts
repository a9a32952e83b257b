import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetch-all-pages.ts';

const pageOf = (page: number, lastPage: number) => ({
  data: [`row ${page}.1`, `row ${page}.2`],
  meta: { last_page: lastPage },
});

describe('fetchAllPages (spec §7)', () => {
  it('reads meta.last_page from page 1, then requests page=2..n with the same query, rows in page order', async () => {
    const fetchPage = vi.fn(async (query: { role: string; page: number }) => {
      // Later pages answer first: the order must still be the pages' order.
      await new Promise((resolve) => setTimeout(resolve, (7 - query.page) * 2));
      return pageOf(query.page, 6);
    });
    const rows = await fetchAllPages(fetchPage, { role: '1,2' });
    expect(fetchPage.mock.calls.map(([query]) => query)).toEqual(
      [1, 2, 3, 4, 5, 6].map((page) => ({ role: '1,2', page })),
    );
    expect(rows).toEqual([1, 2, 3, 4, 5, 6].flatMap((page) => [`row ${page}.1`, `row ${page}.2`]));
  });

  it('asks once when there is one page', async () => {
    const fetchPage = vi.fn(async (query: { page: number }) => pageOf(query.page, 1));
    await expect(fetchAllPages(fetchPage, {})).resolves.toHaveLength(2);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('passes the signal on and fails when a page fails', async () => {
    const signal = new AbortController().signal;
    const fetchPage = vi.fn(async (query: { page: number }, _signal?: AbortSignal) => {
      if (query.page === 3) throw new Error('page 3 failed');
      return pageOf(query.page, 3);
    });
    await expect(fetchAllPages(fetchPage, { text: 'a' }, signal)).rejects.toThrow('page 3 failed');
    expect(fetchPage.mock.calls.every(([, passed]) => passed === signal)).toBe(true);
  });

  it('requires query parameters', async () => {
    const fetchPage = vi.fn();
    // @ts-expect-error: the query is required
    await expect(fetchAllPages(fetchPage)).rejects.toThrow('needs query parameters');
    expect(fetchPage).not.toHaveBeenCalled();
  });
});
