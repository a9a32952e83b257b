import { Checkbox, Table } from '@mantine/core';
import {
  type ColumnDef,
  type RowSelectionState,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { ListColumn } from './list-columns.ts';
import type { ListState } from './list-state.ts';
import { RowCheckbox } from './row-checkbox.tsx';
import classes from './list-page.module.css';
import { SortHeader, type StickyAt } from './sort-header.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';
import { ROW_DATA, TD_CLASS, TR_CLASS } from './table-markup.ts';
import { type ListSelection, isRowSelected, pageSelectionState, setRowsSelected } from './selection.ts';
import { useRowFocus } from './use-row-focus.ts';

/** From this many rows on, only the rows in view are rendered (PRODUCT.md: "virtualised when longer"). */
export const VIRTUALIZE_FROM = 100;

const RIGHT = { textAlign: 'right' } as const;
/** A row's height at the table's density; the virtualiser measures real rows as they render. */
const ROW_HEIGHT = 41;
const SELECT_COLUMN = '__select';

export interface ListTableProps<T> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  /** Id of a hint on using the table by keyboard. */
  describedBy?: string;
  /** The visible columns, in order. */
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Short text naming a row for its checkbox, e.g. the user's name. */
  rowLabel: (row: T) => string;
  state: Pick<ListState, 'sortBy' | 'sortOrder'>;
  onSort: (sortKey: string) => void;
  /** Skeleton rows in place of the data (the first load). */
  loading?: boolean;
  /** The rows are the previous answer while the next one loads. */
  stale?: boolean;
  skeletonRows?: number;
  selection?: ListSelection;
  onSelectionChange?: (selection: ListSelection) => void;
  onOpenRow?: (row: T) => void;
}

function SelectAllCheckbox({ state, onChange }: { state: 'none' | 'some' | 'all'; onChange: (all: boolean) => void }) {
  return (
    <Checkbox
      aria-label="Select all rows on this page"
      size="xs"
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={() => onChange(state !== 'all')}
    />
  );
}

/**
 * The list's table (TanStack Table on Mantine's Table): sticky header, sortable headers that say
 * their order (aria-sort), row hover, row selection, keyboard navigation between rows, and only the
 * rows in view rendered once the list is long.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const { columns, rows, getRowId, selection, onSelectionChange, state } = props;
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const ids = useMemo(() => rows.map(getRowId), [rows, getRowId]);

  const columnDefs = useMemo<ColumnDef<T>[]>(() => {
    const defs: ColumnDef<T>[] = columns.map((column) => ({
      id: column.id,
      header: () => column.label,
      cell: ({ row }) => column.cell(row.original),
    }));
    if (!selectable) return defs;
    return [{ id: SELECT_COLUMN, header: () => null, cell: () => null }, ...defs];
  }, [columns, selectable]);

  const rowSelection = useMemo<RowSelectionState>(
    () => (selection ? Object.fromEntries(ids.map((id) => [id, isRowSelected(selection, id)])) : {}),
    [selection, ids],
  );
  const table = useReactTable({
    data: rows as T[],
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: selectable,
    state: { rowSelection },
  });
  const tableRows = table.getRowModel().rows;

  const virtual = rows.length >= VIRTUALIZE_FROM;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    // Cells never wrap, so every row is ROW_HEIGHT tall: nothing to measure (measuring warned on each
    // render without a data-index, and flushed React synchronously from inside a render).
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Until the scroll box is measured, assume a window's worth of rows, so the first paint has rows.
    initialRect: { width: 0, height: 800 },
    enabled: virtual,
    // A scroll re-renders on React's schedule: flushing synchronously warned when a scroll came
    // from inside a render (a row's focus revealing it), and the rows' height is fixed anyway.
    useFlushSync: false,
  });

  const toggle = (index: number) => {
    const id = ids[index];
    if (!selection || !onSelectionChange || id === undefined) return;
    onSelectionChange(setRowsSelected(selection, [id], !isRowSelected(selection, id)));
  };
  const { rowProps } = useRowFocus({
    count: tableRows.length,
    bodyRef,
    reveal: virtual ? (index) => virtualizer.scrollToIndex(index) : undefined,
    onToggle: selectable ? toggle : undefined,
    onOpen: props.onOpenRow ? (index) => rows[index] && props.onOpenRow?.(rows[index]) : undefined,
  });

  const byId = new Map(columns.map((column) => [column.id, column]));
  const items = virtual
    ? virtualizer.getVirtualItems()
    : tableRows.map((_, index) => ({ index, start: index * ROW_HEIGHT, end: (index + 1) * ROW_HEIGHT }));
  const padTop = virtual ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const span = columnDefs.length;
  // The first column (a user's name, say) stays in view when the columns are wider than the card.
  const firstColumn = columns[0]?.id;
  const stickyAt = (id: string): StickyAt | undefined =>
    id === SELECT_COLUMN ? 'start' : id === firstColumn ? (selectable ? 'after-select' : 'start') : undefined;

  return (
    <div ref={scrollRef} className={classes.scroll} data-virtual={virtual || undefined}>
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={8}
        horizontalSpacing="xs"
        className={classes.table}
        aria-label={props.label}
        aria-describedby={props.describedBy}
        aria-busy={props.loading || props.stale || undefined}
        aria-rowcount={virtual ? rows.length + 1 : undefined}
        data-stale={props.stale || undefined}
      >
        <Table.Thead className={classes.thead}>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                if (header.id === SELECT_COLUMN) {
                  return (
                    <Table.Th key={header.id} className={classes.selectCell} data-sticky="start">
                      {selection && onSelectionChange && rows.length > 0 && (
                        <SelectAllCheckbox
                          state={pageSelectionState(selection, ids)}
                          onChange={(all) => onSelectionChange(setRowsSelected(selection, ids, all))}
                        />
                      )}
                    </Table.Th>
                  );
                }
                const column = byId.get(header.id)!;
                return (
                  <SortHeader
                    key={header.id}
                    column={column}
                    sortOrder={column.sortKey === state.sortBy ? state.sortOrder : undefined}
                    onSort={props.onSort}
                    sticky={stickyAt(header.id)}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </SortHeader>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {props.loading ? (
            <SkeletonRows rows={props.skeletonRows ?? 10} columns={columns} selectable={selectable} />
          ) : (
            <>
              {padTop > 0 && (
                <tr aria-hidden>
                  <td colSpan={span} style={{ height: padTop, padding: 0 }} />
                </tr>
              )}
              {items.map(({ index }) => {
                const row = tableRows[index]!;
                const checked = row.getIsSelected();
                return (
                  <tr
                    key={row.id}
                    className={`${TR_CLASS} ${classes.row}`}
                    {...ROW_DATA}
                    data-selected={checked || undefined}
                    aria-rowindex={virtual ? index + 2 : undefined}
                    {...rowProps(index)}
                  >
                    {row.getVisibleCells().map((cell) =>
                      cell.column.id === SELECT_COLUMN ? (
                        <td key={cell.id} className={`${TD_CLASS} ${classes.selectCell}`} data-sticky="start">
                          <RowCheckbox
                            label={`Select ${props.rowLabel(row.original)}`}
                            checked={checked}
                            onChange={() => toggle(index)}
                          />
                        </td>
                      ) : (
                        <td
                          key={cell.id}
                          style={byId.get(cell.column.id)?.align === 'right' ? RIGHT : undefined}
                          className={`${TD_CLASS} ${classes.cell}`}
                          data-sticky={stickyAt(cell.column.id)}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ),
                    )}
                  </tr>
                );
              })}
              {padBottom > 0 && (
                <tr aria-hidden>
                  <td colSpan={span} style={{ height: padBottom, padding: 0 }} />
                </tr>
              )}
            </>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
