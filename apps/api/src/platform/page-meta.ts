import type { PageMeta } from '@heed/contract';

/** A paged list's `meta` (spec §3: `last_page` at least 1). */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
