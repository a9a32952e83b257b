import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import { IMPORTS, anImport, pageOf, renderImportPage, summaryOf } from '../test/import-fixtures.tsx';
import UsersImportPage from './users-import-page.tsx';

const PATH = '/admin/users/import/';
const PAGE_TEST_TIMEOUT_MS = 60_000;

afterEach(() => vi.unstubAllGlobals());

const done = summaryOf(
  anImport({
    id: 14,
    file_name: 'march.csv',
    status: 'completed',
    processed_rows: 120,
    total_rows: 120,
    error_rows: 2,
    started_at: '2026-03-02T10:00:00.000Z',
    counts: { created: 100, updated: 15, deactivated: 3, skipped: 3, failed: 2 },
  }),
);
const running = summaryOf(
  anImport({ id: 13, file_name: 'april.xlsx', status: 'running', processed_rows: 40, total_rows: 200 }),
);
const failed = summaryOf(anImport({ id: 12, file_name: 'broken.csv', status: 'failed' }));

describe('the imports history', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('lists imports newest first with status, rows, counts, who and an error report per import', async () => {
    mockApi((call) => (call.path === IMPORTS ? json(pageOf([done, running, failed])) : undefined));
    renderImportPage(PATH, PATH, <UsersImportPage />);
    const table = await screen.findByRole('table', { name: 'Imports' });
    const rows = within(table).getAllByTestId('import-row');
    expect(rows.map((row) => within(row).getByTestId('import-status').textContent)).toEqual([
      'Completed with errors',
      'Importing',
      'Failed',
    ]);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Five columns, so the table fits the card at 1024 px: who ran it and when sit under the file's name.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['File', 'Status', 'Rows', 'Result', 'Errors']);
    expect(cells.slice(0, 4)).toEqual([
      `march.csv${within(rows[0]!).getByTestId('import-run').textContent}`,
      'Completed with errors',
      '120 / 120',
      '100 created · 15 updated · 3 deactivated · 3 skipped · 2 failed',
    ]);
    expect(within(rows[0]!).getByTestId('import-run')).toHaveTextContent(/^Catherine Morgan · \d/);
    expect(within(rows[2]!).getAllByRole('cell')[3]!.textContent).toBe('—');
    expect(within(rows[0]!).getByRole('link', { name: 'march.csv' })).toHaveAttribute(
      'href',
      '/users/import/new?id=14',
    );
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('40 / 200');
    expect(within(rows[1]!).queryByRole('button', { name: /error report/ })).toBeNull();
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–3 of 3 imports');
  });

  it('downloads the error report of an import', async () => {
    const api = mockApi((call) => {
      if (call.path === IMPORTS) return json(pageOf([done]));
      if (call.path === `${IMPORTS}/14/errors/export`) {
        return new Response('Row,Column,Message,Value\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="import-14-errors.csv"' },
        });
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:errors');
    URL.revokeObjectURL = vi.fn();
    renderImportPage(PATH, PATH, <UsersImportPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download the error report of march.csv' }));
    await waitFor(() => expect(api.callsTo('GET', `${IMPORTS}/14/errors/export`)).toHaveLength(1));
    expect(api.callsTo('GET', `${IMPORTS}/14/errors/export`)[0]!.query.get('kind')).toBe('import');
  });

  it('explains an empty history and offers to start an import', async () => {
    mockApi((call) => (call.path === IMPORTS ? json(pageOf([])) : undefined));
    renderImportPage(PATH, PATH, <UsersImportPage />);
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New import' })).toHaveLength(2);
  });

  it('says when the history cannot be loaded, and retries', async () => {
    let calls = 0;
    mockApi((call) => {
      if (call.path !== IMPORTS) return undefined;
      calls += 1;
      return calls === 1 ? json({ error: { message: 'Server error.' } }, 500) : json(pageOf([done]));
    });
    renderImportPage(PATH, PATH, <UsersImportPage />);
    expect(await screen.findByText('The imports could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Imports' })).toBeInTheDocument();
  });
});
