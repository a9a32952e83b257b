import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-columns.ts';
import classes from './list-page.module.css';
import type { SortOrder } from './list-state.ts';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export interface SortHeaderProps<T> {
  column: ListColumn<T>;
  /** The order when the list is sorted by this column. */
  sortOrder: SortOrder | undefined;
  onSort: (sortKey: string) => void;
  /** The first column stays in view while the table scrolls sideways (`data-sticky`, list-page.module.css). */
  sticky?: StickyAt | undefined;
  children: ReactNode;
}

/** Where a sticky cell sits: at the table's start, or after the row selection checkboxes. */
export type StickyAt = 'start' | 'after-select';

/** A column header; a sortable one is a button that says its order (aria-sort) and flips it when pressed. */
export function SortHeader<T>({ column, sortOrder, onSort, sticky, children }: SortHeaderProps<T>) {
  const right = column.align === 'right';
  const style = column.minWidth ? { minWidth: column.minWidth } : undefined;
  if (!column.sortKey) {
    return (
      <Table.Th className={classes.th} ta={right ? 'right' : undefined} style={style} data-sticky={sticky}>
        {children}
      </Table.Th>
    );
  }
  const sortKey = column.sortKey;
  const Icon = sortOrder === 'asc' ? IconArrowUp : sortOrder === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      className={classes.th}
      aria-sort={sortOrder ? ARIA_SORT[sortOrder] : 'none'}
      ta={right ? 'right' : undefined}
      style={style}
      data-sticky={sticky}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sortOrder !== undefined || undefined}
        data-align={right ? 'right' : undefined}
        onClick={() => onSort(sortKey)}
      >
        <span>{children}</span>
        <Icon size={14} stroke={1.8} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}
