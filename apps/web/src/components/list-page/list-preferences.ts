import { z } from 'zod';
import {
  type FilterValues,
  type ListRules,
  type ListState,
  cleanFilters,
  defaultListState,
  isKnownFilter,
} from './list-state.ts';

/**
 * A page's saved view (spec §3 "Per-page list preferences"), stored through POST /users/preferences
 * with data_type 'json' under the page's name (e.g. 'users-list'):
 * - filters: the filter values the view opens with (the free text and one-off filters such as
 *   `user_id` from the header's user search are not saved);
 * - filterDefault: the filters "Clear filters" returns to;
 * - filterLimit: the page size;
 * - columns: the visible columns, in their order;
 * - sortBy, sortOrder: the sort.
 */
export interface ListPreferences {
  filters: FilterValues;
  filterDefault: FilterValues;
  filterLimit: number;
  columns: string[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** Where a list keeps its saved view. The page passes one in (the users feature's preference calls). */
export interface PreferenceStore {
  /** The stored value, or null when there is none. */
  load(name: string, signal?: AbortSignal): Promise<unknown>;
  save(name: string, value: ListPreferences): Promise<void>;
  remove(name: string): Promise<void>;
}

const filterValues = z.record(z.string(), z.array(z.string()));

// Every part on its own: a value saved by an older console (or by hand) loses only what is wrong in it.
const stored = z.object({
  filters: filterValues.optional().catch(undefined),
  filterDefault: filterValues.optional().catch(undefined),
  filterLimit: z.number().int().optional().catch(undefined),
  columns: z.array(z.string()).optional().catch(undefined),
  sortBy: z.string().optional().catch(undefined),
  sortOrder: z.enum(['asc', 'desc']).optional().catch(undefined),
});

/** What a stored value contributes to a page's view; undefined parts are the page's defaults. */
export type SavedView = z.infer<typeof stored>;

/** Reads a stored preference value; anything that is not an object of the right shape counts as no preference. */
export function parsePreferences(value: unknown): SavedView | null {
  const parsed = stored.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The list state a saved view opens with (page 1, no text), checked against what the page offers today. */
export function stateFromSaved(saved: SavedView | null, rules: ListRules): ListState {
  const defaults = defaultListState(rules);
  if (!saved) return defaults;
  const filters = Object.fromEntries(
    Object.entries(saved.filters ?? {}).filter(([name]) => isSavedFilter(rules, name)),
  );
  const sortKnown = saved.sortBy !== undefined && rules.sortKeys.includes(saved.sortBy);
  return {
    ...defaults,
    perPage:
      saved.filterLimit !== undefined && rules.pageSizes.includes(saved.filterLimit)
        ? saved.filterLimit
        : defaults.perPage,
    sortBy: sortKnown ? saved.sortBy! : defaults.sortBy,
    sortOrder: sortKnown ? (saved.sortOrder ?? 'asc') : defaults.sortOrder,
    filters: saved.filters === undefined ? defaults.filters : cleanFilters(filters),
  };
}

/** The preference value of a view: the state's sort, size and lasting filters, and the visible columns. */
export function toPreferences(state: ListState, columns: string[], rules: ListRules): ListPreferences {
  const filters = Object.fromEntries(
    Object.entries(cleanFilters(state.filters)).filter(([name]) => isSavedFilter(rules, name)),
  );
  return {
    filters,
    filterDefault: cleanFilters(rules.filterDefault),
    filterLimit: state.perPage,
    columns,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
}

/** A view keeps the filters a page knows, except one-off ones (such as the header search's `user_id`). */
const isSavedFilter = (rules: ListRules, name: string) =>
  isKnownFilter(rules, name) && !(rules.transientFilters ?? []).includes(name);
