import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { TREE } from '../test/departments-fixtures.tsx';
import { branchIds, buildDepartmentTree, canMoveTo, searchTree, subtreeIds, treeWithout } from './department-tree.ts';
import { formErrors } from './server-errors.ts';

const names = (nodes: { name: string; children: unknown[] }[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.name, names(node.children as typeof nodes)] : node.name));

describe('the department tree model', () => {
  it('nests the flat list with siblings in name order; a department without its parent in the list is a root', () => {
    expect(names(buildDepartmentTree(TREE))).toEqual(['Ops', ['Sales', ['APAC', ['EMEA', ['UK']]]]]);
    // A Department Manager's list starts below the company's roots.
    expect(names(buildDepartmentTree(TREE.slice(1, 3)))).toEqual([['EMEA', ['UK']]]);
  });

  it('allows moves anywhere but into the department itself, below it, or where it already is', () => {
    expect([...subtreeIds(TREE, 2)]).toEqual([2, 3]);
    expect(canMoveTo(TREE, 2, 5)).toBe(true);
    expect(canMoveTo(TREE, 2, null)).toBe(true);
    expect(canMoveTo(TREE, 2, 3)).toBe(false);
    expect(canMoveTo(TREE, 2, 2)).toBe(false);
    expect(canMoveTo(TREE, 2, 1)).toBe(false);
    expect(canMoveTo(TREE, 5, null)).toBe(false);
    expect(names(treeWithout(buildDepartmentTree(TREE), subtreeIds(TREE, 2)))).toEqual(['Ops', ['Sales', ['APAC']]]);
  });

  it('lists the branches and searches names with the path to each match', () => {
    expect(branchIds(TREE)).toEqual([1, 2]);
    const found = searchTree(buildDepartmentTree(TREE), 'U');
    expect(names(found.nodes)).toEqual([['Sales', [['EMEA', ['UK']]]]]);
    expect(found.expand.sort()).toEqual([1, 2]);
  });
});

describe('form errors from a failed save', () => {
  it("puts the form's fields on the fields and every other detail above the form", () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      name: ['Taken.'],
      children: ['Move them first.'],
    });
    expect(formErrors(error, ['name'])).toEqual({ fields: { name: 'Taken.' }, message: 'Move them first.' });
    expect(formErrors(new ApiError(404, 'Not found.'), ['name'])).toEqual({ fields: {}, message: 'Not found.' });
  });
});
