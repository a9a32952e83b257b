import { describe, expect, it } from 'vitest';
import { parsePreferences, stateFromSaved, toPreferences } from './list-preferences.ts';
import { defaultListRules, defaultListState } from './list-state.ts';

const rules = defaultListRules({
  sortKeys: ['id', 'last_name'],
  filterNames: ['role', 'user_id'],
  filterPrefixes: ['cf.'],
  transientFilters: ['user_id'],
});

describe('saved list views (spec §3 per-page list preferences)', () => {
  it('hold filters, filterDefault, filterLimit, columns, sortBy and sortOrder; one-off filters are left out', () => {
    const state = {
      ...defaultListState(rules),
      page: 4,
      text: 'ada',
      perPage: 50,
      sortBy: 'last_name',
      sortOrder: 'desc' as const,
      filters: { role: ['1'], user_id: ['7'], 'cf.site': ['A'] },
    };
    expect(toPreferences(state, ['name', 'email'], rules)).toEqual({
      filters: { 'cf.site': ['A'], role: ['1'] },
      filterDefault: {},
      filterLimit: 50,
      columns: ['name', 'email'],
      sortBy: 'last_name',
      sortOrder: 'desc',
    });
  });

  it('open as page 1 with no text, in the saved sort, size and filters', () => {
    const saved = parsePreferences({
      filters: { role: ['2'] },
      filterLimit: 100,
      sortBy: 'last_name',
      sortOrder: 'desc',
    });
    expect(stateFromSaved(saved, rules)).toEqual({
      page: 1,
      perPage: 100,
      sortBy: 'last_name',
      sortOrder: 'desc',
      text: '',
      filters: { role: ['2'] },
    });
  });

  it('lose only the parts that are wrong today', () => {
    const saved = parsePreferences({
      filters: { role: ['2'], gone: ['x'], user_id: ['3'] },
      filterLimit: 33,
      columns: 'name',
      sortBy: 'password',
      sortOrder: 'up',
    });
    expect(saved?.columns).toBeUndefined();
    expect(stateFromSaved(saved, rules)).toEqual({ ...defaultListState(rules), filters: { role: ['2'] } });
  });

  it('count as none when the stored value is not an object', () => {
    for (const value of [null, 'x', 42, ['a']])
      expect(stateFromSaved(parsePreferences(value), rules)).toEqual(defaultListState(rules));
  });
});
