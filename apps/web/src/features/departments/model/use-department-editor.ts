import type { Department } from '@heed/contract';
import { useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useCreateDepartment, useDeleteDepartment, useUpdateDepartment } from '../api/department-mutations.ts';

/** Which dialog is open: adding (at the top level when parent is null), renaming, moving or deleting. */
export type EditorDialog =
  | { kind: 'add'; parent: Department | null }
  | { kind: 'rename'; department: Department }
  | { kind: 'move'; department: Department }
  | { kind: 'delete'; department: Department }
  | null;

const formatCount = new Intl.NumberFormat();

/**
 * The tree editor's changes: each saves through the API, opens the branch that received a department,
 * and says what happened in a notice. The
 * dialogs show a refusal on their fields (the promise rejects); a drag and drop, having no dialog,
 * shows it in an error notice (5xx are already announced by the console).
 */
export function useDepartmentEditor(departments: readonly Department[], reveal: (parentId: number) => void) {
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const remove = useDeleteDepartment();
  const nameOf = (id: number | null) => departments.find((d) => d.id === id)?.name;
  const moved = (department: Department, parentId: number | null) => {
    if (parentId !== null) reveal(parentId);
    notify.success(
      parentId === null
        ? `${department.name} is now at the top level.`
        : `${department.name} moved into ${nameOf(parentId) ?? 'its new parent'}.`,
    );
  };

  return {
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    add: async (parent: Department | null, name: string) => {
      const created = await create.mutateAsync({ name, parent_id: parent?.id ?? null });
      if (parent) reveal(parent.id);
      notify.success(parent ? `${created.name} added to ${parent.name}.` : `${created.name} added.`);
      return created;
    },
    rename: async (department: Department, name: string) => {
      const renamed = await update.mutateAsync({ id: department.id, body: { name } });
      notify.success(`${department.name} is now called ${renamed.name}.`);
    },
    move: async (department: Department, parentId: number | null) => {
      await update.mutateAsync({ id: department.id, body: { parent_id: parentId } });
      moved(department, parentId);
    },
    /** A drop: no dialog to show a refusal in, so it goes to a notice. */
    drop: async (id: number, parentId: number | null) => {
      const department = departments.find((d) => d.id === id);
      if (!department) return;
      try {
        await update.mutateAsync({ id, body: { parent_id: parentId } });
        moved(department, parentId);
      } catch (error) {
        if (!isApiError(error) || error.status < 500) showApiError(error, `${department.name} was not moved`);
      }
    },
    remove: async (department: Department, reassignTo: number | undefined) => {
      const result = await remove.mutateAsync({ id: department.id, reassignTo });
      notify.success(
        result.reassigned_users > 0
          ? `${department.name} deleted; ${formatCount.format(result.reassigned_users)} moved to ${nameOf(reassignTo ?? null)}.`
          : `${department.name} deleted.`,
      );
    },
  };
}
