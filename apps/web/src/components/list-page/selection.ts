import type { FilterValues } from './list-state.ts';

/** The rows a filter matches: what "select all N matching" stands for. */
export interface ListFilter {
  text: string;
  filters: FilterValues;
}

/**
 * The rows a bulk action acts on: either the rows picked one by one (their ids, across pages), or
 * every row matching a filter except the ones unticked since ("select all N matching").
 */
export type ListSelection =
  | { allMatching: false; ids: ReadonlySet<string> }
  | { allMatching: true; filter: ListFilter; excluded: ReadonlySet<string> };

export const noSelection: ListSelection = { allMatching: false, ids: new Set() };

export function isRowSelected(selection: ListSelection, id: string): boolean {
  return selection.allMatching ? !selection.excluded.has(id) : selection.ids.has(id);
}

function toggled(set: ReadonlySet<string>, ids: readonly string[], present: boolean): Set<string> {
  const next = new Set(set);
  for (const id of ids) {
    if (present) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Ticks or unticks rows (one, or the whole page). */
export function setRowsSelected(selection: ListSelection, ids: readonly string[], selected: boolean): ListSelection {
  if (selection.allMatching) return { ...selection, excluded: toggled(selection.excluded, ids, !selected) };
  return { allMatching: false, ids: toggled(selection.ids, ids, selected) };
}

export const selectAllMatching = (filter: ListFilter): ListSelection => ({
  allMatching: true,
  filter,
  excluded: new Set(),
});

/** How many rows a selection holds, given how many match the filter. */
export function selectedCount(selection: ListSelection, total: number): number {
  return selection.allMatching ? Math.max(0, total - selection.excluded.size) : selection.ids.size;
}

/** Ticked state of a group of rows (the header checkbox of a page). */
export function pageSelectionState(selection: ListSelection, ids: readonly string[]): 'none' | 'some' | 'all' {
  const count = ids.filter((id) => isRowSelected(selection, id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}
