import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor, within } from '../../test/render.tsx';
import type { ListColumn } from './list-columns.ts';
import { ListTable, VIRTUALIZE_FROM } from './list-table.tsx';
import { type ListSelection, noSelection } from './selection.ts';

interface Row {
  id: number;
  name: string;
  score: number;
}
const COLUMNS: ListColumn<Row>[] = [
  { id: 'name', label: 'Name', sortKey: 'name', cell: (row) => row.name },
  { id: 'score', label: 'Score', sortKey: 'score', align: 'right', cell: (row) => row.score },
  { id: 'note', label: 'Note', cell: () => 'n/a' },
];
const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, score: i * 3 }));

function renderTable(rows: Row[], props: Partial<Parameters<typeof ListTable<Row>>[0]> = {}) {
  const onSort = vi.fn();
  const onSelectionChange = vi.fn();
  const view = render(
    <ListTable
      label="Learners"
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      state={{ sortBy: 'score', sortOrder: 'desc' }}
      onSort={onSort}
      selection={noSelection}
      onSelectionChange={onSelectionChange}
      {...props}
    />,
  );
  return { ...view, onSort, onSelectionChange };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Learners' }))
    .getAllByRole('row')
    .slice(1);

describe('ListTable', () => {
  it('says the sort on its header and asks for a sort key when a sortable header is pressed', async () => {
    const { onSort } = renderTable(rowsOf(3));
    expect(screen.getByRole('columnheader', { name: 'Score' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    // Numbers align right.
    expect(within(bodyRows()[1]!).getByText('3').closest('td')).toHaveStyle({ textAlign: 'right' });
  });

  it('keeps the first column in view when the table scrolls sideways, after the checkboxes when rows can be ticked', () => {
    const { unmount } = renderTable(rowsOf(2));
    const stickiness = () =>
      [screen.getAllByRole('columnheader'), ...bodyRows().map((row) => within(row).getAllByRole('cell'))].map((cells) =>
        cells.map((cell) => cell.getAttribute('data-sticky')),
      );
    expect(stickiness()).toEqual(Array(3).fill(['start', 'after-select', null, null]));
    unmount();
    renderTable(rowsOf(2), { selection: undefined, onSelectionChange: undefined });
    expect(stickiness()).toEqual(Array(3).fill(['start', null, null]));
  });

  it('moves between rows with the arrow keys, Home and End; Space ticks a row, Enter opens it', async () => {
    const onOpenRow = vi.fn();
    const { onSelectionChange } = renderTable(rowsOf(5), { onOpenRow });
    const user = userEvent.setup();
    // After the header's checkbox and two sort buttons, Tab reaches the rows: one tab stop for all of them.
    for (let i = 0; i < 4; i++) await user.tab();
    expect(bodyRows()[0]).toHaveFocus();
    expect(bodyRows().filter((row) => row.tabIndex === 0)).toHaveLength(1);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(bodyRows()[2]).toHaveFocus();
    await user.keyboard('{End}');
    expect(bodyRows()[4]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Home}{ArrowDown}');
    expect(bodyRows()[1]).toHaveFocus();

    await user.keyboard(' ');
    const selection = onSelectionChange.mock.calls.at(-1)![0] as ListSelection;
    expect(selection).toEqual({ allMatching: false, ids: new Set(['2']) });
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledWith({ id: 2, name: 'Row 2', score: 3 });
  });

  it('ticks the whole page from the header checkbox, and shows it half-ticked for some', async () => {
    const rows = rowsOf(4);
    const { onSelectionChange, rerender } = renderTable(rows);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ allMatching: false, ids: new Set(['1', '2', '3', '4']) });

    rerender(
      <ListTable
        label="Learners"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        state={{ sortBy: 'id', sortOrder: 'asc' }}
        onSort={() => {}}
        selection={{ allMatching: false, ids: new Set(['3']) }}
        onSelectionChange={onSelectionChange}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Row 3' })).toBeChecked();
  });

  it(`renders only the rows in view from ${VIRTUALIZE_FROM} rows on`, () => {
    renderTable(rowsOf(VIRTUALIZE_FROM - 1));
    expect(bodyRows()).toHaveLength(VIRTUALIZE_FROM - 1);
    expect(screen.getByRole('table').closest('[data-virtual]')).toBeNull();
  });

  it('keeps a long list virtualised and says how many rows there are; End reaches the last row', async () => {
    // jsdom lays nothing out: give the scroll box the height a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(400 * 41 + 40);
    renderTable(rowsOf(400));
    const table = screen.getByRole('table', { name: 'Learners' });
    expect(table).toHaveAttribute('aria-rowcount', '401');
    const rendered = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);

    const user = userEvent.setup();
    await user.click(within(rendered[0]!).getByText('Row 1'));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Row 400'));
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '401');
  });

  it('lays a long list out at its fixed row height, with nothing in the console', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    renderTable(rowsOf(400));
    await userEvent.setup().click(screen.getByText('Row 1'));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('shows skeleton rows while loading', () => {
    renderTable([], { loading: true, skeletonRows: 6 });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    expect(screen.getByRole('table', { name: 'Learners' })).toHaveAttribute('aria-busy', 'true');
  });
});
