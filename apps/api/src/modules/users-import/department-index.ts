import { isDepartmentInScope } from '../../platform/scope.ts';

export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

/** A department path as written in a file (`Sales / EMEA`, `/Sales/EMEA/`) → its names. */
export const pathNames = (path: string) =>
  path
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');

const keyOf = (names: string[]) => names.map((name) => name.toLowerCase()).join('/');

export type DepartmentResolution =
  | { kind: 'found'; id: number }
  /** Missing: `parentId` is the deepest existing ancestor (null: the root), `names` the path, `missingFrom` the first name to create. */
  | { kind: 'missing'; parentId: number | null; names: string[]; missingFrom: number }
  | { kind: 'invalid' };

/**
 * The company's departments by path of names, case-insensitive (`sales/emea`). Sibling departments
 * of the same name resolve to the oldest. New departments join once their transaction commits.
 */
export class DepartmentIndex {
  private readonly byKey = new Map<string, DepartmentNode>();
  /** Resolutions by the cell's text: a file names a few departments over and over. Cleared when one is added. */
  private readonly resolved = new Map<string, DepartmentResolution>();

  constructor(departments: DepartmentNode[]) {
    const byId = new Map(departments.map((d) => [d.id, d]));
    const namesOf = (d: DepartmentNode): string[] => {
      const names: string[] = [];
      for (
        let node: DepartmentNode | undefined = d;
        node;
        node = node.parent_id ? byId.get(node.parent_id) : undefined
      ) {
        names.unshift(node.name);
        if (names.length > 64) break;
      }
      return names;
    };
    for (const department of [...departments].sort((a, b) => a.id - b.id)) {
      const key = keyOf(namesOf(department).map((name) => name.trim()));
      if (!this.byKey.has(key)) this.byKey.set(key, department);
    }
  }

  resolve(path: string): DepartmentResolution {
    let resolution = this.resolved.get(path);
    if (!resolution) {
      resolution = this.resolveNames(path);
      if (this.resolved.size >= 10_000) this.resolved.clear();
      this.resolved.set(path, resolution);
    }
    return resolution;
  }

  private resolveNames(path: string): DepartmentResolution {
    const names = pathNames(path);
    if (names.length === 0 || names.some((name) => name.length > 120)) return { kind: 'invalid' };
    const found = this.byKey.get(keyOf(names));
    if (found) return { kind: 'found', id: found.id };
    let depth = names.length - 1;
    while (depth > 0 && !this.byKey.has(keyOf(names.slice(0, depth)))) depth--;
    const parent = depth > 0 ? this.byKey.get(keyOf(names.slice(0, depth))) : undefined;
    return { kind: 'missing', parentId: parent?.id ?? null, names, missingFrom: depth };
  }

  /** True when a Department Manager may create under `parentId` (never at the root). */
  static canCreateUnder(scope: number[] | null, parentId: number | null): boolean {
    return isDepartmentInScope(scope, parentId);
  }

  add(names: string[], department: DepartmentNode): void {
    const key = keyOf(names);
    if (!this.byKey.has(key)) this.byKey.set(key, department);
    this.resolved.clear();
  }

  /** The department at a path of names, if any. */
  nodeOf(names: string[]): DepartmentNode | undefined {
    return this.byKey.get(keyOf(names));
  }
}
