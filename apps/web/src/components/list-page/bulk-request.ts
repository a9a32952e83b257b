import { toFilterQuery } from './list-state.ts';
import type { ListSelection } from './selection.ts';

/** The server reads at most this many values per `field[…]` filter: more rows picked one by one need "all matching". */
export const MAX_SELECTED_IDS = 500;

/** A selection as a bulk endpoint (`PUT /users`, `PUT /assignments`) reads it. */
export interface BulkRequest {
  query: Record<string, string>;
  excludedIds: number[];
}

/**
 * The rows a selection stands for, as the list's bulk endpoint reads them: rows picked one by one as
 * `field[<idField>]=1,2,3`; "all N matching" as the list's filter (with `all=1` when the list is
 * unfiltered, which the server demands before acting on everything) less the unticked rows.
 */
export function bulkRequest(selection: ListSelection, idField: string): BulkRequest {
  if (!selection.allMatching)
    return { query: { [`field[${idField}]`]: [...selection.ids].join(',') }, excludedIds: [] };
  const {
    sort: _sort,
    order: _order,
    ...filter
  } = toFilterQuery({ ...selection.filter, sortBy: 'id', sortOrder: 'asc' });
  const query: Record<string, string> = Object.keys(filter).length > 0 ? filter : { all: '1' };
  return { query, excludedIds: [...selection.excluded].map(Number) };
}

/** Why a selection cannot be sent as it is, or null. */
export function bulkSelectionProblem(selection: ListSelection, nounPlural: string, maxExcluded: number): string | null {
  if (!selection.allMatching && selection.ids.size > MAX_SELECTED_IDS)
    return `Pick at most ${MAX_SELECTED_IDS} ${nounPlural} one by one, or select all matching the filter.`;
  if (selection.allMatching && selection.excluded.size > maxExcluded)
    return `Untick at most ${maxExcluded.toLocaleString('en-US')} ${nounPlural}, or narrow the filter.`;
  return null;
}
