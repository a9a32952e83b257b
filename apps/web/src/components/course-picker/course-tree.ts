import type { CategoryTreeNode } from '@heed/contract';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client.ts';
import type { TreeNode } from '../selectable-tree/index.ts';

/** The category tree with the courses the company may use as its leaves (GET /course-categories?with_courses=1). */
export function useCourseTree(enabled: boolean) {
  return useQuery({
    queryKey: ['assignments', 'course-tree'] as const,
    queryFn: ({ signal }) =>
      apiCall('listCourseCategories', { query: { with_courses: '1' }, signal }).then(
        (response) => response.data as CategoryTreeNode,
      ),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Category ids and course ids are separate sequences: in the picker a category takes an id above any
 * course's, so that both can be ticked (a category ticks its courses) and never collide. The System
 * Root stays 0, which cannot be toggled.
 */
export const CATEGORY_ID_OFFSET = 2 ** 40;

export function pickerTree(node: CategoryTreeNode): TreeNode {
  const id = node.category && node.id > 0 ? CATEGORY_ID_OFFSET + node.id : node.id;
  return { ...node, id, children: node.children.map(pickerTree) };
}

/** The course leaves among ticked nodes: what an assignment or a filter wants. */
export const courseIdsOf = (_ids: number[], nodes: TreeNode[]) =>
  nodes.filter((node) => !node.category && node.id > 0 && node.id < CATEGORY_ID_OFFSET).map((node) => node.id);

function collectCourses(node: TreeNode, names: Map<number, string>) {
  if (!node.category && node.id > 0) names.set(node.id, node.name ?? String(node.id));
  for (const child of node.children ?? []) collectCourses(child, names);
}

/** The course tree for a picker: the System Root's children (categories and uncategorised courses) and course names. */
export function useCoursePicker(enabled: boolean) {
  const query = useCourseTree(enabled);
  return useMemo(() => {
    const names = new Map<number, string>();
    if (!query.data) return { nodes: [] as TreeNode[], names, pending: query.isPending && enabled };
    const root = pickerTree(query.data);
    collectCourses(root, names);
    return { nodes: root.children ?? [], names, pending: false };
  }, [query.data, query.isPending, enabled]);
}
