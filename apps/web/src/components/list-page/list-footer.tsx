import type { PageMeta } from '@heed/contract';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './list-page.module.css';

export interface Noun {
  one: string;
  other: string;
}

const formatNumber = (n: number) => n.toLocaleString('en-US');

export const countOf = (n: number, noun: Noun) => `${formatNumber(n)} ${n === 1 ? noun.one : noun.other}`;

/** "1–25 of 1,234 users": the rows on this page and how many match. */
export function rangeText(meta: PageMeta, rowCount: number, noun: Noun): string {
  if (meta.total === 0 || rowCount === 0) return `0 ${noun.other}`;
  const first = (meta.current_page - 1) * meta.per_page + 1;
  const last = first + rowCount - 1;
  return `${formatNumber(first)}–${formatNumber(last)} of ${countOf(meta.total, noun)}`;
}

/** Names for Mantine Pagination's arrow buttons, which have none of their own (axe: button-name). */
export const PAGINATION_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

export interface ListFooterProps {
  meta: PageMeta;
  rowCount: number;
  noun: Noun;
  page: number;
  perPage: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Under the table: the range and total, the page size (25 by default, spec §9) and the pages (meta.last_page). */
export function ListFooter({ meta, rowCount, noun, page, perPage, pageSizes, onPage, onPerPage }: ListFooterProps) {
  const sizeId = useId();
  return (
    <Group className={classes.footer} justify="space-between" gap="sm" wrap="wrap">
      <Group gap="lg" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="list-range" aria-live="polite">
          {rangeText(meta, rowCount, noun)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={sizeId}>
            Per page
          </Text>
          <NativeSelect
            id={sizeId}
            size="xs"
            w={72}
            value={String(perPage)}
            data={pageSizes.map(String)}
            onChange={(event) => onPerPage(Number(event.currentTarget.value))}
          />
        </Group>
      </Group>
      <Pagination
        size="sm"
        total={meta.last_page}
        value={Math.min(page, meta.last_page)}
        onChange={onPage}
        siblings={1}
        boundaries={1}
        hideWithOnePage
        getControlProps={(control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
      />
    </Group>
  );
}
