import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import AssignmentsListPage from '../pages/assignments-list-page.tsx';
import { FIELDS } from '../../users/test/user-edit-fixtures.tsx';
import { ASSIGNMENTS, PREFERENCES, assignmentsAnswer, renderAs, sessionOf } from './assignments-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;

function companyOf(total: number) {
  return mockApi((call) => {
    if (call.path === PREFERENCES) return json({ data: null });
    if (call.path === ASSIGNMENTS) return assignmentsAnswer(call, total);
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Assignments' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '')
    // The first header holds the "select all" box of the bulk actions.
    .slice(1);
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('the assignments list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the columns, 25 rows, derived statuses and sources, newest assignments first', async () => {
    const api = companyOf(60);
    renderAs('/assignments', <AssignmentsListPage />, '/assignments');
    expect(await screen.findByText('1–25 of 60 assignments')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Learner',
      'Course',
      'Department',
      'Assigned',
      'Due',
      'Status',
      'Completed',
      'Score',
      'Expires',
      'Source',
    ]);
    expect(bodyRows()).toHaveLength(25);
    const cells = (i: number) =>
      within(bodyRows()[i]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1); // the row's selection box
    expect(cells(1)).toEqual([
      'Learner 2',
      'Fire Safety',
      'Operations',
      '10 Jan 2026',
      '10 Feb 2026',
      'Overdue',
      '—',
      '—',
      '—',
      'Import',
    ]);
    expect(cells(2)).toEqual([
      'Learner 3',
      'Fire Safety',
      '—',
      '10 Jan 2026',
      '10 Feb 2026',
      'Completed',
      '20 Jan 2026',
      '90',
      '—',
      'Manualby Carla Manager',
    ]);
    expect(cells(3)[9]).toBe('Rule: New starters');
    expect(api.callsTo('GET', PREFERENCES)[0]!.query.get('name')).toBe('assignments-list');
    const query = Object.fromEntries(api.callsTo('GET', ASSIGNMENTS).at(-1)!.query);
    expect(query).toEqual({ page: '1', per_page: '25', sort: 'assigned_at', order: 'desc' });
  });

  it('filters by status through field[status] and keeps it in the address', async () => {
    const api = companyOf(60);
    const view = renderAs('/assignments', <AssignmentsListPage />, '/assignments');
    await screen.findByText('1–25 of 60 assignments');
    await userEvent.click(screen.getByRole('button', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Overdue' }));
    await waitFor(() => expect(view.address()).toContain('field[status]=overdue'));
    await waitFor(() => expect(api.callsTo('GET', ASSIGNMENTS).at(-1)!.query.get('field[status]')).toBe('overdue'));
  });

  it("filters by the learners' custom fields through field[cf.<key>], as the users list does", async () => {
    const api = mockApi((call) => {
      if (call.path === PREFERENCES) return json({ data: null });
      if (call.path === ASSIGNMENTS) return assignmentsAnswer(call, 60);
      if (call.path === '/api/v3/custom-fields') return json({ data: FIELDS });
      return undefined;
    });
    const view = renderAs('/assignments', <AssignmentsListPage />, '/assignments');
    await screen.findByText('1–25 of 60 assignments');
    await userEvent.click(screen.getByRole('button', { name: 'Learner fields' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Location' }));
    const choices = await screen.findByRole('dialog', { name: /location/i });
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Remote' }));
    await waitFor(() => expect(view.address()).toContain('field[cf.location]=Remote'));
    await waitFor(() => expect(api.callsTo('GET', ASSIGNMENTS).at(-1)!.query.get('field[cf.location]')).toBe('Remote'));
  });

  it('says there are no assignments yet, and offers a manager to create one', async () => {
    companyOf(0);
    const view = renderAs('/assignments', <AssignmentsListPage />, '/assignments', sessionOf({ role: 2 }));
    expect(await screen.findByText('No assignments yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create assignment' })[0]).toHaveAttribute('href', '/assignments/new');
    view.unmount();
    renderAs('/assignments', <AssignmentsListPage />, '/assignments', sessionOf({ role: 3 }));
    expect(await screen.findByText('No assignments yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create assignment' })).toBeNull();
  });
});
