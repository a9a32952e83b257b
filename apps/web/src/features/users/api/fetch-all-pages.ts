import type { PageMeta } from '@heed/contract';

/** How many pages are requested at once after the first. */
const PARALLEL_PAGES = 4;

export type PageFetcher<T, Q> = (
  query: Q & { page: number },
  signal?: AbortSignal,
) => Promise<{ data: T[]; meta: Pick<PageMeta, 'last_page'> }>;

/**
 * Every row of a paged list (spec §7): requests page 1, reads meta.last_page, then requests
 * page=2..n (a few at a time) with the same query, and returns the rows in page order. The query
 * is required: an unfiltered "everything" is never fetched by accident.
 */
export async function fetchAllPages<T, Q extends Record<string, string | number>>(
  fetchPage: PageFetcher<T, Q>,
  query: Q,
  signal?: AbortSignal,
): Promise<T[]> {
  if (query === undefined || query === null) throw new TypeError('fetchAllPages needs query parameters');
  const first = await fetchPage({ ...query, page: 1 }, signal);
  const pages: T[][] = [first.data];
  const rest = Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, index) => index + 2);
  for (let start = 0; start < rest.length; start += PARALLEL_PAGES) {
    const batch = rest.slice(start, start + PARALLEL_PAGES);
    const answers = await Promise.all(batch.map((page) => fetchPage({ ...query, page }, signal)));
    pages.push(...answers.map((answer) => answer.data));
  }
  return pages.flat();
}
