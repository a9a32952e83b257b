import { describe, expect, it } from 'vitest';
import {
  defaultListRules,
  defaultListState,
  hasListParams,
  readListState,
  searchWithState,
  toApiQuery,
  toFilterQuery,
} from './list-state.ts';

const rules = defaultListRules({
  sortKeys: ['id', 'last_name', 'email'],
  filterNames: ['role', 'suspended', 'user_id'],
  filterPrefixes: ['cf.'],
});
const read = (search: string) => readListState(new URLSearchParams(search), rules);

describe('the list state in the URL', () => {
  it('defaults to page 1, 25 per page, id ascending, no filters (spec §9)', () => {
    expect(read('')).toEqual({ page: 1, perPage: 25, sortBy: 'id', sortOrder: 'asc', text: '', filters: {} });
    expect(toApiQuery(read(''))).toEqual({ page: 1, per_page: 25, sort: 'id', order: 'asc' });
  });

  it('reads page, size, sort, text and field[name]=a,b filters (custom fields too)', () => {
    const state = read(
      'page=3&per_page=50&sort=last_name&order=desc&text=%20ada%20&field[role]=1,2&field[cf.site]=Plant%20A',
    );
    expect(state).toEqual({
      page: 3,
      perPage: 50,
      sortBy: 'last_name',
      sortOrder: 'desc',
      text: 'ada',
      filters: { 'cf.site': ['Plant A'], role: ['1', '2'] },
    });
    expect(toApiQuery(state)).toEqual({
      page: 3,
      per_page: 50,
      sort: 'last_name',
      order: 'desc',
      text: 'ada',
      'field[cf.site]': 'Plant A',
      'field[role]': '1,2',
    });
  });

  it('ignores what the page does not offer: unknown sorts, sizes, filters and bad numbers', () => {
    expect(read('page=-2&per_page=37&sort=password&order=sideways&field[secret]=1')).toEqual(defaultListState(rules));
    expect(read('page=abc').page).toBe(1);
  });

  it('writes only what differs from the defaults, with readable brackets and commas, keeping other parameters', () => {
    const current = new URLSearchParams('edit=7&page=4');
    const state = { ...read(''), page: 2, sortBy: 'email', filters: { role: ['1', '3'] }, text: 'o’neil & co' };
    expect(searchWithState(current, state, rules)).toBe(
      '?edit=7&page=2&sort=email&order=asc&text=o%E2%80%99neil%20%26%20co&field[role]=1,3',
    );
    expect(searchWithState(current, read(''), rules)).toBe('?edit=7');
    expect(read(searchWithState(current, state, rules).slice(1))).toEqual(state);
  });

  it('tells list parameters from others (edit is not one)', () => {
    expect(hasListParams(new URLSearchParams('edit=7'))).toBe(false);
    expect(hasListParams(new URLSearchParams('edit=7&field[user_id]=7'))).toBe(true);
  });

  it('says "no filters" explicitly when a page has default filters and they are all cleared', () => {
    const withDefault = defaultListRules({
      sortKeys: ['id'],
      filterNames: ['suspended'],
      filterDefault: { suspended: ['0'] },
    });
    const fresh = readListState(new URLSearchParams(''), withDefault);
    expect(fresh.filters).toEqual({ suspended: ['0'] });
    const search = searchWithState(new URLSearchParams(), { ...fresh, filters: {} }, withDefault);
    expect(search).toBe('?field[]=');
    expect(readListState(new URLSearchParams(search), withDefault).filters).toEqual({});
  });

  it('the filter query of an export or "all matching" has no paging', () => {
    expect(toFilterQuery({ ...read('page=5&text=x&field[role]=2') })).toEqual({
      sort: 'id',
      order: 'asc',
      text: 'x',
      'field[role]': '2',
    });
  });
});
