import { isDepartmentInScope } from '../../platform/scope.ts';

export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

/** A department path as written in a file (`Sales / EMEA`, `/Sales/EMEA/`) → its names. */
const pathNames = (path: string) =>
  path
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');

const keyOf = (names: string[]) => names.map((name) => name.toLowerCase()).join('/');

export type DepartmentResolution =
  | { kind: 'found'; id: number }
  /** Missing: `parentId` is the deepest existing ancestor (null: the root), `names` the path, `missingFrom` the first name to create. */
  | { kind: 'missing'; parentId: number | null; names: string[]; missingFrom: number }
  /** The names end the paths of several departments: their full paths, for the row's message. */
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'invalid' };

/** How many candidates an ambiguous name lists. */
const CANDIDATES_SHOWN = 5;

/**
 * The company's departments by path of names, case-insensitive (`sales/emea`). A path that is not a
 * full path from the root matches the one department whose path ends with it (`Line 1` is
 * `Operations / Plant A / Line 1` when no other department is called that), or is ambiguous: a name
 * is never taken for a new top-level department while one of that name exists. Sibling departments
 * of the same name resolve to the oldest. New departments join once their transaction commits.
 */
export class DepartmentIndex {
  private readonly byKey = new Map<string, DepartmentNode>();
  /** Every ending of every department's path (`line 1`, `plant a/line 1`, …) → the departments it ends. */
  private readonly bySuffix = new Map<string, { node: DepartmentNode; names: string[] }[]>();
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
      this.index(
        namesOf(department).map((name) => name.trim()),
        department,
      );
    }
  }

  /** Under its full path, and each ending of it; a later sibling of the same name is left out. */
  private index(names: string[], department: DepartmentNode): void {
    const key = keyOf(names);
    if (this.byKey.has(key)) return;
    this.byKey.set(key, department);
    for (let from = 1; from < names.length; from++) {
      const suffix = keyOf(names.slice(from));
      const list = this.bySuffix.get(suffix) ?? [];
      list.push({ node: department, names });
      this.bySuffix.set(suffix, list);
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

  /** The department a path names: by its full path, else by the one path ending with it; `ambiguous` when several do. */
  private lookup(names: string[]): { node: DepartmentNode; names: string[] } | 'ambiguous' | undefined {
    const node = this.byKey.get(keyOf(names));
    if (node) return { node, names };
    const endings = this.bySuffix.get(keyOf(names)) ?? [];
    if (endings.length > 1) return 'ambiguous';
    return endings[0];
  }

  private ambiguity(names: string[]): DepartmentResolution {
    const endings = this.bySuffix.get(keyOf(names)) ?? [];
    return { kind: 'ambiguous', candidates: endings.slice(0, CANDIDATES_SHOWN).map((e) => e.names.join(' / ')) };
  }

  private resolveNames(path: string): DepartmentResolution {
    const names = pathNames(path);
    if (names.length === 0 || names.some((name) => name.length > 120)) return { kind: 'invalid' };
    const found = this.lookup(names);
    if (found === 'ambiguous') return this.ambiguity(names);
    if (found) return { kind: 'found', id: found.node.id };
    // The deepest existing ancestor, found the same way; what is missing is created under it, on its full path.
    for (let depth = names.length - 1; depth > 0; depth--) {
      const parent = this.lookup(names.slice(0, depth));
      if (parent === 'ambiguous') return this.ambiguity(names.slice(0, depth));
      if (parent) {
        const full = [...parent.names, ...names.slice(depth)];
        return { kind: 'missing', parentId: parent.node.id, names: full, missingFrom: parent.names.length };
      }
    }
    return { kind: 'missing', parentId: null, names, missingFrom: 0 };
  }

  /** True when a Department Manager may create under `parentId` (never at the root). */
  static canCreateUnder(scope: number[] | null, parentId: number | null): boolean {
    return isDepartmentInScope(scope, parentId);
  }

  add(names: string[], department: DepartmentNode): void {
    this.index(names, department);
    this.resolved.clear();
  }

  /** The department at a path of names, if any. */
  nodeOf(names: string[]): DepartmentNode | undefined {
    return this.byKey.get(keyOf(names));
  }
}
