import { Input, InputBase, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SelectableModal } from '../../../components/selectable-modal/index.ts';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import { departmentPaths, departmentTree } from '../../../lib/department-tree.ts';

export interface DepartmentFieldProps {
  /** The company's name for a department, e.g. "Department" or "Team". */
  label: string;
  pluralLabel: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** The name to show before the tree has loaded (or when the department lies outside it). */
  currentName?: string | undefined;
  error?: string | undefined;
  readOnly?: boolean;
  required?: boolean;
}

/** The user's department, picked from the company's tree in the selectable modal (one department, or none). */
export function UserEditDepartmentField(props: DepartmentFieldProps) {
  const { value, readOnly = false } = props;
  const [opened, setOpened] = useState(false);
  const departments = useDepartments();
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const paths = useMemo(() => departmentPaths(departments.data ?? []), [departments.data]);
  const shown = value === null ? null : (paths.get(value) ?? props.currentName ?? `#${value}`);
  const loadError = departments.isError ? `The ${props.pluralLabel.toLowerCase()} could not be loaded.` : undefined;

  if (readOnly) return <TextInput label={props.label} readOnly value={shown ?? `No ${props.label.toLowerCase()}`} />;
  return (
    <>
      <InputBase
        component="button"
        type="button"
        label={props.label}
        withAsterisk={props.required}
        pointer
        rightSection={<IconChevronDown size={16} aria-hidden />}
        rightSectionPointerEvents="none"
        error={props.error ?? loadError}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-testid="department-field"
      >
        {shown ?? <Input.Placeholder>No {props.label.toLowerCase()}</Input.Placeholder>}
      </InputBase>
      <SelectableModal
        // The tree opens once it is here, so that it opens with its branches unfolded.
        opened={opened && !departments.isPending}
        title={`Choose a ${props.label.toLowerCase()}`}
        label={props.pluralLabel}
        data={tree}
        value={value === null ? [] : [value]}
        mode="radio"
        onConfirm={(ids) => props.onChange(ids[0] ?? null)}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
