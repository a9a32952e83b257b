import { useMemo } from 'react';
import { TreeFilter } from '../../../components/list-page/tree-filter.tsx';
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
  return (
    <TreeFilter
      label={label}
      pluralLabel={pluralLabel}
      title={`Filter by ${label.toLowerCase()} (sub-${pluralLabel.toLowerCase()} included)`}
      value={value}
      onChange={onChange}
      useTree={useDepartmentTree}
    />
  );
}

/** The company's departments as a tree, asked for only once the filter is opened or in use. */
function useDepartmentTree(enabled: boolean) {
  const departments = useDepartments(enabled);
  const nodes = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const names = useMemo(() => new Map((departments.data ?? []).map((d) => [d.id, d.name])), [departments.data]);
  // The tree opens once it is here, so that it opens with its branches unfolded.
  return { nodes, names, pending: departments.isPending };
}
