import { describe, expect, it } from 'vitest';
import {
  isRowSelected,
  noSelection,
  pageSelectionState,
  selectAllMatching,
  selectedCount,
  setRowsSelected,
} from './selection.ts';

describe('the selection model', () => {
  it('holds ids picked across pages', () => {
    let selection = setRowsSelected(noSelection, ['1', '2'], true);
    selection = setRowsSelected(selection, ['30'], true);
    selection = setRowsSelected(selection, ['2'], false);
    expect(selection).toEqual({ allMatching: false, ids: new Set(['1', '30']) });
    expect(selectedCount(selection, 500)).toBe(2);
    expect(pageSelectionState(selection, ['1', '2'])).toBe('some');
  });

  it('"all matching" keeps the filter and the rows unticked since', () => {
    const filter = { text: 'ada', filters: { role: ['1'] } };
    let selection = selectAllMatching(filter);
    expect(pageSelectionState(selection, ['1', '2'])).toBe('all');
    selection = setRowsSelected(selection, ['2'], false);
    expect(selection).toEqual({ allMatching: true, filter, excluded: new Set(['2']) });
    expect(isRowSelected(selection, '2')).toBe(false);
    expect(isRowSelected(selection, '999')).toBe(true);
    expect(selectedCount(selection, 1234)).toBe(1233);
    selection = setRowsSelected(selection, ['2'], true);
    expect(selectedCount(selection, 1234)).toBe(1234);
  });
});
