import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from './tree-fixtures.ts';
import {
  ancestorIds,
  filterTree,
  flattenVisible,
  isRootCategory,
  isSelectable,
  nodeLabel,
  toggleSelection,
} from './tree-model.ts';

describe('tree rules', () => {
  it('treats id 0 and a category named System Root as the root category', () => {
    expect(isRootCategory({ id: 0, name: 'Anything' })).toBe(true);
    expect(isRootCategory({ id: 7, name: 'System Root', category: true })).toBe(true);
    expect(isRootCategory({ id: 7, label: 'System Root', category: 'category' })).toBe(true);
    expect(isRootCategory({ id: 7, name: 'System Root' })).toBe(false); // not a category node
  });

  it('selects only ids above 0 that are not the root category', () => {
    expect(isSelectable({ id: 1, name: 'Fire Safety' })).toBe(true);
    expect(isSelectable({ id: 0, name: 'Root' })).toBe(false);
    expect(isSelectable({ id: -3, name: 'Placeholder' })).toBe(false);
    expect(isSelectable({ id: 1, name: 'System Root', category: true })).toBe(false);
  });

  it('labels a node by display name, then name, then label', () => {
    expect(nodeLabel({ id: 1, name: 'n', display_name: 'd', label: 'l' })).toBe('d');
    expect(nodeLabel({ id: 1, name: 'n', label: 'l' })).toBe('n');
    expect(nodeLabel({ id: 1, label: 'l' })).toBe('l');
    expect(nodeLabel({ id: 9 })).toBe('9');
  });

  it('cascades over selectable descendants only, and leaves the root category alone', () => {
    const safety = CATEGORY_TREE[0]?.children?.[0];
    if (!safety) throw new Error('fixture');
    expect(toggleSelection([], safety, { mode: 'checkbox', cascade: true })).toEqual([2, 21, 22]);
    expect(toggleSelection([2, 21, 22, 31], safety, { mode: 'checkbox', cascade: true })).toEqual([31]);
    const root = CATEGORY_TREE[0];
    if (!root) throw new Error('fixture');
    expect(toggleSelection([21], root, { mode: 'checkbox', cascade: true })).toEqual([21]);
    expect(toggleSelection([21], root, { mode: 'radio', cascade: false })).toEqual([21]);
  });

  it('keeps a matching node with its subtree, and the path to deeper matches', () => {
    const { nodes, expand } = filterTree(CATEGORY_TREE, 'ethics');
    expect(flattenVisible(nodes, new Set([1, 3])).map((row) => nodeLabel(row.node))).toEqual([
      'System Root',
      'Ethics',
      'Anti-Bribery and Corruption',
    ]);
    expect(expand).toEqual([1]);
    expect(filterTree(CATEGORY_TREE, 'nothing like this').nodes).toEqual([]);
  });

  it('finds the ancestors of selected nodes', () => {
    expect(ancestorIds(CATEGORY_TREE, [31]).sort()).toEqual([1, 3]);
    expect(ancestorIds(CATEGORY_TREE, [1])).toEqual([]);
  });
});
