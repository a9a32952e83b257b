import type { CategoryTreeNode } from '@heed/contract';

/** Between a category and its ancestors: "Compliance › Safety". */
const CATEGORY_PATH_SEPARATOR = ' › ';

/** A category as a flat row: its id, name, parent (0 for the System Root) and its path of names. */
export interface CategoryEntry {
  id: number;
  name: string;
  parentId: number;
  path: string;
  depth: number;
}

/** Every category under the root, depth first with siblings in the tree's order (the root itself left out). */
export function flattenCategories(root: CategoryTreeNode | undefined): CategoryEntry[] {
  const entries: CategoryEntry[] = [];
  const walk = (nodes: readonly CategoryTreeNode[], parentId: number, trail: string[]) => {
    for (const node of nodes) {
      if (!node.category) continue;
      const names = [...trail, node.name];
      entries.push({
        id: node.id,
        name: node.name,
        parentId,
        path: names.join(CATEGORY_PATH_SEPARATOR),
        depth: trail.length,
      });
      walk(node.children, node.id, names);
    }
  };
  walk(root?.children ?? [], 0, []);
  return entries;
}

/** The ids of a category and every category below it: where it may not be moved. */
export function categorySubtree(entries: readonly CategoryEntry[], id: number): Set<number> {
  const ids = new Set([id]);
  // Depth first order: a descendant always comes after its parent.
  for (const entry of entries) if (ids.has(entry.parentId)) ids.add(entry.id);
  return ids;
}

/** Whether category `id` may move under `parentId` (0: the System Root). */
export function canMoveCategory(entries: readonly CategoryEntry[], id: number, parentId: number): boolean {
  const moving = entries.find((entry) => entry.id === id);
  if (!moving || moving.parentId === parentId) return false;
  return !categorySubtree(entries, id).has(parentId);
}
