import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export type DataCell = string | number | null;

export interface DataTableProps {
  caption: string;
  header: string[];
  rows: DataCell[][];
  /** A cell's content instead of its text (a drill-down link); undefined = the plain value. */
  renderCell?: ((row: number, column: number, value: DataCell) => ReactNode) | undefined;
}

const show = (value: DataCell) =>
  value === null ? '–' : typeof value === 'number' ? value.toLocaleString('en') : value;

/** The figures behind a chart (or a report table): a caption, column headers, numbers right-aligned, in a named scroll region. */
export function DataTable({ caption, header, rows, renderCell }: DataTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={400}
      // A table wider than its card scrolls: the keyboard must reach the scrolling region, and a
      // focusable region needs a name (axe: scrollable-region-focusable). Always focusable, so that
      // it does not depend on a measurement racing the layout.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table striped highlightOnHover stickyHeader withTableBorder fz="sm" captionSide="top">
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            {header.map((h, i) => (
              <Table.Th key={h} scope="col" ta={i === 0 ? 'left' : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id of their own; order is stable.
            <Table.Tr key={r}>
              {row.map((value, c) =>
                c === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns by position.
                  <Table.Th key={c} scope="row" fw={500}>
                    {renderCell?.(r, c, value) ?? show(value)}
                  </Table.Th>
                ) : (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns by position.
                    key={c}
                    ta={typeof value === 'number' || value === null ? 'right' : 'left'}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {renderCell?.(r, c, value) ?? show(value)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
