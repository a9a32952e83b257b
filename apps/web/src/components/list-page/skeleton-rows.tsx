import { Skeleton, Table } from '@mantine/core';
import type { ListColumn } from './list-columns.ts';
import classes from './list-page.module.css';

const WIDTHS = ['72%', '56%', '84%', '64%', '48%'];

/** Placeholder rows while the first page loads: the table keeps its shape instead of jumping. */
export function SkeletonRows<T>({
  rows,
  columns,
  selectable,
}: {
  rows: number;
  columns: readonly ListColumn<T>[];
  selectable: boolean;
}) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={row} data-testid="skeleton-row" aria-hidden>
      {selectable && (
        <Table.Td className={classes.selectCell}>
          <Skeleton height={14} width={14} radius="sm" />
        </Table.Td>
      )}
      {columns.map((column, index) => (
        <Table.Td key={column.id} className={classes.cell}>
          <Skeleton height={12} my={4} radius="sm" width={WIDTHS[(row + index) % WIDTHS.length]} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
