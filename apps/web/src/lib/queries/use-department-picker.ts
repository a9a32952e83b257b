import { useMemo } from 'react';
import { departmentTree } from '../department-tree.ts';
import { useDepartments } from './list-departments.ts';

/** The caller's departments as a tree for a picker, with their names. */
export function useDepartmentPicker(enabled: boolean) {
  const departments = useDepartments(enabled);
  return useMemo(
    () => ({
      nodes: departmentTree(departments.data ?? []),
      names: new Map((departments.data ?? []).map((d) => [d.id, d.name])),
      pending: enabled && departments.isPending,
    }),
    [departments.data, departments.isPending, enabled],
  );
}
