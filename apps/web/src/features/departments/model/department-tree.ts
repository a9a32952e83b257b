import type { Department } from '@heed/contract';
import { type TreeNode, filterTree } from '../../../components/selectable-tree/index.ts';

/** A department with its sub-departments, siblings in name order. */
export interface DepartmentTreeNode extends TreeNode {
  id: number;
  name: string;
  parent_id: number | null;
  department: Department;
  children: DepartmentTreeNode[];
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const sortLevel = (level: DepartmentTreeNode[]) => {
  level.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  for (const node of level) sortLevel(node.children);
};

/**
 * Nests GET /departments' flat list. A department whose parent is not in the list (the top of a
 * Department Manager's subtree) is a root.
 */
export function buildDepartmentTree(departments: readonly Department[]): DepartmentTreeNode[] {
  const nodes = new Map<number, DepartmentTreeNode>(
    departments.map((d) => [d.id, { id: d.id, name: d.name, parent_id: d.parent_id, department: d, children: [] }]),
  );
  const roots: DepartmentTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  sortLevel(roots);
  return roots;
}

/** The ids of a department and everything below it: where it may not be moved. */
export function subtreeIds(departments: readonly Department[], id: number): Set<number> {
  const root = departments.find((d) => d.id === id);
  if (!root) return new Set();
  return new Set(departments.filter((d) => d.path.startsWith(root.path)).map((d) => d.id));
}

/** The tree without a department's subtree: the parents it may move under. */
export function treeWithout(nodes: readonly DepartmentTreeNode[], excluded: ReadonlySet<number>): DepartmentTreeNode[] {
  return nodes
    .filter((node) => !excluded.has(node.id))
    .map((node) => ({ ...node, children: treeWithout(node.children, excluded) }));
}

/** Whether `id` may be dropped on `targetId` (null: the top level). */
export function canMoveTo(departments: readonly Department[], id: number, targetId: number | null): boolean {
  const moving = departments.find((d) => d.id === id);
  if (!moving || moving.parent_id === targetId) return false;
  return targetId === null || !subtreeIds(departments, id).has(targetId);
}

/** Every department with children: what "Expand all" opens. */
export function branchIds(departments: readonly Department[]): number[] {
  const parents = new Set(departments.map((d) => d.parent_id));
  return departments.filter((d) => parents.has(d.id)).map((d) => d.id);
}

/**
 * Keeps the departments whose name contains `query`, with their ancestors for context; `expand`
 * lists the ancestors to open so every match shows.
 */
export function searchTree(nodes: readonly DepartmentTreeNode[], query: string) {
  const { nodes: kept, expand } = filterTree(nodes, query, ['name']);
  return { nodes: kept as DepartmentTreeNode[], expand };
}
