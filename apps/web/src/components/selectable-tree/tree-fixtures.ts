import { ROOT_CATEGORY_NAME } from '@heed/contract';
import type { TreeNode } from './tree-model.ts';

/** A course-category tree under the System Root, as the catalog has it. */
export const CATEGORY_TREE: TreeNode[] = [
  {
    id: 1,
    name: ROOT_CATEGORY_NAME,
    category: true,
    parent_id: null,
    children: [
      {
        id: 2,
        name: 'Safety',
        category: true,
        parent_id: 1,
        children: [
          { id: 21, name: 'Fire Safety', parent_id: 2 },
          { id: 22, name: 'Working at Height', parent_id: 2 },
        ],
      },
      {
        id: 3,
        name: 'Ethics',
        category: true,
        parent_id: 1,
        children: [{ id: 31, name: 'Anti-Bribery', display_name: 'Anti-Bribery and Corruption', parent_id: 3 }],
      },
    ],
  },
];

export function flatList(count: number): TreeNode[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Learner ${index + 1}` }));
}
