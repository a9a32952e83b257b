export { SelectableTree, type SelectableTreeProps, VIRTUALIZE_AFTER_ROWS } from './selectable-tree.tsx';
export {
  allNodes,
  ancestorIds,
  DEFAULT_SEARCH_FIELDS,
  filterTree,
  initialExpanded,
  isNested,
  isRootCategory,
  isSelectable,
  nodeLabel,
  parentIds,
  type SelectionMode,
  type TreeNode,
  toggleSelection,
} from './tree-model.ts';
