import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, pendingUntilAborted, renderAt } from '../../../components/list-page/testing.tsx';
import { renderWithSession, sessionOf } from '../test/user-edit-fixtures.tsx';
import { makeUser, noPreference, usersAnswer } from '../test/users-fixtures.ts';
import UsersListPage from './users-list-page.tsx';
import { USER_COLUMNS } from '../components/users-columns.tsx';

// Whole-page tests click through a Mantine table under jsdom: slow on a busy machine, never stuck.
const PAGE_TEST_TIMEOUT_MS = 60_000;
const USERS = '/api/v3/users';
const PREFERENCES = '/api/v3/users/preferences';
const CUSTOM_FIELDS = '/api/v3/custom-fields';

/** The API of a company with `total` users and no saved view. */
function companyOf(total: number, users?: (call: ApiCall) => Response | Promise<Response>) {
  return mockApi((call) => {
    if (call.path === PREFERENCES && call.method === 'GET') return noPreference();
    if (call.path === PREFERENCES) return json({ data: null });
    if (call.path === USERS) return users ? users(call) : usersAnswer(call, total);
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Users' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const lastQuery = (api: ReturnType<typeof mockApi>) => Object.fromEntries(api.callsTo('GET', USERS).at(-1)!.query);

describe('the users list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the default columns, 25 users and the real total, after reading the saved view', async () => {
    const api = companyOf(1234);
    renderAt('/users', <UsersListPage />);

    expect(await screen.findByText('1–25 of 1,234 users')).toBeInTheDocument();
    expect(headers()).toEqual(['', 'Name', 'Username', 'Email', 'Role', 'Department', 'Status', 'Last sign-in']);
    expect(bodyRows()).toHaveLength(25);
    const first = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first).toEqual([
      '',
      'Grace Lovelace',
      'grace.lovelace1',
      'grace.lovelace1@acme.test',
      'Company Manager',
      'Sales',
      'Active',
      '14 Mar 2025',
    ]);
    expect(within(bodyRows()[6]!).getByText('Deactivated')).toBeInTheDocument();
    expect(within(bodyRows()[4]!).getByText('Never')).toBeInTheDocument();

    // The saved view is read before the first list call, which then asks for the spec's defaults.
    const listCalls = api.calls.filter((call) => call.path !== CUSTOM_FIELDS);
    expect(listCalls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual([
      `GET ${PREFERENCES}`,
      `GET ${USERS}`,
    ]);
    expect(api.callsTo('GET', PREFERENCES)[0]!.query.get('name')).toBe('users-list');
    expect(lastQuery(api)).toEqual({ page: '1', per_page: '25', sort: 'id', order: 'asc' });
  });

  it('offers a Reviewer no rows to tick, as no bulk action is theirs; a manager ticks rows', async () => {
    companyOf(40);
    const reviewer = renderWithSession('/users', <UsersListPage />, sessionOf({ role: 3 }));
    expect(await screen.findByText('1–25 of 40 users')).toBeInTheDocument();
    expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
    reviewer.unmount();

    renderWithSession('/users', <UsersListPage />, sessionOf({ role: 2 }));
    expect(await screen.findByText('1–25 of 40 users')).toBeInTheDocument();
    expect(within(table()).getAllByRole('checkbox').length).toBeGreaterThan(25);
  });

  it("shows the custom fields marked for the table as columns, under their labels and in their types' form", async () => {
    const field = (id: number, key: string, label: string, type: string, shown: boolean) => ({
      id,
      key,
      label,
      type,
      options: null,
      required: false,
      show_in_table: shown,
      position: id,
    });
    mockApi((call) => {
      if (call.path === PREFERENCES && call.method === 'GET') return noPreference();
      if (call.path === PREFERENCES) return json({ data: null });
      if (call.path === CUSTOM_FIELDS) {
        return json({
          data: [
            field(1, 'employee_id', 'Employee ID', 'text', true),
            field(2, 'hire_date', 'Hire date', 'date', true),
            field(3, 'union_member', 'Union member', 'boolean', false),
          ],
        });
      }
      if (call.path === USERS) {
        return usersAnswer(call, 3, (id) =>
          makeUser(id, { custom_fields: { employee_id: `E-${id}`, hire_date: '2024-02-29', union_member: 'true' } }),
        );
      }
      return undefined;
    });
    renderAt('/users', <UsersListPage />);

    expect(await screen.findByText('1–3 of 3 users')).toBeInTheDocument();
    await waitFor(() => expect(headers()).toContain('Employee ID'));
    expect(headers()).toEqual([
      '',
      'Name',
      'Username',
      'Email',
      'Role',
      'Department',
      'Status',
      'Last sign-in',
      'Employee ID',
      'Hire date',
    ]);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.at(-2)?.textContent).toBe('E-1');
    expect(cells.at(-1)?.textContent).toBe('29 Feb 2024');
  });

  it('sorts by a column when its header is pressed, and the other way when pressed again', async () => {
    const api = companyOf(60);
    const view = renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 60 users');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'last_name', order: 'asc', page: '1' }));
    expect(view.address()).toBe('/users?sort=last_name&order=asc');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'last_name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    // Department sorts by the department's name (and the hidden Manager and Created columns by theirs).
    await user.click(screen.getByRole('button', { name: 'Department' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'department', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Department' })).toHaveAttribute('aria-sort', 'ascending');
    expect(USER_COLUMNS.filter((column) => column.sortKey).map((column) => column.id)).toEqual([
      'name',
      'username',
      'email',
      'role',
      'department',
      'manager',
      'status',
      'last_sign_in',
      'created',
    ]);
  });

  it('pages through meta.last_page, and changes the page size', async () => {
    const api = companyOf(60);
    const view = renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 60 users');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('26–50 of 60 users')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '2', per_page: '25' });
    expect(view.address()).toBe('/users?page=2');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–60 of 60 users')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);

    // The back button walks back through the pages.
    await act(() => view.router.navigate(-1));
    expect(await screen.findByText('26–50 of 60 users')).toBeInTheDocument();
    await act(() => view.router.navigate(-1));
    expect(await screen.findByText('1–25 of 60 users')).toBeInTheDocument();
    expect(view.address()).toBe('/users');
    await act(() => view.router.navigate(2));
    expect(await screen.findByText('51–60 of 60 users')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    expect(await screen.findByText('1–50 of 60 users')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '1', per_page: '50' });
    expect(view.address()).toBe('/users?per_page=50');
  });

  it('filters by role and status through field[…] parameters, and clears them', async () => {
    const api = companyOf(60);
    const view = renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 60 users');

    await user.click(screen.getByRole('button', { name: 'Filter by role' }));
    await user.click(screen.getByRole('checkbox', { name: 'Company Manager' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reviewer' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ 'field[role]': '1,3' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Filter by status' }));
    await user.click(screen.getByRole('radio', { name: 'Deactivated' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ 'field[role]': '1,3', 'field[suspended]': '1' }));
    expect(view.address()).toBe('/users?field[role]=1,3&field[suspended]=1');
    expect(screen.getByRole('button', { name: 'Role: Company Manager +1' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.address()).toBe('/users'));
    // The unfiltered first page is still in the cache from the first visit: no call needed.
    expect(screen.getByRole('button', { name: 'Filter by role' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60 users')).toBeInTheDocument();
  });

  it('narrows to the user the header search chose, keeping edit in the address', async () => {
    const api = companyOf(1, (call) => usersAnswer(call, 1, () => makeUser(7)));
    const view = renderAt('/users?edit=7&field[user_id]=7', <UsersListPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('1–1 of 1 user')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ 'field[user_id]': '7' });
    expect(view.address()).toBe('/users?edit=7&field[user_id]=7');

    await user.click(screen.getByRole('button', { name: /^Only Ken Lovelace/ }));
    await waitFor(() => expect(view.address()).toBe('/users?edit=7'));
    expect(lastQuery(api)).not.toHaveProperty('field[user_id]');
  });

  it('cancels the list call in flight when the text filter changes', async () => {
    let first = true;
    const api = companyOf(40, (call) => {
      if (first) {
        first = false;
        return pendingUntilAborted(call.signal);
      }
      return usersAnswer(call, 3);
    });
    renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    await waitFor(() => expect(api.callsTo('GET', USERS)).toHaveLength(1));
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);

    await user.type(screen.getByRole('searchbox', { name: 'Filter users' }), 'ada');
    expect(await screen.findByText('1–3 of 3 users')).toBeInTheDocument();
    const [cancelled, current] = api.callsTo('GET', USERS);
    expect(cancelled!.signal?.aborted).toBe(true);
    expect(Object.fromEntries(current!.query)).toMatchObject({ text: 'ada', page: '1' });
  });

  it('says when there are no users yet', async () => {
    companyOf(0);
    renderAt('/users', <UsersListPage />);
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no user matches the filters, and clears them', async () => {
    const api = companyOf(0, (call) => usersAnswer(call, call.query.has('text') ? 0 : 30));
    const view = renderAt('/users?text=zzz', <UsersListPage />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No users match these filters' })).toBeInTheDocument();

    await user.click(within(screen.getByTestId('list-empty')).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('1–25 of 30 users')).toBeInTheDocument();
    expect(view.address()).toBe('/users');
    expect(screen.getByRole('searchbox', { name: 'Filter users' })).toHaveValue('');
    expect(lastQuery(api)).not.toHaveProperty('text');
  });

  it('shows the error and tries again with Retry', async () => {
    let failing = true;
    companyOf(5, (call) =>
      failing ? json({ error: { message: 'The database is busy.' } }, 503) : usersAnswer(call, 5),
    );
    renderAt('/users', <UsersListPage />);
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The users could not be loaded');
    expect(alert).toHaveTextContent('The database is busy.');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1–5 of 5 users')).toBeInTheDocument();
  });
});
