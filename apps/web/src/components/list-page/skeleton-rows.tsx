import { Skeleton, rem } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { ListColumn } from './list-columns.ts';
import classes from './list-page.module.css';
import { ROW_DATA, TD_CLASS, TR_CLASS } from './table-markup.ts';

const WIDTHS = ['72%', '56%', '84%', '64%', '48%'];
const SKELETON_CLASS = `${Skeleton.classes.root} mantine-Skeleton-root`;

/** Mantine's Skeleton as plain markup (its classes and variables): a page of them is a lot of components. */
function Bar({ height, width, marginBlock }: { height: number; width: number | string; marginBlock?: number }) {
  const style = {
    '--skeleton-height': rem(height),
    '--skeleton-width': typeof width === 'number' ? rem(width) : width,
    '--skeleton-radius': 'var(--mantine-radius-sm)',
    marginBlock: marginBlock === undefined ? undefined : rem(marginBlock),
  } as CSSProperties;
  return <div className={SKELETON_CLASS} data-visible data-animate style={style} />;
}

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
    <tr key={row} className={TR_CLASS} {...ROW_DATA} data-testid="skeleton-row" aria-hidden>
      {selectable && (
        <td className={`${TD_CLASS} ${classes.selectCell}`}>
          <Bar height={14} width={14} />
        </td>
      )}
      {columns.map((column, index) => (
        <td key={column.id} className={`${TD_CLASS} ${classes.cell}`}>
          <Bar height={12} width={WIDTHS[(row + index) % WIDTHS.length]!} marginBlock={4} />
        </td>
      ))}
    </tr>
  ));
}
