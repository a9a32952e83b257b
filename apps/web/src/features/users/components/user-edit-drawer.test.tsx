import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../components/list-page/testing.tsx';
import { ADA, COMPANY, drawerApi, renderWithSession, sessionOf } from '../test/user-edit-fixtures.tsx';
import { makeUser, noPreference, usersAnswer } from '../test/users-fixtures.ts';
import UsersListPage from '../pages/users-list-page.tsx';
import { UserEditDrawer } from './user-edit-drawer.tsx';

// A Mantine drawer with a form under jsdom renders slowly on a busy machine; never stuck.
const TIMEOUT_MS = 60_000;

const drawer = (name: string) => screen.findByRole('dialog', { name });
const field = (name: string) => screen.getByRole('textbox', { name });
const lastBody = (api: ReturnType<typeof drawerApi>, method: string, path: string) =>
  api.callsTo(method, path).at(-1)?.body;

describe('the user drawer', { timeout: TIMEOUT_MS }, () => {
  it("opens from ?edit=<id> with the user's details, closes by removing the parameter, and the back button reopens it", async () => {
    drawerApi();
    const view = renderWithSession(`/users?edit=${ADA.id}&field[role]=0`, <UserEditDrawer />);
    const dialog = await drawer('Ada Lovelace');
    await waitFor(() => expect(field('First name')).toHaveValue('Ada'));
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Username')).toHaveValue('ada.lovelace');
    expect(field('E-mail')).toHaveValue('ada@acme.test');
    expect(field('Phone')).toHaveValue('+1 555 0100');
    expect(field('Employee ID')).toHaveValue('AC-10007');
    expect(field('Shoe size')).toHaveValue('38');
    expect(screen.getByLabelText('Location', { selector: 'input' })).toHaveValue('Remote');
    expect(screen.getByLabelText('Union member', { selector: 'input' })).toHaveValue('Yes');
    expect(screen.getByLabelText('Manager', { selector: 'input' })).toHaveValue('Margaret Boss');
    await waitFor(() => expect(screen.getByTestId('department-field')).toHaveTextContent('Operations › Plant A'));
    expect(within(dialog).getByText('Active')).toBeInTheDocument();

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(view.address()).toBe('/users?field[role]=0'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ada Lovelace' })).toBeNull());

    await act(() => view.router.navigate(-1));
    expect(view.address()).toBe(`/users?edit=${ADA.id}&field[role]=0`);
    expect(await drawer('Ada Lovelace')).toBeInTheDocument();
  });

  it("shows every field's message in one round: the console's own and the server's for the other fields", async () => {
    const taken = 'This username cannot be used. Choose another, or ask your administrator.';
    const api = drawerApi((call) =>
      call.method === 'POST' && call.path === '/api/v3/users/check'
        ? json({ error: { message: 'The given data was invalid.', details: { username: [taken] } } }, 422)
        : undefined,
    );
    renderWithSession('/users?edit=new', <UserEditDrawer />);
    const dialog = await drawer('Add user');
    const user = userEvent.setup();
    await waitFor(() => expect(field('Employee ID')).toBeInTheDocument());
    await user.type(field('First name'), 'Ada');
    await user.type(field('Username'), 'ada.lovelace');
    await user.type(field('E-mail'), 'ada@');

    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    // Only what the console accepts is asked about; nothing is created.
    expect(lastBody(api, 'POST', '/api/v3/users/check')).toEqual({
      first_name: 'Ada',
      username: 'ada.lovelace',
      role: 0,
      department_id: null,
      manager_id: null,
      phone: null,
      hired_at: null,
      custom_fields: {},
    });
    expect(api.callsTo('POST', '/api/v3/users')).toHaveLength(0);
  });

  it('creates a user: checks the form first, then POSTs it, says so and closes', async () => {
    const api = drawerApi((call) => {
      if (call.method === 'POST' && call.path === '/api/v3/users/check') return new Response(null, { status: 204 });
      return call.method === 'POST' && call.path === '/api/v3/users'
        ? json({ data: makeUser(50, { first_name: 'Linus', last_name: 'Torvalds', name: 'Linus Torvalds' }) }, 201)
        : undefined;
    });
    const view = renderWithSession('/users?edit=new', <UserEditDrawer />);
    const dialog = await drawer('Add user');
    const user = userEvent.setup();
    await waitFor(() => expect(field('Employee ID')).toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(api.callsTo('POST', '/api/v3/users')).toHaveLength(0);

    await user.type(field('First name'), 'Linus');
    await user.type(field('Last name'), 'Torvalds');
    await user.type(field('Username'), 'Linus T');
    await user.type(field('E-mail'), 'linus@');
    await user.tab();
    expect(await screen.findByText('Use letters, digits and . _ @ + - only.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'linus');
    await user.type(field('E-mail'), 'acme.test');
    await user.type(field('Employee ID'), 'AC-2');
    await user.click(screen.getByTestId('department-field'));
    const picker = await screen.findByRole('dialog', { name: 'Choose a department' });
    await user.click(within(picker).getByRole('treeitem', { name: 'Line 1' }));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByTestId('department-field')).toHaveTextContent('Operations › Plant A › Line 1'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v3/users')).toHaveLength(1));
    expect(lastBody(api, 'POST', '/api/v3/users')).toEqual({
      first_name: 'Linus',
      last_name: 'Torvalds',
      username: 'linus',
      email: 'linus@acme.test',
      role: 0,
      department_id: 12,
      manager_id: null,
      phone: null,
      hired_at: null,
      custom_fields: { employee_id: 'AC-2' },
    });
    expect(await screen.findByText('Linus Torvalds added.')).toBeInTheDocument();
    await waitFor(() => expect(view.address()).toBe('/users'));
  });

  it('saves only what changed: name, department and a custom field', async () => {
    const api = drawerApi((call) =>
      call.method === 'PUT' && call.path === `/api/v3/users/${ADA.id}`
        ? json({ data: { ...ADA, last_name: 'Byron', name: 'Ada Byron' } })
        : undefined,
    );
    const view = renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />);
    const dialog = await drawer('Ada Lovelace');
    const user = userEvent.setup();
    await waitFor(() => expect(field('Last name')).toHaveValue('Lovelace'));
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Byron');
    await user.clear(field('Shoe size'));
    await user.type(field('Shoe size'), '39');
    await user.click(screen.getByTestId('department-field'));
    const picker = await screen.findByRole('dialog', { name: 'Choose a department' });
    await user.click(within(picker).getByRole('treeitem', { name: 'Sales' }));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/v3/users/${ADA.id}`)).toHaveLength(1));
    expect(lastBody(api, 'PUT', `/api/v3/users/${ADA.id}`)).toEqual({
      last_name: 'Byron',
      department_id: 20,
      custom_fields: { shoe_size: '39' },
    });
    expect(await screen.findByText('Ada Byron saved.')).toBeInTheDocument();
    await waitFor(() => expect(view.address()).toBe('/users'));
  });

  it("shows the server's 422 messages on their fields and keeps what was typed", async () => {
    drawerApi((call) =>
      call.method === 'PUT'
        ? json(
            {
              error: {
                message: 'The given data was invalid.',
                details: {
                  username: ['This username cannot be used. Choose another, or ask your administrator.'],
                  'custom_fields.employee_id': ['This employee id is in use.'],
                  manager_id: ['Choose a manager of this company.'],
                  password: ['Something the form does not show.'],
                },
              },
            },
            422,
          )
        : undefined,
    );
    const view = renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />);
    const dialog = await drawer('Ada Lovelace');
    const user = userEvent.setup();
    await waitFor(() => expect(field('Username')).toHaveValue('ada.lovelace'));
    await user.clear(field('Username'));
    await user.type(field('Username'), 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('This username cannot be used. Choose another, or ask your administrator.'),
    ).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Username')).toHaveValue('grace');
    expect(screen.getByText('This employee id is in use.')).toBeInTheDocument();
    expect(field('Employee ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a manager of this company.')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The given data was invalid.');
    expect(alert).toHaveTextContent('Something the form does not show.');
    expect(view.address()).toBe(`/users?edit=${ADA.id}`);
  });

  it('asks before closing with unsaved changes (Escape, Cancel): keep editing, or discard', async () => {
    drawerApi();
    const view = renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />);
    const dialog = await drawer('Ada Lovelace');
    const user = userEvent.setup();
    await waitFor(() => expect(field('Phone')).toHaveValue('+1 555 0100'));
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+44 20 7946 0000');

    // Escape in a dialog opened from the drawer closes that dialog only.
    await user.click(screen.getByTestId('department-field'));
    await screen.findByRole('dialog', { name: 'Choose a department' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a department' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    expect(view.address()).toBe(`/users?edit=${ADA.id}`);

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(view.address()).toBe(`/users?edit=${ADA.id}`);
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(field('Phone')).toHaveValue('+44 20 7946 0000');

    // Keep editing, then Cancel at once, while that question is still closing: its late close must not
    // dismiss the new one.
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    act(() => {
      fireEvent.click(within(again).getByRole('button', { name: 'Keep editing' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await new Promise((settle) => setTimeout(settle, MODAL_CLOSE_DELAY_MS + 50));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(view.address()).toBe('/users'));
  });

  it('is read-only for Reviewers: no Save, no account actions, the assignments still listed', async () => {
    drawerApi();
    renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />, sessionOf({ role: 3 }));
    const dialog = await drawer('Ada Lovelace');
    expect(within(dialog).getByText('You can look at this user; your role cannot change users.')).toBeInTheDocument();
    // Read-only reads as text: each label with its value, and nothing that looks as if it could be typed into.
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    await waitFor(() => expect(value('Department')).toHaveTextContent('Operations › Plant A'));
    expect(value('First name')).toHaveTextContent('Ada');
    expect(value('Username')).toHaveTextContent('ada.lovelace');
    expect(value('E-mail')).toHaveTextContent('ada@acme.test');
    expect(value('Role')).toHaveTextContent('Student');
    expect(value('Manager')).toHaveTextContent('Margaret Boss');
    expect(value('Hired on')).toHaveTextContent('1 Apr 2021');
    expect(value('Employee ID')).toHaveTextContent('AC-10007');
    expect(value('Union member')).toHaveTextContent('Yes');
    for (const role of ['textbox', 'combobox', 'checkbox']) expect(within(dialog).queryAllByRole(role)).toEqual([]);
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
    for (const name of ['Deactivate', 'Send password reset', /Login as/])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Assignments' }));
    const table = await screen.findByRole('table', { name: 'Assignments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Overdue', 'Completed']);
    expect(rows[1]).toHaveTextContent('Rule: Everyone');
    expect(rows[1]).toHaveTextContent('92');
  });

  it('offers a Department Manager roles up to their own and no Login as; a Company Manager may log in as a learner', async () => {
    drawerApi();
    const dm = renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />, sessionOf({ role: 2 }));
    let dialog = await drawer('Ada Lovelace');
    await waitFor(() => expect(field('First name')).toHaveValue('Ada'));
    await userEvent.click(screen.getByLabelText('Role', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Student', 'Reviewer', 'Department Manager']);
    expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Login as/ })).toBeNull();
    dm.unmount();

    renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />);
    dialog = await drawer('Ada Lovelace');
    expect(await within(dialog).findByRole('button', { name: 'Login as Ada' })).toBeInTheDocument();
  });

  it("keeps a peer's sign-in details as they are, and offers a password reset instead", async () => {
    drawerApi((call) =>
      call.method === 'GET' && call.path === `/api/v3/users/${ADA.id}`
        ? json({ data: { ...ADA, role: 2 } })
        : undefined,
    );
    renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />, sessionOf({ role: 2 }));
    const dialog = await drawer('Ada Lovelace');
    await waitFor(() => expect(field('First name')).toHaveValue('Ada'));
    for (const name of ['Username', 'E-mail']) {
      expect(field(name)).toHaveAttribute('readonly');
      expect(field(name)).toHaveAccessibleDescription('Only a higher role can change this.');
    }
    expect(screen.getByLabelText('Role', { selector: 'input' })).toHaveAttribute('readonly');
    expect(field('First name')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Send password reset' })).toBeInTheDocument();
  });

  it("opens a site admin's own profile while they act on another company, without that company's fields", async () => {
    drawerApi((call) =>
      call.method === 'GET' && call.path === `/api/v3/users/${ADA.id}`
        ? json({ data: { ...ADA, role: 1, custom_fields: {} } })
        : undefined,
    );
    const own = sessionOf({ id: ADA.id, site_admin: true, company: { ...COMPANY, id: 99, name: 'Heed' } });
    renderWithSession(`/users?edit=${ADA.id}`, <UserEditDrawer />, own);
    const dialog = await drawer('Ada Lovelace');
    await waitFor(() => expect(field('First name')).toHaveValue('Ada'));
    expect(within(dialog).queryByRole('textbox', { name: 'Employee ID' })).toBeNull();
    expect(field('Username')).not.toHaveAttribute('readonly');
  });

  it('says so when the user cannot be shown (missing, or outside the reader’s departments)', async () => {
    drawerApi((call) =>
      call.path === '/api/v3/users/404' ? json({ error: { message: 'Not found.' } }, 404) : undefined,
    );
    const view = renderWithSession('/users?edit=404', <UserEditDrawer />);
    const dialog = await drawer('User not found');
    expect(
      within(dialog).getByText('They do not exist, or they are outside the departments you manage.'),
    ).toBeInTheDocument();
    await userEvent.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(view.address()).toBe('/users'));
  });
});

describe('the users page and the drawer', { timeout: TIMEOUT_MS }, () => {
  it('opens a user by a click on their row, and a new one from "Add user"', async () => {
    drawerApi((call) => {
      if (call.path === '/api/v3/users/preferences')
        return call.method === 'GET' ? noPreference() : json({ data: null });
      if (call.method === 'GET' && call.path === '/api/v3/users')
        return usersAnswer(call, 30, (id) => (id === ADA.id ? ADA : makeUser(id)));
      return undefined;
    });
    const view = renderWithSession('/users', <UsersListPage />);
    const user = userEvent.setup();
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    await user.click(within(row).getByText('ada.lovelace'));
    await waitFor(() => expect(view.address()).toBe(`/users?edit=${ADA.id}`));
    const dialog = await drawer('Ada Lovelace');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(view.address()).toBe('/users'));

    await user.click(screen.getByRole('link', { name: 'Add user' }));
    await waitFor(() => expect(view.address()).toBe('/users?edit=new'));
    expect(await drawer('Add user')).toBeInTheDocument();
  });
});
