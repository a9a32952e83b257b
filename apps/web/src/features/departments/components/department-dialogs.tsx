import type { Department } from '@heed/contract';
import type { DepartmentTreeNode } from '../model/department-tree.ts';
import type { useDepartmentEditor } from '../model/use-department-editor.ts';
import { DeleteDepartmentModal } from './delete-department-modal.tsx';
import { DepartmentNameModal } from './department-name-modal.tsx';
import { MoveDepartmentModal } from './move-department-modal.tsx';

export interface DepartmentDialogsProps {
  editor: ReturnType<typeof useDepartmentEditor>;
  departments: readonly Department[];
  tree: readonly DepartmentTreeNode[];
  noun: string;
  plural: string;
}

/** The editor's dialogs: add, rename, move and delete, one open at a time. */
export function DepartmentDialogs({ editor, departments, tree, noun, plural }: DepartmentDialogsProps) {
  const { dialog } = editor;
  const pluralNoun = plural.toLowerCase();
  const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} name`;
  return (
    <>
      <DepartmentNameModal
        opened={dialog?.kind === 'add'}
        title={dialog?.kind === 'add' && dialog.parent ? `Add a sub-${noun} to ${dialog.parent.name}` : `Add a ${noun}`}
        context={dialog?.kind === 'add' && !dialog.parent ? `It is added at the top level.` : undefined}
        label={label}
        submitLabel="Add"
        onSubmit={async (name) => {
          if (dialog?.kind === 'add') await editor.add(dialog.parent, name);
        }}
        onClose={editor.close}
      />
      <DepartmentNameModal
        opened={dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? `Rename ${dialog.department.name}` : ''}
        label={label}
        initialName={dialog?.kind === 'rename' ? dialog.department.name : ''}
        submitLabel="Rename"
        onSubmit={async (name) => {
          if (dialog?.kind === 'rename') await editor.rename(dialog.department, name);
        }}
        onClose={editor.close}
      />
      <MoveDepartmentModal
        department={dialog?.kind === 'move' ? dialog.department : null}
        departments={departments}
        tree={tree}
        noun={noun}
        pluralNoun={pluralNoun}
        onMove={editor.move}
        onClose={editor.close}
      />
      <DeleteDepartmentModal
        department={dialog?.kind === 'delete' ? dialog.department : null}
        departments={departments}
        noun={noun}
        pluralNoun={pluralNoun}
        onDelete={editor.remove}
        onClose={editor.close}
      />
    </>
  );
}
