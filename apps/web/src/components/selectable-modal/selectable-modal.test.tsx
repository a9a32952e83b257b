import { MESSAGES, MODAL_CLOSE_DELAY_MS, MODAL_FILTER_DEBOUNCE_MS } from '@heed/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, setupUser } from '../../test/render.tsx';
import { CATEGORY_TREE, flatList } from '../selectable-tree/tree-fixtures.ts';
import type { TreeNode } from '../selectable-tree/index.ts';
import { SelectableModal, type SelectableModalProps } from './selectable-modal.tsx';

type HarnessProps = Partial<SelectableModalProps>;

/** A page holding a selection, with a button that opens the modal on it. */
function Harness(props: HarnessProps) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<readonly number[]>(props.value ?? []);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Choose courses
      </button>
      <output aria-label="Chosen">{value.join(',')}</output>
      <SelectableModal
        title="Select Courses"
        label="Courses"
        data={CATEGORY_TREE}
        {...props}
        opened={opened}
        value={value}
        onConfirm={(next, nodes) => {
          setValue(next);
          props.onConfirm?.(next, nodes);
        }}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

async function open(props: HarnessProps = {}) {
  const user = setupUser();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Choose courses' }));
  return user;
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const chosen = () => screen.getByRole('status', { name: 'Chosen' }).textContent;
const settle = () => act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));

describe('SelectableModal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('offers the search box, the count line, Clear All, Expand All, Collapse All, Cancel and OK', async () => {
    await open({ value: [21] });
    const dialog = screen.getByRole('dialog', { name: 'Select Courses' });
    expect(dialog).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search Courses' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.selectedCount(1, 'Courses'))).toHaveTextContent('1 Courses Selected');
    for (const name of ['Clear All', 'Expand All', 'Collapse All', 'Cancel', 'OK']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
  });

  it('counts the selection as it changes', async () => {
    const user = await open();
    expect(screen.getByText('0 Courses Selected')).toBeInTheDocument();
    await user.click(item('Fire Safety'));
    await user.click(item('Working at Height'));
    expect(screen.getByText('2 Courses Selected')).toBeInTheDocument();
  });

  it('returns the selection on OK, after the close animation', async () => {
    const onConfirm = vi.fn();
    const user = await open({ onConfirm });
    await user.click(item('Fire Safety'));
    await user.click(item('Anti-Bribery and Corruption'));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const [ids, nodes] = onConfirm.mock.calls[0] as [number[], TreeNode[]];
    expect(ids).toEqual([21, 31]);
    expect(nodes.map((node) => node.name)).toEqual(['Fire Safety', 'Anti-Bribery']);
    settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chosen()).toBe('21,31');
  });

  it('discards the changes on Cancel, and opens again on the kept selection', async () => {
    const onConfirm = vi.fn();
    const user = await open({ value: [22], onConfirm });
    await user.click(item('Fire Safety'));
    await user.click(item('Working at Height'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(chosen()).toBe('22');

    await user.click(screen.getByRole('button', { name: 'Choose courses' }));
    expect(item('Working at Height')).toHaveAttribute('aria-checked', 'true');
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'false');
  });

  it('clears every choice with Clear All', async () => {
    const user = await open({ value: [21, 22, 31] });
    expect(screen.getByText('3 Courses Selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByText('0 Courses Selected')).toBeInTheDocument();
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'false');
  });

  it('opens a small tree fully, and collapses and expands every branch', async () => {
    const user = await open();
    expect(item('Fire Safety')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.getAllByRole('treeitem').map((row) => row.textContent)).toEqual(['System Root']);
    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(item('Safety')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Fire Safety')).toBeInTheDocument();
    expect(item('Anti-Bribery and Corruption')).toBeInTheDocument();
  });

  it('opens a large tree at its top level and on the branches holding the selection', async () => {
    const big: TreeNode[] = [
      { id: 3, name: 'East', children: [{ id: 30, name: 'Harbour', children: [{ id: 31, name: 'Dock' }] }] },
      { id: 1, name: 'North', children: flatList(150).map((node) => ({ ...node, id: node.id + 1000 })) },
      {
        id: 2,
        name: 'South',
        children: [{ id: 20, name: 'Coast', children: flatList(150).map((node) => ({ ...node, id: node.id + 2000 })) }],
      },
    ];
    await open({ data: big, value: [31] });
    expect(item('East')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Harbour')).toHaveAttribute('aria-expanded', 'true');
    expect(item('North')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Coast')).toHaveAttribute('aria-expanded', 'false');
    expect(item('Dock')).toHaveAttribute('aria-checked', 'true');
  });

  it('filters 500 ms after typing stops, case-insensitively, keeping the path to each match', async () => {
    const user = await open();
    await user.type(screen.getByRole('searchbox', { name: 'Search Courses' }), 'FIRE');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS - 1));
    expect(screen.queryByRole('treeitem', { name: 'Ethics' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('treeitem').map((row) => row.textContent)).toEqual([
      'System Root',
      'Safety',
      'Fire Safety',
    ]);
  });

  it('matches on the configured fields only', async () => {
    const user = await open({ searchFields: ['display_name'] });
    await user.type(screen.getByRole('searchbox'), 'corruption');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS));
    expect(item('Anti-Bribery and Corruption')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'safety');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS));
    expect(screen.getByText(MESSAGES.noSearchResults)).toBeInTheDocument();
  });

  it("says 'No search results found.' when nothing matches, and keeps the selection made before", async () => {
    const user = await open({ value: [31] });
    await user.type(screen.getByRole('searchbox'), 'zzz');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS));
    expect(screen.getByText('No search results found.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    expect(screen.getByText('1 Courses Selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(item('Anti-Bribery and Corruption')).toHaveAttribute('aria-checked', 'true');
  });

  it('selects within search results and keeps hidden choices', async () => {
    const onConfirm = vi.fn();
    const user = await open({ value: [31], onConfirm });
    await user.type(screen.getByRole('searchbox'), 'height');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS));
    await user.click(item('Working at Height'));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm.mock.calls[0]?.[0]).toEqual([31, 22]);
  });

  it('keeps Expand All and Collapse All on a flat list, disabled, since there is nothing to expand', async () => {
    await open({ data: flatList(5), title: 'Select Users', label: 'Users' });
    for (const name of ['Expand All', 'Collapse All']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeVisible();
      expect(button).toBeDisabled();
    }
  });

  it('enables Expand All and Collapse All on a tree', async () => {
    await open();
    expect(screen.getByRole('button', { name: 'Expand All' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Collapse All' })).toBeEnabled();
  });

  it('offers a flat list and stays quick with thousands of rows', async () => {
    const users = flatList(10_000);
    const user = await open({ data: users, title: 'Select Users', label: 'Users', searchFields: ['name'] });
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(60);

    await user.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'learner 9999');
    act(() => vi.advanceTimersByTime(MODAL_FILTER_DEBOUNCE_MS));
    expect(screen.getAllByRole('treeitem').map((row) => row.textContent)).toEqual(['Learner 9999']);
    await user.click(item('Learner 9999'));
    expect(screen.getByText('1 Users Selected')).toBeInTheDocument();
  });

  it('keeps one choice in radio mode', async () => {
    const onConfirm = vi.fn();
    const user = await open({ mode: 'radio', onConfirm });
    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    await user.click(item('Fire Safety'));
    await user.click(item('Anti-Bribery and Corruption'));
    expect(screen.getByText('1 Courses Selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm.mock.calls[0]?.[0]).toEqual([31]);
  });
});
