import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../components/list-page/testing.tsx';
import UsersListPage from '../pages/users-list-page.tsx';
import { drawerApi, renderWithSession } from '../test/user-edit-fixtures.tsx';
import { noPreference, usersAnswer } from '../test/users-fixtures.ts';

const TIMEOUT_MS = 60_000;
const USERS = '/api/v3/users';
const PREFERENCES = '/api/v3/users/preferences';

function companyApi() {
  return drawerApi((call) => {
    if (call.path === PREFERENCES) return call.method === 'GET' ? noPreference() : json({ data: null });
    if (call.method === 'GET' && call.path === USERS) return usersAnswer(call, 40);
    return undefined;
  });
}

const lastQuery = (api: ReturnType<typeof companyApi>) => Object.fromEntries(api.callsTo('GET', USERS).at(-1)!.query);
const savedFilters = (api: ReturnType<typeof companyApi>) =>
  (api.callsTo('POST', PREFERENCES).at(-1)?.body as { value?: { filters?: unknown } } | undefined)?.value?.filters;

describe('the users filters', { timeout: TIMEOUT_MS }, () => {
  it('filter by departments from the tree, and by custom fields of each kind; the view keeps them', async () => {
    const api = companyApi();
    const view = renderWithSession('/users', <UsersListPage />);
    const user = userEvent.setup();
    await screen.findByText('1–25 of 40 users');
    // The tree is not asked for before it is wanted; the custom fields are read once, for the table's columns.
    expect(api.callsTo('GET', '/api/v3/departments')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET', '/api/v3/custom-fields')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Filter by department' }));
    const modal = await screen.findByRole('dialog', { name: /Filter by department/ });
    await user.click(await within(modal).findByRole('treeitem', { name: 'Plant A' }));
    await user.click(within(modal).getByRole('treeitem', { name: 'Sales' }));
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ 'field[department_id]': '11,20' }));
    expect(view.address()).toBe('/users?field[department_id]=11,20');
    expect(screen.getByRole('button', { name: 'Department: Plant A +1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Employee ID' }));
    const textFilter = await screen.findByRole('dialog', { name: /Employee ID/ });
    await user.click(within(textFilter).getByText('Starts with'));
    await user.type(within(textFilter).getByRole('textbox', { name: 'Value' }), 'AC-1{Enter}');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ 'field[cf.employee_id]': 'AC-1*' }));
    expect(screen.getByRole('button', { name: 'Employee ID starts with AC-1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Location' }));
    // A field picked from "More filters" opens its choices at once, whatever its type.
    const choices = await screen.findByRole('dialog', { name: /location/i });
    await user.click(within(choices).getByRole('checkbox', { name: 'Remote' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ 'field[cf.location]': 'Remote' }));
    expect(view.address()).toBe(
      '/users?field[cf.employee_id]=AC-1*&field[cf.location]=Remote&field[department_id]=11,20',
    );

    // The filters are part of the saved view.
    await waitFor(
      () =>
        expect(savedFilters(api)).toEqual({
          'cf.employee_id': ['AC-1*'],
          'cf.location': ['Remote'],
          department_id: ['11', '20'],
        }),
      { timeout: 5000 },
    );
  });
});
