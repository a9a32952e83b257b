import { ROLE, type User, hasRoleAccess } from '@heed/contract';
import { Button, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type ListPageHandle,
  type ListSelection,
  noSelection,
  selectedCount,
} from '../../../components/list-page/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { selectionProblem } from '../api/bulk-update-users.ts';
import { BULK_ACTION_KINDS, type BulkActionKind, withDepartmentLabel } from './bulk-action-kinds.ts';
import { selectedUserIds } from '../api/assign-courses.ts';
import { AssignCoursesDialog } from './assign-courses-dialog.tsx';
import { BulkActionDialog } from './bulk-action-dialog.tsx';

export interface UsersBulkActionsProps {
  selection: ListSelection;
  /** How many users match the list's filter (for "all N matching"). */
  total: number;
  /** Clears the selection once a change is done. */
  onDone: () => void;
}

/**
 * The users list's bulk actions (PUT /users): a menu on the selection bar, then a dialog that says
 * how many users will change. Reviewers change nothing, so they get no menu.
 */
export function UsersBulkActions({ selection, total, onDone }: UsersBulkActionsProps) {
  const session = useOptionalConsoleSession();
  const [kind, setKind] = useState<BulkActionKind | null>(null);
  const [assigning, setAssigning] = useState(false);
  const user = session?.user;
  const canChange = !user || user.site_admin || hasRoleAccess(user.role, ROLE.DepartmentManager);
  if (!canChange) return null;
  const count = selectedCount(selection, total);
  const problem = selectionProblem(selection);
  const company = session?.company;
  const departmentLabel = {
    one: company?.department_label ?? 'Department',
    other: company?.department_label_plural ?? 'Departments',
  };
  const trigger = (
    <Button
      variant="filled"
      size="compact-sm"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      disabled={problem !== null}
    >
      Actions
    </Button>
  );
  return (
    <>
      {problem ? (
        <Tooltip label={problem} withArrow>
          <span>{trigger}</span>
        </Tooltip>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>{trigger}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setAssigning(true)}>Assign courses…</Menu.Item>
            <Menu.Divider />
            {BULK_ACTION_KINDS.map((item) => (
              <Menu.Item key={item.action} color={item.danger ? 'red' : undefined} onClick={() => setKind(item)}>
                {withDepartmentLabel(item.label, departmentLabel.one)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <AssignCoursesDialog
        opened={assigning}
        count={count}
        userIds={(signal) => selectedUserIds(selection, total, signal)}
        onClose={() => setAssigning(false)}
        onDone={onDone}
      />
      <BulkActionDialog
        kind={kind}
        selection={selection}
        count={count}
        departmentLabel={departmentLabel}
        canClearDepartment={!user || user.site_admin || user.role === ROLE.CompanyManager}
        onClose={() => setKind(null)}
        onDone={onDone}
      />
    </>
  );
}

/** The users list page's hook-up: its selection, total and "clear the selection". */
export function UsersListBulkActions({ list, selection }: { list: ListPageHandle<User>; selection: ListSelection }) {
  return (
    <UsersBulkActions
      selection={selection}
      total={list.meta?.total ?? 0}
      onDone={() => list.setSelection(noSelection)}
    />
  );
}
