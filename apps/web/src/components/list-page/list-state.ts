import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '@heed/contract';

export type SortOrder = 'asc' | 'desc';

/** `field[name]=a,b` filters by name (spec §7, PRODUCT.md "Lists"). */
export type FilterValues = Record<string, string[]>;

/** What a list shows: the page, its size, the sort and the filters. The URL holds it (see {@link readListState}). */
export interface ListState {
  page: number;
  perPage: number;
  sortBy: string;
  sortOrder: SortOrder;
  /** The free-text filter ('' = none). */
  text: string;
  filters: FilterValues;
}

/** The rules a page gives its list state: which sorts, filters and page sizes the server accepts. */
export interface ListRules {
  /** Sort keys the server accepts; the first one that matches the default is used when none is given. */
  sortKeys: readonly string[];
  defaultSort: { sortBy: string; sortOrder: SortOrder };
  /** Filter names the page understands; `field[<prefix>…]` names are accepted for each prefix (custom fields). */
  filterNames: readonly string[];
  filterPrefixes?: readonly string[];
  /** Filters that narrow one visit and are never saved in the view (e.g. `user_id` from the header's user search). */
  transientFilters?: readonly string[];
  /** Filters a fresh view starts with and "Clear filters" returns to (saved as filterDefault). */
  filterDefault: FilterValues;
  pageSizes: readonly number[];
}

export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, 100] as const;

export const defaultListRules = (overrides: Partial<ListRules> & Pick<ListRules, 'sortKeys'>): ListRules => ({
  defaultSort: { sortBy: DEFAULT_SORT.sortBy, sortOrder: DEFAULT_SORT.sortOrder },
  filterNames: [],
  filterDefault: {},
  pageSizes: PAGE_SIZES,
  ...overrides,
});

export const defaultListState = (rules: ListRules): ListState => ({
  page: 1,
  perPage: rules.pageSizes[0] ?? DEFAULT_PAGE_SIZE,
  sortBy: rules.defaultSort.sortBy,
  sortOrder: rules.defaultSort.sortOrder,
  text: '',
  filters: cleanFilters(rules.filterDefault),
});

/** `field[name]`; a bare `field[]` says "no filters at all" (see {@link listStateParams}). */
const FIELD_PARAM = /^field\[([^\]]*)\]$/;
const LIST_PARAMS = new Set(['page', 'per_page', 'sort', 'order', 'text']);

/** True for the query parameters that describe the list (as opposed to `edit` and the like). */
export const isListParam = (key: string): boolean => LIST_PARAMS.has(key) || FIELD_PARAM.test(key);

export const hasListParams = (params: URLSearchParams): boolean => [...params.keys()].some(isListParam);

export const isKnownFilter = (rules: ListRules, name: string): boolean =>
  rules.filterNames.includes(name) || (rules.filterPrefixes ?? []).some((prefix) => name.startsWith(prefix));

/** Drops empty filters and duplicate values, so two equal views compare equal. */
export function cleanFilters(filters: FilterValues): FilterValues {
  const clean: FilterValues = {};
  for (const name of Object.keys(filters).sort()) {
    const values = [...new Set((filters[name] ?? []).map((v) => v.trim()).filter((v) => v !== ''))];
    if (values.length > 0) clean[name] = values;
  }
  return clean;
}

const positiveInt = (text: string | null): number | undefined => {
  if (text === null || !/^[1-9][0-9]{0,6}$/.test(text)) return undefined;
  return Number(text);
};

/**
 * The list state a URL asks for. Anything the URL leaves out, or gets wrong (an unknown sort, a page
 * size the page does not offer), is the default: a pasted link never breaks the page.
 */
export function readListState(params: URLSearchParams, rules: ListRules): ListState {
  const defaults = defaultListState(rules);
  const sort = params.get('sort');
  const order = params.get('order');
  const perPage = positiveInt(params.get('per_page'));
  const filters: FilterValues = {};
  for (const [key, value] of params) {
    const name = FIELD_PARAM.exec(key)?.[1];
    if (name && isKnownFilter(rules, name)) filters[name] = value.split(',');
  }
  const hasFilterParams = [...params.keys()].some((key) => FIELD_PARAM.test(key));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    perPage: perPage !== undefined && rules.pageSizes.includes(perPage) ? perPage : defaults.perPage,
    sortBy: sort !== null && rules.sortKeys.includes(sort) ? sort : defaults.sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : sort !== null ? 'asc' : defaults.sortOrder,
    text: (params.get('text') ?? '').trim(),
    // A link with filters means exactly those filters; a link without any keeps the default ones.
    filters: hasFilterParams ? cleanFilters(filters) : defaults.filters,
  };
}

/** The query parameters of a state: only what differs from the defaults, so plain views keep plain URLs. */
export function listStateParams(state: ListState, rules: ListRules): [string, string][] {
  const defaults = defaultListState(rules);
  const params: [string, string][] = [];
  if (state.page !== 1) params.push(['page', String(state.page)]);
  if (state.perPage !== defaults.perPage) params.push(['per_page', String(state.perPage)]);
  if (state.sortBy !== defaults.sortBy || state.sortOrder !== defaults.sortOrder) {
    params.push(['sort', state.sortBy], ['order', state.sortOrder]);
  }
  if (state.text !== '') params.push(['text', state.text]);
  const filters = cleanFilters(state.filters);
  if (!sameFilters(filters, defaults.filters)) {
    for (const [name, values] of Object.entries(filters)) params.push([`field[${name}]`, values.join(',')]);
    // Every default filter cleared: say so, or the bare URL would bring the defaults back.
    if (Object.keys(filters).length === 0) params.push(['field[]', '']);
  }
  return params;
}

/**
 * A search string with readable brackets and commas (`?field[role]=1,2`), as the header's user
 * search writes it; everything else percent-encoded.
 */
export function toSearch(params: [string, string][]): string {
  if (params.length === 0) return '';
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/%5B/gi, '[').replace(/%5D/gi, ']').replace(/%2C/gi, ',');
  return `?${params.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
}

/** The search string of a list state, keeping the URL's other parameters (such as `edit`) first. */
export function searchWithState(current: URLSearchParams, state: ListState, rules: ListRules): string {
  const others = [...current].filter(([key]) => !isListParam(key));
  return toSearch([...others, ...listStateParams(state, rules)]);
}

/** The API query of a state (PRODUCT.md "Lists"): page, per_page, sort, order, text, `field[name]=a,b`. */
export function toApiQuery(state: ListState): Record<string, string | number> {
  return { page: state.page, per_page: state.perPage, ...toFilterQuery(state) };
}

/** The query of the rows a state matches, without paging: what an export or "all N matching" acts on. */
export function toFilterQuery(state: Pick<ListState, 'sortBy' | 'sortOrder' | 'text' | 'filters'>) {
  const query: Record<string, string> = { sort: state.sortBy, order: state.sortOrder };
  if (state.text !== '') query.text = state.text;
  for (const [name, values] of Object.entries(cleanFilters(state.filters))) query[`field[${name}]`] = values.join(',');
  return query;
}

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  return JSON.stringify(cleanFilters(a)) === JSON.stringify(cleanFilters(b));
}

/** A key for "which rows": the text and the filters. A selection of "all matching" belongs to one. */
export const filterKey = (state: Pick<ListState, 'text' | 'filters'>): string =>
  JSON.stringify([state.text, cleanFilters(state.filters)]);
