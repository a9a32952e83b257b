import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconFilterOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { formatApiError } from '../../lib/error-notices.tsx';
import { ExportMenu } from '../list-page/export-menu.tsx';
import type { ListColumn } from '../list-page/list-columns.ts';
import classes from '../list-page/list-page.module.css';
import { type EmptyCopy, ListEmpty, ListError } from '../list-page/list-states.tsx';
import { ListTable } from '../list-page/list-table.tsx';
import { SearchField } from '../search-field/index.ts';
import type { CursorList } from './use-cursor-list.ts';

export interface CursorListPageProps<T> {
  list: CursorList<T>;
  label: string;
  noun: { one: string; other: string };
  columns: readonly ListColumn<T>[];
  getRowId: (row: T) => string;
  rowLabel: (row: T) => string;
  search: { label: string; placeholder: string };
  filters?: ReactNode;
  exportEndpoint?: string;
  /** The order the export is sent (the list's own). */
  exportOrder?: { sortBy: string; sortOrder: 'asc' | 'desc' };
  empty: EmptyCopy;
  onOpenRow?: (row: T) => void;
  /** Words for the two directions: "Newer"/"Older" for a list newest first. */
  directions?: { back: string; forward: string };
}

const NO_SORT = () => {};

/**
 * A keyset-paged list (the history lists, decision 071) on the list page's parts: filter bar, table,
 * export of the whole filter, and a pager that moves a page back or on, as a big log allows.
 */
export function CursorListPage<T>(props: CursorListPageProps<T>) {
  const { list, noun } = props;
  const hintId = useId();
  const directions = props.directions ?? { back: 'Previous', forward: 'Next' };
  const order = props.exportOrder ?? { sortBy: 'id', sortOrder: 'asc' as const };
  const start = (list.page - 1) * list.perPage + 1;
  let body: ReactNode;
  if (list.query.isError && !list.query.data) {
    body = (
      <ListError
        nounPlural={noun.other}
        message={formatApiError(list.query.error).message}
        onRetry={() => void list.query.refetch()}
        retrying={list.query.isFetching}
      />
    );
  } else if (list.query.data && list.rows.length === 0 && !list.query.isPlaceholderData) {
    body = (
      <ListEmpty
        empty={props.empty}
        filtered={list.isFiltered}
        nounPlural={noun.other}
        onClearFilters={list.clearFilters}
      />
    );
  } else {
    body = (
      <ListTable
        label={props.label}
        describedBy={hintId}
        columns={props.columns}
        rows={list.rows}
        getRowId={props.getRowId}
        rowLabel={props.rowLabel}
        state={order}
        onSort={NO_SORT}
        loading={list.query.isPending}
        stale={list.query.isPlaceholderData}
        skeletonRows={12}
        onOpenRow={props.onOpenRow}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" wrap="wrap" role="search" aria-label="Filters">
          <SearchField
            key={list.text === '' ? 'empty' : 'typed'}
            label={props.search.label}
            placeholder={props.search.placeholder}
            defaultValue={list.text}
            onSearch={list.setText}
            w={{ base: 200, lg: 232 }}
          />
          {props.filters}
          {list.isFiltered && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={list.clearFilters}
            >
              Clear filters
            </Button>
          )}
        </Group>
        {props.exportEndpoint && (
          <ExportMenu
            endpoint={props.exportEndpoint}
            state={{ ...order, page: 1, perPage: list.perPage, text: list.text, filters: list.filters }}
            fileStem={noun.other.replace(/\s+/g, '-')}
          />
        )}
      </Group>
      <Paper withBorder radius="md" className={classes.card}>
        <VisuallyHidden id={hintId}>Use the arrow keys to move between rows and Enter to open one.</VisuallyHidden>
        {body}
        {list.rows.length > 0 && (
          <Group justify="space-between" px="md" py="xs" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {noun.other[0]!.toUpperCase() + noun.other.slice(1)} {start}–{start + list.rows.length - 1}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronsLeft size={14} aria-hidden />}
                disabled={list.page === 1}
                onClick={list.first}
              >
                First
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} aria-hidden />}
                disabled={list.page === 1}
                onClick={list.newer}
              >
                {directions.back}
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} aria-hidden />}
                disabled={!list.hasNext}
                onClick={list.older}
              >
                {directions.forward}
              </Button>
            </Group>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
