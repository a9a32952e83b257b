import type { ReactNode } from 'react';

/** One column of a list page. */
export interface ListColumn<T> {
  id: string;
  /** Header text, also the column chooser's label. */
  label: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key for this column; without one the column does not sort. */
  sortKey?: string;
  /** Numbers align right (PRODUCT.md "Look and feel"). */
  align?: 'left' | 'right';
  /** Shown in a fresh view. Default true. */
  defaultVisible?: boolean;
  /** False for the column that names the row: it cannot be hidden. Default true. */
  hideable?: boolean;
  /** Minimum width in px, so dense columns do not squeeze the important ones. */
  minWidth?: number;
}

/**
 * The visible columns of a view in order: the saved ids that still exist, plus any column that
 * cannot be hidden (in its place among the page's columns when the saved list lacks it).
 */
export function visibleColumns<T>(columns: readonly ListColumn<T>[], ids: readonly string[]): ListColumn<T>[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);
  for (const [index, column] of columns.entries()) {
    if (column.hideable !== false || shown.includes(column)) continue;
    shown.splice(Math.min(index, shown.length), 0, column);
  }
  return [...new Set(shown)];
}

/** Every column for the chooser: the visible ones in their order, then the hidden ones in the page's order. */
export function chooserColumns<T>(columns: readonly ListColumn<T>[], visible: readonly ListColumn<T>[]) {
  const hidden = columns.filter((column) => !visible.includes(column));
  return [
    ...visible.map((column) => ({ column, visible: true })),
    ...hidden.map((column) => ({ column, visible: false })),
  ];
}

/** Moves one id up (-1) or down (+1) in a list of ids. */
export function moveId(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
