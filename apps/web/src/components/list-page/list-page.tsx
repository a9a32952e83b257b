import { ActionIcon, Button, Group, Paper, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFilterOff, IconRestore } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { formatApiError } from '../../lib/error-notices.tsx';
import { SearchField } from '../search-field/index.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ExportMenu } from './export-menu.tsx';
import { type ListColumn, visibleColumns } from './list-columns.ts';
import { ListFooter, type Noun } from './list-footer.tsx';
import classes from './list-page.module.css';
import { type EmptyCopy, ListEmpty, ListError } from './list-states.tsx';
import { ListTable } from './list-table.tsx';
import { SelectionBar } from './selection-bar.tsx';
import type { ListSelection } from './selection.ts';
import type { ListPage as ListPageHandle } from './use-list-page.ts';

export interface ListPageProps<T> {
  list: ListPageHandle<T>;
  /** The table's accessible name, e.g. "Users". */
  label: string;
  noun: Noun;
  /** Every column the page offers (the chooser lists them); the view decides which show. */
  columns: readonly ListColumn<T>[];
  getRowId: (row: T) => string;
  rowLabel: (row: T) => string;
  /** The text filter's accessible name and hint. */
  search: { label: string; placeholder: string };
  /** The page's filter controls (FilterMenu and the like), after the text filter. */
  filters?: ReactNode;
  /** Removable notes for filters that have no control (e.g. "Only Jane Doe" from the header's user search). */
  chips?: ReactNode;
  /** The export endpoint; without one there is no Export menu. */
  exportEndpoint?: string;
  empty: EmptyCopy;
  /** Rows can be ticked, one by one or "all N matching" (the model bulk actions receive). */
  selectable?: boolean;
  /** Bulk actions for the selection. */
  bulkActions?: (selection: ListSelection) => ReactNode;
  onOpenRow?: (row: T) => void;
  /** The page's own actions, first in the toolbar's right-hand group (e.g. "Add user"). */
  actions?: ReactNode;
}

/** Remounts the text filter when the text changes from outside it (Clear filters, the back button). */
function useSearchFieldKey(text: string) {
  const [field, setField] = useState({ key: 0, text });
  if (field.text !== text) setField({ key: field.key + 1, text });
  return { key: field.key, typed: (term: string) => setField((current) => ({ ...current, text: term })) };
}

/**
 * The console's one list page (PRODUCT.md "Pages"): filter bar, sortable table with a column chooser,
 * selection up to "all N matching", export of the current filter, pagination with the total, and
 * designed loading, empty and error states. State and saved view come from {@link useListPage}.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, noun } = props;
  const { query, state, meta, rows } = list;
  const searchField = useSearchFieldKey(state.text);
  const hintId = useId();
  const shown = visibleColumns(props.columns, list.columnIds);
  const selectable = props.selectable ?? false;
  const hasFilters = list.isFiltered;
  const pageIds = rows.map(props.getRowId);

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <ListError
        nounPlural={noun.other}
        message={formatApiError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data && rows.length === 0 && !query.isPlaceholderData) {
    body = (
      <ListEmpty empty={props.empty} filtered={hasFilters} nounPlural={noun.other} onClearFilters={list.clearFilters} />
    );
  } else {
    body = (
      <ListTable
        label={props.label}
        describedBy={hintId}
        columns={shown}
        rows={rows}
        getRowId={props.getRowId}
        rowLabel={props.rowLabel}
        state={state}
        onSort={list.toggleSort}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        skeletonRows={Math.min(state.perPage, 12)}
        selection={selectable ? list.selection : undefined}
        onSelectionChange={selectable ? list.setSelection : undefined}
        onOpenRow={props.onOpenRow}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" wrap="wrap" role="search" aria-label="Filters">
          <SearchField
            key={searchField.key}
            label={props.search.label}
            placeholder={props.search.placeholder}
            defaultValue={state.text}
            onSearch={(term) => {
              searchField.typed(term);
              list.setText(term);
            }}
            // Narrower below 1200 px, so that the filters of a 1024 px window keep to one line.
            w={{ base: 200, lg: 232 }}
          />
          {props.filters}
          {props.chips}
          {hasFilters && (
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
        {/* A phone's window has room for the actions on two lines, not one line wider than the window. */}
        <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
          {!list.isDefaultView && (
            <Tooltip label="Reset view: default columns, sort, page size and filters" withArrow>
              <ActionIcon variant="default" size={36} aria-label="Reset view" onClick={() => void list.resetView()}>
                <IconRestore size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {props.actions}
          {props.exportEndpoint && <ExportMenu endpoint={props.exportEndpoint} state={state} fileStem={list.name} />}
          <ColumnChooser
            columns={props.columns}
            visible={shown}
            onChange={list.setColumnIds}
            onReset={() => list.setColumnIds([...list.defaultColumns])}
          />
        </Group>
      </Group>
      {selectable && meta && (
        <SelectionBar
          selection={list.selection}
          onChange={list.setSelection}
          total={meta.total}
          pageIds={pageIds}
          filter={{ text: state.text, filters: state.filters }}
          noun={noun}
          actions={props.bulkActions?.(list.selection)}
        />
      )}
      <Paper withBorder radius="md" className={classes.card}>
        <VisuallyHidden id={hintId}>
          Use the arrow keys to move between rows{selectable ? ' and Space to select a row' : ''}.
        </VisuallyHidden>
        {body}
        {meta && !(query.isError && !query.data) && (meta.total > 0 || query.isPlaceholderData) && (
          <ListFooter
            meta={meta}
            rowCount={rows.length}
            noun={noun}
            page={state.page}
            perPage={state.perPage}
            pageSizes={list.rules.pageSizes}
            onPage={list.setPage}
            onPerPage={list.setPerPage}
          />
        )}
      </Paper>
    </Stack>
  );
}
