import type { Department } from '@heed/contract';
import type { TreeNode } from '../components/selectable-tree/index.ts';

/** A department as a node of the selectable tree. */
export interface DepartmentNode extends TreeNode {
  id: number;
  name: string;
  children: DepartmentNode[];
}

/**
 * Nests GET /departments' flat list into a tree. A department whose parent is not in the list (the
 * top of a Department Manager's subtree) is a root. Siblings keep the list's order.
 */
export function departmentTree(departments: readonly Department[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>(
    departments.map((d) => [d.id, { id: d.id, name: d.name, parent_id: d.parent_id, children: [] }]),
  );
  const roots: DepartmentNode[] = [];
  for (const department of departments) {
    const node = nodes.get(department.id)!;
    const parent = department.parent_id === null ? undefined : nodes.get(department.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Path separator between a department and its ancestors. */
const DEPARTMENT_PATH_SEPARATOR = ' › ';

/** "Operations › Plant A › Line 1" for every department: its name after the ancestors the list holds. */
export function departmentPaths(departments: readonly Department[]): Map<number, string> {
  const names = new Map(departments.map((d) => [d.id, d.name]));
  const paths = new Map<number, string>();
  for (const department of departments) {
    const chain = department.path
      .split('/')
      .filter((part) => part !== '')
      .map(Number)
      .map((id) => names.get(id))
      .filter((name): name is string => name !== undefined);
    paths.set(department.id, chain.length > 0 ? chain.join(DEPARTMENT_PATH_SEPARATOR) : department.name);
  }
  return paths;
}
