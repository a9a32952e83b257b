import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { setCompanyHeader } from '../../../lib/api-client.ts';
import { noPreference, preferenceAnswer, usersAnswer } from '../test/users-fixtures.ts';
import UsersListPage from './users-list-page.tsx';

// Whole-page tests click through a Mantine table under jsdom: slow on a busy machine, never stuck.
const PAGE_TEST_TIMEOUT_MS = 60_000;
const USERS = '/api/v3/users';
const PREFERENCES = '/api/v3/users/preferences';

function companyOf(total: number, saved: () => Response = noPreference, extra?: (call: ApiCall) => Response) {
  return mockApi((call) => {
    if (call.path === PREFERENCES && call.method === 'GET') return saved();
    if (call.path === PREFERENCES && call.method === 'POST') return json({ data: { name: 'users-list' } });
    if (call.path === PREFERENCES && call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.path === USERS) return usersAnswer(call, total);
    return extra?.(call);
  });
}

const table = () => screen.getByRole('table', { name: 'Users' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('the saved view of the users list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('opens with the saved columns, sort, size and filters, and shows them in the address', async () => {
    const api = companyOf(80, () =>
      preferenceAnswer({
        filters: { role: ['1'], user_id: ['9'] },
        filterDefault: {},
        filterLimit: 50,
        columns: ['name', 'email', 'cf.employee_id', 'no-such-column'],
        sortBy: 'last_name',
        sortOrder: 'desc',
      }),
    );
    const view = renderAt('/users', <UsersListPage />);
    expect(await screen.findByText('1–50 of 80 users')).toBeInTheDocument();
    expect(headers()).toEqual(['', 'Name', 'Email', 'Employee id']);
    const calls = api.callsTo('GET', USERS);
    expect(calls).toHaveLength(1);
    // A one-off filter in a stored value (user_id) is not part of a view.
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      page: '1',
      per_page: '50',
      sort: 'last_name',
      order: 'desc',
      'field[role]': '1',
    });
    await waitFor(() => expect(view.address()).toBe('/users?per_page=50&sort=last_name&order=desc&field[role]=1'));
  });

  it('a stored value of the wrong shape counts as no saved view', async () => {
    const api = companyOf(30, () => preferenceAnswer('not a view'));
    renderAt('/users', <UsersListPage />);
    expect(await screen.findByText('1–25 of 30 users')).toBeInTheDocument();
    expect(headers()).toHaveLength(8);
    expect(Object.fromEntries(api.callsTo('GET', USERS)[0]!.query)).toMatchObject({ sort: 'id', order: 'asc' });
  });

  it('saves the view when columns are hidden, shown and moved and the sort changes', async () => {
    const api = companyOf(30);
    renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 30 users');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Username' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manager' }));
    await user.click(screen.getByRole('button', { name: 'Move Email up' }));
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(headers()).toEqual(['', 'Email', 'Name', 'Role', 'Department', 'Manager', 'Status', 'Last sign-in']);

    // Saved after a short pause (the burst test with fake timers is in use-list-preferences.test.tsx).
    await waitFor(
      () => expect(api.callsTo('POST', PREFERENCES).at(-1)?.body).toMatchObject({ value: { sortBy: 'email' } }),
      {
        timeout: 3000,
      },
    );
    const saved = api.callsTo('POST', PREFERENCES).at(-1);
    expect(saved!.body).toEqual({
      name: 'users-list',
      data_type: 'json',
      value: {
        filters: {},
        filterDefault: {},
        filterLimit: 25,
        columns: ['email', 'name', 'role', 'department', 'manager', 'status', 'last_sign_in'],
        sortBy: 'email',
        sortOrder: 'asc',
      },
    });
    expect(saved!.headers['X-XSRF-TOKEN']).toBe('test-token');
  });

  it('Reset view deletes the saved view and goes back to the defaults', async () => {
    const api = companyOf(30, () =>
      preferenceAnswer({ columns: ['name', 'email'], sortBy: 'username', sortOrder: 'asc', filterLimit: 25 }),
    );
    const view = renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 30 users');
    expect(headers()).toEqual(['', 'Name', 'Email']);

    await user.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(headers()).toHaveLength(8));
    expect(api.callsTo('DELETE', PREFERENCES)[0]!.query.get('name')).toBe('users-list');
    expect(view.address()).toBe('/users');
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', USERS).at(-1)!.query)).toMatchObject({ sort: 'id' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset view' })).toBeNull());
  });
});

describe('selection on the users list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('selects a page, then all N matching, minus the rows unticked; a new filter starts over', async () => {
    companyOf(1234);
    const user = userEvent.setup();
    renderAt('/users', <UsersListPage />);
    await screen.findByText('1–25 of 1,234 users');

    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('1 user selected.');

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('All 25 users on this page are selected.');
    await user.click(screen.getByRole('button', { name: 'Select all 1,234 users matching' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('All 1,234 users matching this view are selected.');

    // "All matching" reaches the next page too; unticking a row excludes it.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('26–50 of 1,234 users');
    expect(within(bodyRows()[3]!).getByRole('checkbox')).toBeChecked();
    await user.click(within(bodyRows()[3]!).getByRole('checkbox'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent(
      '1,233 users of 1,234 matching this view are selected.',
    );

    await user.click(screen.getByRole('button', { name: 'Filter by status' }));
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull());
  });
});

describe('export of the users list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  afterEach(() => setCompanyHeader(null));

  it('downloads the current filter and sort as CSV, for the chosen company', async () => {
    const exportCalls: ApiCall[] = [];
    companyOf(30, noPreference, (call) => {
      if (call.path !== '/api/v3/users/export') return json({}, 404);
      exportCalls.push(call);
      return new Response('id,name\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="users-2025.csv"' },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:users');
    // jsdom has no object URLs; the browser's would name the downloaded blob.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    setCompanyHeader(4);
    renderAt('/users?text=ada&field[role]=2&sort=email&order=desc', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText(/of 30 users/);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(Object.fromEntries(exportCalls[0]!.query)).toEqual({
      format: 'csv',
      sort: 'email',
      order: 'desc',
      text: 'ada',
      'field[role]': '2',
    });
    expect(exportCalls[0]!.headers['X-Company-ID']).toBe('4');
    expect(clicks[0]!.download).toBe('users-2025.csv');
    expect(clicks[0]!.href).toBe('blob:users');
  });

  it('says why when the export fails', async () => {
    companyOf(30, noPreference, () => json({ error: { message: 'This action is unauthorized.' } }, 403));
    renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 30 users');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    const notice = await screen.findByTestId('api-error-notice');
    expect(notice).toHaveTextContent('The export failed');
    expect(notice).toHaveTextContent('This action is unauthorized.');
  });
});
