import { SELECTABLE_TREE_HEIGHT_PX } from '@heed/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../test/render.tsx';
import { SelectableTree, type SelectableTreeProps, TREE_ROW_HEIGHT_PX } from './selectable-tree.tsx';
import { CATEGORY_TREE, flatList } from './tree-fixtures.ts';

type HarnessProps = Partial<SelectableTreeProps> & { onValue?: (value: number[]) => void };

function Harness({ onValue, value: initial = [], ...props }: HarnessProps) {
  const [value, setValue] = useState<readonly number[]>(initial);
  return (
    <SelectableTree
      label="Categories"
      data={CATEGORY_TREE}
      defaultExpanded={[1, 2, 3]}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('SelectableTree', () => {
  it('is 300 px high by default', () => {
    render(<Harness />);
    expect(screen.getByRole('tree', { name: 'Categories' })).toHaveStyle({ height: `${SELECTABLE_TREE_HEIGHT_PX}px` });
  });

  it('checks and unchecks a node with a click (checkbox mode)', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.click(item('Fire Safety'));
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'true');
    expect(onValue).toHaveBeenLastCalledWith([21]);
    await userEvent.click(item('Working at Height'));
    expect(onValue).toHaveBeenLastCalledWith([21, 22]);
    await userEvent.click(item('Fire Safety'));
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'false');
    expect(onValue).toHaveBeenLastCalledWith([22]);
  });

  it('shows the display name when there is one', () => {
    render(<Harness />);
    expect(item('Anti-Bribery and Corruption')).toBeInTheDocument();
  });

  it('checks only the parent itself without the cascade option', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.click(item('Safety'));
    expect(onValue).toHaveBeenLastCalledWith([2]);
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'false');
  });

  it('checks and unchecks the descendants with the parent when cascading, showing partial parents as mixed', async () => {
    const onValue = vi.fn();
    render(<Harness cascade onValue={onValue} />);
    await userEvent.click(item('Safety'));
    expect(onValue).toHaveBeenLastCalledWith([2, 21, 22]);
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(item('Safety'));
    expect(onValue).toHaveBeenLastCalledWith([]);

    await userEvent.click(item('Working at Height'));
    expect(item('Safety')).toHaveAttribute('aria-checked', 'mixed');
  });

  it('never toggles the System Root, even when cascading: a click opens or closes it instead', async () => {
    const onValue = vi.fn();
    render(<Harness cascade onValue={onValue} />);
    const root = item('System Root');
    expect(root).not.toHaveAttribute('aria-checked');
    await userEvent.click(root);
    expect(root).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(root);
    expect(root).toHaveAttribute('aria-expanded', 'true');
    expect(onValue).not.toHaveBeenCalled();
    expect(item('Fire Safety')).toHaveAttribute('aria-checked', 'false');
  });

  it('never toggles nodes with an id of 0 or below', async () => {
    const onValue = vi.fn();
    const data = [
      { id: 0, name: 'Root', children: [{ id: 5, name: 'Leaf' }] },
      { id: -1, name: 'Unassigned' },
    ];
    render(<Harness data={data} defaultExpanded={[0]} onValue={onValue} />);
    await userEvent.click(item('Unassigned'));
    expect(item('Unassigned')).not.toHaveAttribute('aria-checked');
    expect(item('Root')).not.toHaveAttribute('aria-checked');
    await userEvent.click(item('Leaf'));
    expect(onValue).toHaveBeenCalledExactlyOnceWith([5]);
    await userEvent.click(item('Root'));
    expect(onValue).toHaveBeenCalledTimes(1);
  });

  it('keeps a single value in radio mode', async () => {
    const onValue = vi.fn();
    render(<Harness mode="radio" cascade onValue={onValue} />);
    expect(screen.getByRole('tree')).toHaveAttribute('aria-multiselectable', 'false');
    await userEvent.click(item('Fire Safety'));
    await userEvent.click(item('Anti-Bribery and Corruption'));
    expect(onValue).toHaveBeenLastCalledWith([31]);
    expect(item('Anti-Bribery and Corruption')).toHaveAttribute('aria-selected', 'true');
    expect(item('Fire Safety')).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(item('Safety'));
    expect(onValue).toHaveBeenLastCalledWith([2]);
  });

  it('expands and collapses with the chevron, without selecting', async () => {
    const onValue = vi.fn();
    render(<Harness defaultExpanded={[1]} onValue={onValue} />);
    expect(screen.queryByRole('treeitem', { name: 'Fire Safety' })).not.toBeInTheDocument();
    expect(item('Safety')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(within(item('Safety')).getByRole('button', { name: 'Expand Safety' }));
    expect(item('Fire Safety')).toBeInTheDocument();
    expect(item('Safety')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(item('Safety')).getByRole('button', { name: 'Collapse Safety' }));
    expect(screen.queryByRole('treeitem', { name: 'Fire Safety' })).not.toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('is used from the keyboard: arrows move, space toggles, left and right collapse and expand', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness defaultExpanded={[1]} onValue={onValue} />);

    await user.tab();
    expect(item('System Root')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Safety')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(item('Safety')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Safety')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('Fire Safety')).toHaveFocus();

    await user.keyboard(' ');
    expect(onValue).toHaveBeenLastCalledWith([21]);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Ethics')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(item('Safety')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('Safety')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'Fire Safety' })).not.toBeInTheDocument();

    await user.keyboard('{End}');
    expect(item('Ethics')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('System Root')).toHaveFocus();
    await user.keyboard(' ');
    expect(onValue).toHaveBeenCalledTimes(1);
  });

  it('keeps one tab stop in the tree', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('renders only the rows in view of a long list, and still reaches the last one by keyboard', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness data={flatList(5000)} defaultExpanded={[]} onValue={onValue} />);
    const rendered = screen.getAllByRole('treeitem');
    expect(rendered.length).toBeLessThan(60);
    expect(item('Learner 1')).toHaveAttribute('aria-setsize', '5000');

    // jsdom has no layout: give the tree the size a browser would.
    const tree = screen.getByRole('tree');
    Object.defineProperty(tree, 'clientHeight', { configurable: true, value: SELECTABLE_TREE_HEIGHT_PX });
    Object.defineProperty(tree, 'scrollHeight', { configurable: true, value: 5000 * TREE_ROW_HEIGHT_PX });

    await user.tab();
    await user.keyboard('{End}');
    expect(await screen.findByRole('treeitem', { name: 'Learner 5000' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onValue).toHaveBeenLastCalledWith([5000]);
  });
});
