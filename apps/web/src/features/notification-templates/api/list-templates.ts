import { TEMPLATE_FILTERS, TEMPLATE_SORTS, type TemplateListItem, type endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './query-keys.ts';

export type TemplatesPage = ResponseOf<typeof endpoints.listTemplates> & {
  /** The call failed: the page shows an empty list (spec §8) with a note. */
  failed?: boolean;
};

/** The templates list's saved view is stored under this preference name. */
export const TEMPLATES_LIST_PREFERENCE = 'notification-templates-list';

/** What the list's URL and saved view may hold; by type by default. */
export const TEMPLATES_LIST_RULES = defaultListRules({
  sortKeys: TEMPLATE_SORTS,
  filterNames: TEMPLATE_FILTERS,
  defaultSort: { sortBy: 'type', sortOrder: 'asc' },
});

const emptyPage = (perPage: number): TemplatesPage => ({
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: perPage, total: 0 },
  failed: true,
});

/**
 * One page of GET /templates. A failed call yields an empty list (spec §8: template fetch failures
 * yield empty lists); a cancelled one stays cancelled.
 */
export async function listTemplates(
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<TemplatesPage> {
  try {
    return await apiCall('listTemplates', { query, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return emptyPage(Number(query.per_page) || 25);
  }
}

export const listTemplatesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...templatesQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => listTemplates(query, signal),
  });

/**
 * The ids of the company's own templates a filter matches (what a bulk delete may act on; defaults are
 * not deletable). A failure yields none.
 */
export async function customTemplateIds(filter: Record<string, string>): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; page <= 20; page++) {
    const result = await listTemplates({ ...filter, 'field[source]': 'custom', per_page: 500, page });
    for (const row of result.data as TemplateListItem[]) ids.add(String(row.id));
    if (result.failed || page >= result.meta.last_page) break;
  }
  return ids;
}
