import { ROOT_CATEGORY_NAME } from '@heed/contract';

/** A node of a selectable tree: a department, a course category, a course, a user … (flat lists have no children). */
export interface TreeNode {
  id: number;
  name?: string | null;
  label?: string | null;
  display_name?: string | null;
  children?: readonly TreeNode[] | null;
  /** Marks a category node (course categories). */
  category?: boolean | string | null;
  parent_id?: number | null;
}

/** A visible row of the flattened tree. */
export interface TreeRow {
  node: TreeNode;
  depth: number;
  parentId: number | null;
  hasChildren: boolean;
  isExpanded: boolean;
  /** 1-based position among its siblings, and their count (aria-posinset / aria-setsize). */
  position: number;
  setSize: number;
}

export type SelectionMode = 'checkbox' | 'radio';

export const DEFAULT_SEARCH_FIELDS = ['display_name', 'name', 'label'] as const;

export function nodeLabel(node: TreeNode): string {
  return node.display_name || node.name || node.label || String(node.id);
}

const hasChildren = (node: TreeNode) => (node.children?.length ?? 0) > 0;

/** The root category (spec §5): id 0, or a category node named System Root. */
export function isRootCategory(node: TreeNode): boolean {
  return node.id === 0 || (Boolean(node.category) && (node.name ?? node.label) === ROOT_CATEGORY_NAME);
}

/** Spec §5: only nodes with an id above 0 can be selected, and never the root category. */
export function isSelectable(node: TreeNode): boolean {
  return node.id > 0 && !isRootCategory(node);
}

/** The visible rows: every root, and the children of expanded nodes, depth first. */
export function flattenVisible(nodes: readonly TreeNode[], expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (level: readonly TreeNode[], depth: number, parentId: number | null) => {
    level.forEach((node, index) => {
      const isExpanded = hasChildren(node) && expanded.has(node.id);
      rows.push({
        node,
        depth,
        parentId,
        hasChildren: hasChildren(node),
        isExpanded,
        position: index + 1,
        setSize: level.length,
      });
      if (isExpanded) walk(node.children ?? [], depth + 1, node.id);
    });
  };
  walk(nodes, 0, null);
  return rows;
}

/** Ids of every node that has children (what Expand All opens). */
export function parentIds(nodes: readonly TreeNode[]): number[] {
  const ids: number[] = [];
  const walk = (level: readonly TreeNode[]) => {
    for (const node of level) {
      if (!hasChildren(node)) continue;
      ids.push(node.id);
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return ids;
}

export function isNested(nodes: readonly TreeNode[]): boolean {
  return nodes.some(hasChildren);
}

/** Selectable ids of a node's descendants. */
function selectableDescendantIds(node: TreeNode): number[] {
  const ids: number[] = [];
  const walk = (level: readonly TreeNode[]) => {
    for (const child of level) {
      if (isSelectable(child)) ids.push(child.id);
      walk(child.children ?? []);
    }
  };
  walk(node.children ?? []);
  return ids;
}

export interface ToggleOptions {
  mode: SelectionMode;
  /** Checking a parent also checks its descendants (and unchecking unchecks them). */
  cascade: boolean;
}

/** The selection after the user toggles `node` (spec §4 "Tree selection"). Non-selectable nodes change nothing. */
export function toggleSelection(value: readonly number[], node: TreeNode, { mode, cascade }: ToggleOptions): number[] {
  if (!isSelectable(node)) return [...value];
  if (mode === 'radio') return [node.id];
  const ids = cascade ? [node.id, ...selectableDescendantIds(node)] : [node.id];
  const isChecked = value.includes(node.id);
  if (isChecked) {
    const removed = new Set(ids);
    return value.filter((id) => !removed.has(id));
  }
  const next = new Set(value);
  for (const id of ids) next.add(id);
  return [...next];
}

/** 'mixed' when some but not all selectable descendants of an unchecked node are selected (cascade mode). */
export function checkState(node: TreeNode, selected: ReadonlySet<number>, cascade: boolean): boolean | 'mixed' {
  if (selected.has(node.id)) return true;
  if (!cascade || !hasChildren(node)) return false;
  const descendants = selectableDescendantIds(node);
  return descendants.some((id) => selected.has(id)) ? 'mixed' : false;
}

/**
 * Keeps nodes whose configured fields contain `query` (lowercased), with their ancestors for context and their whole
 * subtree (so a matching category still offers its courses). `expand` lists the ancestors to open.
 */
export function filterTree(
  nodes: readonly TreeNode[],
  query: string,
  fields: readonly string[] = DEFAULT_SEARCH_FIELDS,
): { nodes: TreeNode[]; expand: number[] } {
  const needle = query.trim().toLowerCase();
  if (needle === '') return { nodes: [...nodes], expand: [] };
  const expand: number[] = [];
  const matches = (node: TreeNode) =>
    fields.some((field) => {
      const value = (node as unknown as Record<string, unknown>)[field];
      return (typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(needle);
    });
  const walk = (level: readonly TreeNode[]): TreeNode[] =>
    level.flatMap((node) => {
      if (matches(node)) return [node];
      const children = walk(node.children ?? []);
      if (children.length === 0) return [];
      expand.push(node.id);
      return [{ ...node, children }];
    });
  return { nodes: walk(nodes), expand };
}

/** Every node, depth first (to map selected ids back to nodes). */
export function allNodes(nodes: readonly TreeNode[]): TreeNode[] {
  const list: TreeNode[] = [];
  const walk = (level: readonly TreeNode[]) => {
    for (const node of level) {
      list.push(node);
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return list;
}

/** Ids of the ancestors of the given nodes (to open the branches that show a selection). */
export function ancestorIds(nodes: readonly TreeNode[], ids: Iterable<number>): number[] {
  const wanted = new Set(ids);
  const found = new Set<number>();
  const walk = (level: readonly TreeNode[], path: number[]) => {
    for (const node of level) {
      if (wanted.has(node.id)) for (const id of path) found.add(id);
      if (node.children?.length) walk(node.children, [...path, node.id]);
    }
  };
  walk(nodes, []);
  return [...found];
}

/**
 * What a tree opens with: every branch of a small tree; in a large one the top level and the branches that hold the
 * selection.
 */
export function initialExpanded(nodes: readonly TreeNode[], selected: readonly number[], smallTreeSize: number) {
  const parents = parentIds(nodes);
  if (allNodes(nodes).length <= smallTreeSize) return new Set(parents);
  const roots = nodes.filter((node) => (node.children?.length ?? 0) > 0).map((node) => node.id);
  return new Set([...roots, ...ancestorIds(nodes, selected)]);
}
