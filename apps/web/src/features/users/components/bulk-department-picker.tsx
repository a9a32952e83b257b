import { Alert, Checkbox, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { SelectableTree, initialExpanded } from '../../../components/selectable-tree/index.ts';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import { departmentTree } from '../../../lib/department-tree.ts';

export interface BulkDepartmentPickerProps {
  /** The company's name for a department and its plural ("Team", "Teams"). */
  label: string;
  pluralLabel: string;
  /** The chosen department, null for none, undefined before a choice. */
  value: number | null | undefined;
  /** undefined: no choice yet ("No department" unticked). */
  onChange: (value: number | null | undefined) => void;
  /** Company Managers may take users out of every department; Department Managers may not. */
  allowNone: boolean;
  error?: string | undefined;
}

/** The target of "Change department": one department of the tree (GET /departments), or none. */
export function BulkDepartmentPicker({
  label,
  pluralLabel,
  value,
  onChange,
  allowNone,
  error,
}: BulkDepartmentPickerProps) {
  const departments = useDepartments();
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const expanded = useMemo(() => [...initialExpanded(tree, [], 200)], [tree]);
  if (departments.isPending) return <Skeleton height={160} radius="md" aria-label={`Loading ${pluralLabel}`} />;
  if (departments.isError)
    return (
      <Alert color="red" variant="light" title={`The ${pluralLabel.toLowerCase()} could not be loaded`}>
        Close this dialog and try again.
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="bulk-department-label">
        New {label.toLowerCase()}
      </Text>
      {allowNone && (
        <Checkbox
          label={`No ${label.toLowerCase()}`}
          checked={value === null}
          onChange={(event) => onChange(event.currentTarget.checked ? null : undefined)}
        />
      )}
      <SelectableTree
        key={expanded.length}
        label={pluralLabel}
        data={tree}
        value={value ? [value] : []}
        onChange={(ids) => {
          if (ids[0] !== undefined) onChange(ids[0]);
        }}
        mode="radio"
        defaultExpanded={expanded}
        height={220}
        emptyMessage={`There are no ${pluralLabel.toLowerCase()} yet.`}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
