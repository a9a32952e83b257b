import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SelectableModal } from '../../../components/selectable-modal/index.ts';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import { departmentTree } from '../../../lib/department-tree.ts';

export interface DepartmentFilterProps {
  /** The company's name for a department, e.g. "Department" or "Team". */
  label: string;
  pluralLabel: string;
  /** Chosen department ids, as `field[department_id]` holds them. */
  value: readonly string[];
  onChange: (values: string[]) => void;
}

/**
 * The department filter: departments ticked in the tree (the selectable modal). The server counts
 * a department's whole subtree, so ticking a parent is enough to include its sub-departments.
 */
export function UsersDepartmentFilter({ label, pluralLabel, value, onChange }: DepartmentFilterProps) {
  const [opened, setOpened] = useState(false);
  const active = value.length > 0;
  // Asked for only when the filter is opened or in use: the list's first answer waits for nothing.
  const departments = useDepartments(opened || active);
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const names = useMemo(() => new Map((departments.data ?? []).map((d) => [d.id, d.name])), [departments.data]);
  const ids = value.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const first = ids[0] === undefined ? undefined : (names.get(ids[0]) ?? `#${ids[0]}`);
  let summary = label;
  if (first !== undefined) summary = ids.length === 1 ? `${label}: ${first}` : `${label}: ${first} +${ids.length - 1}`;

  return (
    <>
      <Button
        variant={active ? 'light' : 'default'}
        size="sm"
        rightSection={<IconChevronDown size={14} aria-hidden />}
        fw={active ? 600 : 500}
        aria-label={active ? summary : `Filter by ${label.toLowerCase()}`}
        aria-haspopup="dialog"
        // The tree opens once it is here, so that it opens with its branches unfolded.
        loading={opened && departments.isPending}
        onClick={() => setOpened(true)}
      >
        {summary}
      </Button>
      <SelectableModal
        opened={opened && !departments.isPending}
        title={`Filter by ${label.toLowerCase()} (sub-${pluralLabel.toLowerCase()} included)`}
        label={pluralLabel}
        data={tree}
        value={ids}
        onConfirm={(chosen) => onChange(chosen.map(String))}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
