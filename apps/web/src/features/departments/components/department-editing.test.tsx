import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json } from '../../../components/list-page/testing.tsx';
import { DEPARTMENTS, mockDepartmentsApi, renderDepartmentsPage, TREE } from '../test/departments-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;
const tree = () => screen.getByRole('tree', { name: 'Teams' });
const item = (name: string) => within(tree()).getByRole('treeitem', { name });
const dialog = () => screen.getByRole('dialog');
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');
const invalid = (details: Record<string, string[]>) =>
  json({ error: { message: 'The given data was invalid.', details } }, 422);

async function openPage(write?: (call: ApiCall) => Response | undefined) {
  const api = mockDepartmentsApi(undefined, write);
  renderDepartmentsPage();
  await screen.findByRole('tree', { name: 'Teams' });
  return api;
}

async function chooseAction(department: string, action: string) {
  // In jsdom a click on a menu item now and then lands while Mantine's menu is still mounting its
  // dropdown and opens nothing (Chromium's journeys never miss it): the user's second try is allowed.
  for (let attempt = 1; ; attempt++) {
    await userEvent.click(within(item(department)).getByRole('button', { name: `Actions for ${department}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: action }));
    const opened = await screen.findByRole('dialog', undefined, { timeout: 2000 }).catch(() => undefined);
    if (opened || attempt === 3) return opened ?? screen.findByRole('dialog');
  }
}

/** Native drag and drop as the browser fires it: dragstart on the source, dragover and drop on the target. */
function dragAndDrop(source: HTMLElement, target: HTMLElement) {
  const dataTransfer = { setData: vi.fn(), getData: vi.fn(), effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(source, { dataTransfer });
  const accepted = !fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
  return accepted;
}

afterEach(() => vi.unstubAllGlobals());

describe('editing the department tree', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('adds a top-level department and a sub-department, refetching the tree after each', async () => {
    const api = await openPage((call) =>
      json({ data: { ...TREE[4], id: 9, name: (call.body as { name: string }).name } }, 201),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add team' }));
    await userEvent.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Team name' }),
      ' Finance ',
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Finance added.')).toBeInTheDocument();
    // The tree is read again and the dialog closes: a menu opened meanwhile went with the old tree.
    await waitFor(() => expect(api.callsTo('GET', DEPARTMENTS).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await chooseAction('EMEA', 'Add sub-team');
    expect(dialog()).toHaveTextContent('Add a sub-team to EMEA');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Team name' }), 'Ireland');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Ireland added to EMEA.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', DEPARTMENTS, { name: 'Finance', parent_id: null }],
      ['POST', DEPARTMENTS, { name: 'Ireland', parent_id: 2 }],
    ]);
    await waitFor(() => expect(api.callsTo('GET', DEPARTMENTS).length).toBeGreaterThanOrEqual(3));
  });

  it("asks for a name before saving, and shows the server's refusal on the field", async () => {
    const api = await openPage(() => invalid({ name: ['A department with this name already exists here.'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Add team' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add' }));
    expect(within(dialog()).getByText('Enter a name.')).toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);

    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Team name' }), 'sales');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    const field = within(dialog()).getByRole('textbox', { name: 'Team name' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('A department with this name already exists here.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a department', async () => {
    const api = await openPage(() => json({ data: { ...TREE[3], name: 'Asia Pacific' } }));
    await chooseAction('APAC', 'Rename');
    const field = within(dialog()).getByRole('textbox', { name: 'Team name' });
    expect(field).toHaveValue('APAC');
    await userEvent.clear(field);
    await userEvent.type(field, 'Asia Pacific');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('APAC is now called Asia Pacific.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', `${DEPARTMENTS}/4`, { name: 'Asia Pacific' }],
    ]);
  });

  it('moves a department with the parent picker, which leaves out the department and its subtree', async () => {
    const api = await openPage(() => json({ data: TREE[1] }));
    await chooseAction('EMEA', 'Move to…');
    const picker = within(dialog()).getByRole('tree', { name: 'New parent team' });
    const offered = within(picker)
      .getAllByRole('treeitem')
      .map((row) => row.textContent);
    expect(offered).toEqual(['Ops', 'Sales', 'APAC']);
    expect(within(dialog()).getByRole('button', { name: 'Move' })).toBeDisabled(); // still under Sales
    await userEvent.click(within(picker).getByText('Ops'));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('EMEA moved into Ops.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', `${DEPARTMENTS}/2`, { parent_id: 5 }],
    ]);
  });

  it('moves a department to the top level from the picker', async () => {
    const api = await openPage(() => json({ data: TREE[2] }));
    await chooseAction('UK', 'Move to…');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Move to the top level' }));
    expect(await screen.findByText('UK is now at the top level.')).toBeInTheDocument();
    expect(writes(api.calls)[0]?.body).toEqual({ parent_id: null });
  });

  it('moves a department by dragging it onto another, and refuses a drop inside itself', async () => {
    const api = await openPage(() => json({ data: TREE[2] }));
    expect(dragAndDrop(item('Sales'), item('UK'))).toBe(false);
    expect(dragAndDrop(item('Ops'), item('Ops'))).toBe(false);
    expect(writes(api.calls)).toHaveLength(0);

    expect(dragAndDrop(item('UK'), item('Ops'))).toBe(true);
    expect(await screen.findByText('UK moved into Ops.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', `${DEPARTMENTS}/3`, { parent_id: 5 }],
    ]);
  });

  it('says why a drop was refused by the server', async () => {
    await openPage(() => invalid({ name: ['A department with this name already exists here.'] }));
    dragAndDrop(item('UK'), item('Ops'));
    const notice = await screen.findByTestId('api-error-notice');
    expect(notice).toHaveTextContent('UK was not moved');
    expect(notice).toHaveTextContent('A department with this name already exists here.');
  });

  it('deletes an empty department after confirmation', async () => {
    const api = await openPage(() => json({ data: { id: 4, reassigned_users: 0 } }));
    await chooseAction('APAC', 'Delete');
    expect(dialog()).toHaveTextContent('APAC has no people and no sub-teams');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('APAC deleted.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.query.toString()])).toEqual([
      ['DELETE', `${DEPARTMENTS}/4`, ''],
    ]);
  });

  it('asks where the people of a department go before deleting it', async () => {
    const api = await openPage(() => json({ data: { id: 3, reassigned_users: 3 } }));
    await chooseAction('UK', 'Delete');
    expect(dialog()).toHaveTextContent('3 people are in UK');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Move 3 people and delete' }));
    expect(within(dialog()).getByText('Choose a team.')).toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);

    await userEvent.click(within(dialog()).getByRole('combobox', { name: 'Move them all to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ops' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Move 3 people and delete' }));
    expect(await screen.findByText('UK deleted; 3 moved to Ops.')).toBeInTheDocument();
    expect(writes(api.calls).map((call) => [call.method, call.path, call.query.get('reassign_to')])).toEqual([
      ['DELETE', `${DEPARTMENTS}/3`, '5'],
    ]);
  });

  it('shows a refused reassignment on the picker', async () => {
    await openPage(() => invalid({ reassign_to: ['Choose a department outside the one being deleted.'] }));
    await chooseAction('UK', 'Delete');
    await userEvent.click(within(dialog()).getByRole('combobox', { name: 'Move them all to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales › EMEA' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Move 3 people and delete' }));
    expect(await within(dialog()).findByText('Choose a department outside the one being deleted.')).toBeInTheDocument();
  });

  it('explains that a department with sub-departments cannot be deleted', async () => {
    const api = await openPage();
    await chooseAction('Sales', 'Delete');
    expect(dialog()).toHaveTextContent('Sales has 2 sub-teams. Move or delete them first');
    expect(within(dialog()).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);
  });
});
