import type { Company, Department } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { type ListSelection, selectAllMatching } from '../../../components/list-page/index.ts';
import { ConsoleSessionProvider, type SessionUser } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';
import { UsersBulkActions } from './bulk-actions.tsx';

// Whole dialogs with Mantine under jsdom render slowly on a busy machine.
const TIMEOUT_MS = 60_000;
const USERS = '/api/v3/users';

const company: Company = makeCompany({ department_label: 'Team', department_label_plural: 'Teams' });
const signedIn = (role: number): SessionUser => ({
  id: 1,
  username: 'me',
  email: null,
  first_name: 'Me',
  last_name: 'Myself',
  role,
  site_admin: false,
  suspended: false,
  company,
  impersonator: null,
});
const DEPARTMENTS: Department[] = [
  { id: 10, name: 'Operations', parent_id: null, path: '/10/', user_count: 4, total_user_count: 9 },
  { id: 11, name: 'Plant 1', parent_id: 10, path: '/10/11/', user_count: 5, total_user_count: 5 },
];

const picked = (...ids: number[]): ListSelection => ({ allMatching: false, ids: new Set(ids.map(String)) });
const summary = (action: string, changed: number, extra = {}) =>
  json({ data: { action, matched: changed, changed, skipped: 0, failed: 0, ...extra } });

function renderBar(selection: ListSelection, options: { role?: number; total?: number } = {}) {
  const onDone = vi.fn();
  const bar = <UsersBulkActions selection={selection} total={options.total ?? 40} onDone={onDone} />;
  const element =
    options.role === undefined ? (
      bar
    ) : (
      <ConsoleSessionProvider session={{ user: signedIn(options.role), company }}>{bar}</ConsoleSessionProvider>
    );
  renderAt('/users', element);
  return { onDone, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

const bulkCalls = (api: ReturnType<typeof mockApi>) => api.callsTo('PUT', USERS);

describe('the users bulk actions', { timeout: TIMEOUT_MS }, () => {
  it('deactivates the picked rows after a confirmation that says how many, then shows the summary', async () => {
    const api = mockApi((call) =>
      call.method === 'PUT' && call.path === USERS ? summary('deactivate', 3) : undefined,
    );
    const { onDone, user } = renderBar(picked(4, 7, 9));

    const dialog = await choose(user, 'Deactivate');
    expect(within(dialog).getByText(/They are signed out at once/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Deactivate 3 users?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 3 users' }));

    expect(await within(dialog).findByText('3 users deactivated')).toBeInTheDocument();
    const [call] = bulkCalls(api);
    expect(Object.fromEntries(call!.query)).toEqual({ 'field[user_id]': '4,7,9' });
    expect(call!.body).toEqual({ action: 'deactivate' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('sends "all matching" as the filter less the unticked rows', async () => {
    const api = mockApi((call) => (call.method === 'PUT' ? summary('reactivate', 38) : undefined));
    const selection: ListSelection = {
      allMatching: true,
      filter: { text: 'smith', filters: { role: ['0', '3'] } },
      excluded: new Set(['5', '6']),
    };
    const { user } = renderBar(selection);
    const dialog = await choose(user, 'Reactivate');
    expect(dialog).toHaveTextContent('Reactivate 38 users?');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate 38 users' }));
    await within(dialog).findByText('38 users reactivated');
    expect(Object.fromEntries(bulkCalls(api)[0]!.query)).toEqual({ text: 'smith', 'field[role]': '0,3' });
    expect(bulkCalls(api)[0]!.body).toEqual({ action: 'reactivate', excluded_ids: [5, 6] });
  });

  it('asks for all=1 when "all matching" stands for an unfiltered list', async () => {
    const everyone = mockApi((call) => (call.method === 'PUT' ? summary('reactivate', 40) : undefined));
    const second = renderBar(selectAllMatching({ text: '', filters: {} }));
    const again = await choose(second.user, 'Reactivate');
    await second.user.click(within(again).getByRole('button', { name: 'Reactivate 40 users' }));
    await within(again).findByText('40 users reactivated');
    expect(Object.fromEntries(bulkCalls(everyone)[0]!.query)).toEqual({ all: '1' });
  });

  it('follows a job over 1,000 users with a progress bar, then shows its summary', async () => {
    let polls = 0;
    const api = mockApi((call) => {
      if (call.method === 'PUT') return json({ data: { job_id: 9, matched: 5000 } }, 202);
      if (call.path !== '/api/v3/jobs/9') return undefined;
      polls += 1;
      const base = { id: 9, type: 'users_bulk', error: null, created_at: 'x', updated_at: 'x' };
      if (polls === 1) return json({ data: { ...base, status: 'running', progress: 2000, total: 5000, result: null } });
      return json({
        data: {
          ...base,
          status: 'completed',
          progress: 5000,
          total: 5000,
          result: {
            action: 'deactivate',
            matched: 5000,
            changed: 4990,
            skipped: 10,
            failed: 0,
            errors: [{ reason: 'unchanged', message: 'Nothing to change.', count: 10, user_ids: [1] }],
          },
        },
      });
    });
    const { user } = renderBar(selectAllMatching({ text: '', filters: { suspended: ['0'] } }), { total: 5000 });
    const dialog = await choose(user, 'Deactivate');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 5,000 users' }));

    expect(await within(dialog).findByText('2,000 of 5,000 users…')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Deactivating users' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(await within(dialog).findByText('4,990 users deactivated', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('10 users: Nothing to change.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v3/jobs/9')).toHaveLength(2);
  });

  it('moves users to a team picked in the tree, and shows the server’s refusal beside the picker', async () => {
    const api = mockApi((call) => {
      if (call.path === '/api/v3/departments') return json({ data: DEPARTMENTS });
      if (call.method === 'PUT')
        return json(
          {
            error: {
              message: 'This action is unauthorized.',
              details: { department_id: ['Choose a department you manage.'] },
            },
          },
          403,
        );
      return undefined;
    });
    const { user } = renderBar(picked(3), { role: 2 });
    const dialog = await choose(user, 'Change team…');
    expect(within(dialog).queryByRole('checkbox', { name: 'No team' })).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Move 1 user' });
    expect(confirm).toBeDisabled();
    await user.click(await within(dialog).findByText('Plant 1'));
    await user.click(confirm);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a department you manage.');
    expect(bulkCalls(api)[0]!.body).toEqual({ action: 'change_department', department_id: 11 });
  });

  it('offers Company Managers "No team" (users out of every team)', async () => {
    const api = mockApi((call) => {
      if (call.path === '/api/v3/departments') return json({ data: DEPARTMENTS });
      if (call.method === 'PUT') return summary('change_department', 1);
      return undefined;
    });
    const cm = renderBar(picked(3), { role: 1 });
    const dialog = await choose(cm.user, 'Change team…');
    await cm.user.click(await within(dialog).findByRole('checkbox', { name: 'No team' }));
    await cm.user.click(within(dialog).getByRole('button', { name: 'Move 1 user' }));
    await within(dialog).findByText('1 user moved');
    expect(bulkCalls(api)[0]!.body).toEqual({ action: 'change_department', department_id: null });
  });

  it('lets a Department Manager give no role above their own', async () => {
    const api = mockApi((call) => (call.method === 'PUT' ? summary('change_role', 2) : undefined));
    const { user } = renderBar(picked(3, 4), { role: 2 });
    const dialog = await choose(user, 'Change role…');
    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Student', 'Reviewer', 'Department Manager']);
    await user.click(screen.getByRole('option', { name: 'Reviewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change the role of 2 users' }));
    await within(dialog).findByText('2 users changed');
    expect(bulkCalls(api)[0]!.body).toEqual({ action: 'change_role', role: 3 });
  });

  it('shows Reviewers no actions, and refuses more rows picked one by one than the server reads', async () => {
    mockApi(() => undefined);
    renderBar(picked(1, 2), { role: 3 });
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();

    const many = picked(...Array.from({ length: 501 }, (_, i) => i + 1));
    renderBar(many, { role: 1 });
    expect(screen.getByRole('button', { name: 'Actions' })).toBeDisabled();
  });
});
