import { useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/course-categories.ts';
import type { CategoryEntry } from './category-tree.ts';

/** What the categories dialog shows: the tree, or one of its forms in its place. */
export type CategoryView =
  | { kind: 'tree' }
  | { kind: 'add'; parent: CategoryEntry | null }
  | { kind: 'rename'; category: CategoryEntry }
  | { kind: 'move'; category: CategoryEntry }
  | { kind: 'delete'; category: CategoryEntry };

/**
 * The category tree's changes, as the departments editor makes its own: each saves through the API,
 * opens the branch that received a category and says what happened. A form shows a refusal on its
 * field (the promise rejects); a drop, having no form, shows it in a notice.
 */
export function useCategoryEditor(entries: readonly CategoryEntry[], reveal: (parentId: number) => void) {
  const [view, setView] = useState<CategoryView>({ kind: 'tree' });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const nameOf = (id: number) => entries.find((entry) => entry.id === id)?.name;
  const moved = (category: CategoryEntry, parentId: number) => {
    reveal(parentId);
    notify.success(
      parentId === 0
        ? `${category.name} is now a top-level category.`
        : `${category.name} moved into ${nameOf(parentId) ?? 'its new parent'}.`,
    );
  };
  const back = () => setView({ kind: 'tree' });

  return {
    view,
    open: setView,
    back,
    add: async (parent: CategoryEntry | null, name: string) => {
      const created = await create.mutateAsync({ name, parent_id: parent?.id ?? null });
      reveal(parent?.id ?? 0);
      notify.success(parent ? `${created.name} added to ${parent.name}.` : `${created.name} added.`);
      back();
    },
    rename: async (category: CategoryEntry, name: string) => {
      const renamed = await update.mutateAsync({ id: category.id, body: { name } });
      notify.success(`${category.name} is now called ${renamed.name}.`);
      back();
    },
    move: async (category: CategoryEntry, parentId: number) => {
      await update.mutateAsync({ id: category.id, body: { parent_id: parentId } });
      moved(category, parentId);
      back();
    },
    /** A drop: no form to show a refusal in, so it goes to a notice. */
    drop: async (id: number, parentId: number) => {
      const category = entries.find((entry) => entry.id === id);
      if (!category) return;
      try {
        await update.mutateAsync({ id, body: { parent_id: parentId } });
        moved(category, parentId);
      } catch (error) {
        if (!isApiError(error) || error.status < 500) showApiError(error, `${category.name} was not moved`);
      }
    },
    remove: async (category: CategoryEntry) => {
      await remove.mutateAsync(category.id);
      notify.success(`${category.name} deleted.`);
      back();
    },
  };
}

export type CategoryEditor = ReturnType<typeof useCategoryEditor>;
