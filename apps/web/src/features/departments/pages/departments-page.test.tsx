import { ROLE } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pendingUntilAborted } from '../../../components/list-page/testing.tsx';
import { mockDepartmentsApi, renderDepartmentsPage, TREE } from '../test/departments-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;
const tree = () => screen.getByRole('tree', { name: 'Teams' });
const names = () =>
  within(tree())
    .getAllByRole('treeitem')
    .map((item) => item.getAttribute('aria-label'));
const item = (name: string) => within(tree()).getByRole('treeitem', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the departments page', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the whole tree open, siblings by name, with direct and subtree counts', async () => {
    mockDepartmentsApi();
    renderDepartmentsPage();
    await screen.findByRole('tree', { name: 'Teams' });
    expect(names()).toEqual(['Ops', 'Sales', 'APAC', 'EMEA', 'UK']);
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'true');
    expect(item('EMEA')).toHaveAttribute('aria-level', '2');
    expect(within(item('Sales')).getByTestId('department-counts')).toHaveAccessibleName(
      '2 people directly in Sales, 6 people including its sub-departments',
    );
    expect(within(item('UK')).getByTestId('department-counts')).toHaveAccessibleName('3 people in UK');
    expect(screen.getByTestId('departments-summary')).toHaveTextContent('5 teams · 7 people');
  });

  it('collapses and expands a branch, and all of them', async () => {
    mockDepartmentsApi();
    renderDepartmentsPage();
    await screen.findByRole('tree', { name: 'Teams' });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Sales' }));
    expect(names()).toEqual(['Ops', 'Sales']);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Sales' }));
    expect(names()).toEqual(['Ops', 'Sales', 'APAC', 'EMEA', 'UK']);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(names()).toEqual(['Ops', 'Sales']);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(names()).toHaveLength(5);
  });

  it('opens and closes branches with the arrow keys', async () => {
    mockDepartmentsApi();
    renderDepartmentsPage();
    await screen.findByRole('tree', { name: 'Teams' });
    item('Ops').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Sales')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(names()).toEqual(['Ops', 'Sales']);
    await userEvent.keyboard('{ArrowRight}');
    expect(names()).toHaveLength(5);
  });

  it('filters the tree by name, keeping the path to each match', async () => {
    mockDepartmentsApi();
    renderDepartmentsPage();
    await screen.findByRole('tree', { name: 'Teams' });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter teams by name' }), 'uk{Enter}');
    await waitFor(() => expect(names()).toEqual(['Sales', 'EMEA', 'UK']));

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter teams by name' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter teams by name' }), 'nowhere{Enter}');
    expect(await screen.findByText('No teams match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('tree', { name: 'Teams' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter teams by name' })).toHaveValue('');
  });

  it.each([
    ['Reviewer', ROLE.Reviewer],
    ['Department Manager', ROLE.DepartmentManager],
  ])('is read-only for a %s: no add, no actions, no dragging', async (_label, role) => {
    mockDepartmentsApi();
    renderDepartmentsPage(role);
    await screen.findByRole('tree', { name: 'Teams' });
    expect(screen.queryByRole('button', { name: 'Add team' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('department-actions')).toHaveLength(0);
    expect(item('Sales')).not.toHaveAttribute('draggable');
  });

  it('offers editing to a site admin whatever their role', async () => {
    mockDepartmentsApi();
    renderDepartmentsPage(ROLE.Student, true);
    await screen.findByRole('tree', { name: 'Teams' });
    expect(screen.getByRole('button', { name: 'Add team' })).toBeEnabled();
    expect(item('Sales')).toHaveAttribute('draggable', 'true');
  });

  it('shows the tree shape while loading', async () => {
    mockDepartmentsApi(() => pendingUntilAborted(undefined));
    renderDepartmentsPage();
    expect(await screen.findByTestId('departments-loading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add team' })).toBeDisabled();
  });

  it('says when the list could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    mockDepartmentsApi(() =>
      fail ? json({ error: { message: 'This action is unauthorized.' } }, 403) : json({ data: TREE }),
    );
    renderDepartmentsPage();
    expect(await screen.findByText('The teams could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('This action is unauthorized.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tree', { name: 'Teams' })).toBeInTheDocument();
  });

  it('invites a Company Manager to add the first department of an empty company', async () => {
    mockDepartmentsApi(() => json({ data: [] }));
    renderDepartmentsPage();
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
    expect(screen.getByText(/Add the first team/)).toBeInTheDocument();
  });
});
