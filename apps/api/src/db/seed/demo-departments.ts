import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';
import type { DepartmentSpec } from './demo-companies.ts';
import type { IdAllocator } from './seed-db.ts';

export interface SeededDepartment {
  id: number;
  /** Names from the top-level department down, e.g. ['Operations', 'Plant A', 'Line 1']. */
  names: string[];
  weight: number;
}

/** Flattens a department tree into rows with explicit ids and materialised paths ("/3/7/12/"). */
export function planDepartments(specs: readonly DepartmentSpec[], companyId: number, ids: IdAllocator, stamp: string) {
  const rows: Insertable<Database['departments']>[] = [];
  const departments: SeededDepartment[] = [];
  const visit = (spec: DepartmentSpec, parent: { id: number; path: string; names: string[] } | null) => {
    const id = ids.next('departments');
    const path = `${parent?.path ?? '/'}${id}/`;
    const names = [...(parent?.names ?? []), spec.name];
    rows.push({
      id,
      company_id: companyId,
      parent_id: parent?.id ?? null,
      name: spec.name,
      path,
      created_at: stamp,
      updated_at: stamp,
    });
    departments.push({ id, names, weight: spec.children ? 0 : (spec.weight ?? 1) });
    for (const child of spec.children ?? []) visit(child, { id, path, names });
  };
  for (const spec of specs) visit(spec, null);
  return { rows, departments };
}

/** The department whose name path is exactly `names`. */
export function departmentByNames(
  departments: readonly SeededDepartment[],
  names: readonly string[],
): SeededDepartment {
  const key = names.join('/');
  const found = departments.find((d) => d.names.join('/') === key);
  if (!found) throw new Error(`Unknown demo department ${key}`);
  return found;
}
