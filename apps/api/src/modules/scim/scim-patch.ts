import { scimError } from './scim-errors.ts';
import { type Filter, parseFilter } from './scim-filter.ts';
import { SCHEMA } from './scim-resources.ts';

/**
 * PATCH (RFC 7644 §3.5.2) in the dialects Entra ID and Okta send: ops in any case (`Replace`), a path
 * or a value object of attributes (dotted or URN-prefixed keys), value filters on multi-valued
 * attributes (`emails[type eq "work"].value`). Applied to the resource as JSON; the service then
 * stores the result as a PUT would (decision 073).
 */
export type PatchOp = { op: 'add' | 'replace' | 'remove'; path: string | null; value: unknown };

type Json = Record<string, unknown>;

export function readPatchBody(body: unknown): PatchOp[] {
  const ops = isObject(body) ? get(body, 'Operations') : undefined;
  if (!isObject(body) || !Array.isArray(ops) || ops.length === 0) {
    throw scimError(400, 'invalidSyntax', 'A PATCH body holds Operations: a list of add, replace or remove.');
  }
  const schemas = get(body, 'schemas');
  if (Array.isArray(schemas) && !schemas.includes(SCHEMA.patch)) {
    throw scimError(400, 'invalidSyntax', `A PATCH body's schemas must be ["${SCHEMA.patch}"].`);
  }
  if (ops.length > 1000) throw scimError(400, 'tooMany', 'At most 1,000 operations per PATCH.');
  return ops.map((raw) => {
    if (!isObject(raw)) throw scimError(400, 'invalidSyntax', 'Each operation is an object.');
    const op = String(get(raw, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw scimError(400, 'invalidSyntax', `"${String(get(raw, 'op'))}" is not add, replace or remove.`);
    }
    const path = get(raw, 'path');
    if (path !== undefined && typeof path !== 'string') throw scimError(400, 'invalidPath', 'A path is text.');
    if (op === 'remove' && !path && get(raw, 'value') === undefined) {
      throw scimError(400, 'noTarget', 'A remove operation names its path.');
    }
    return { op, path: path || null, value: get(raw, 'value') };
  });
}

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An attribute by name, any case (SCIM names are case-insensitive). */
export function get(object: Json, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}

function keyOf(object: Json, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(object).find((key) => key.toLowerCase() === lower) ?? name;
}

interface Target {
  /** The object holding the attribute: the resource, or an extension's object. */
  container: string | null;
  attribute: string;
  filter: Filter | null;
  sub: string | null;
}

const EXTENSIONS = [SCHEMA.enterprise, SCHEMA.heed];

/** `urn:…:enterprise:2.0:User:manager.value`, `emails[type eq "work"].value`, `name.givenName`. */
function parsePath(path: string): Target {
  let rest = path.trim();
  let container: string | null = null;
  for (const urn of EXTENSIONS) {
    if (rest.toLowerCase().startsWith(`${urn.toLowerCase()}:`)) {
      container = urn;
      rest = rest.slice(urn.length + 1);
    }
  }
  if (rest.toLowerCase().startsWith(`${SCHEMA.user.toLowerCase()}:`)) rest = rest.slice(SCHEMA.user.length + 1);
  if (rest.toLowerCase().startsWith(`${SCHEMA.group.toLowerCase()}:`)) rest = rest.slice(SCHEMA.group.length + 1);
  const bracket = rest.indexOf('[');
  let filter: Filter | null = null;
  let head = rest;
  let sub: string | null = null;
  if (bracket >= 0) {
    const close = rest.lastIndexOf(']');
    if (close < bracket) throw scimError(400, 'invalidPath', `"${path}" is not a path.`);
    head = rest.slice(0, bracket);
    filter = parseFilter(rest.slice(bracket + 1, close));
    const after = rest.slice(close + 1);
    if (after) {
      if (!after.startsWith('.')) throw scimError(400, 'invalidPath', `"${path}" is not a path.`);
      sub = after.slice(1);
    }
  } else if (rest.includes('.')) {
    [head, sub] = [rest.slice(0, rest.indexOf('.')), rest.slice(rest.indexOf('.') + 1)];
  }
  if (!/^[a-z$][\w$-]*$/i.test(head) || (sub !== null && !/^[a-z$][\w$-]*$/i.test(sub))) {
    throw scimError(400, 'invalidPath', `"${path}" is not a path.`);
  }
  return { container, attribute: head, filter, sub };
}

/** Whether an item of a multi-valued attribute matches a value filter (eq, ne, co, sw, ew, pr, and, or, not). */
function matches(item: unknown, filter: Filter): boolean {
  if (!isObject(item)) return false;
  switch (filter.kind) {
    case 'and':
      return matches(item, filter.left) && matches(item, filter.right);
    case 'or':
      return matches(item, filter.left) || matches(item, filter.right);
    case 'not':
      return !matches(item, filter.filter);
    case 'present':
      return get(item, filter.path) !== undefined && get(item, filter.path) !== null;
    case 'valuePath':
      return false;
    case 'compare': {
      const actual = get(item, filter.path);
      const a = typeof actual === 'string' ? actual.toLowerCase() : actual;
      const b = typeof filter.value === 'string' ? filter.value.toLowerCase() : filter.value;
      if (filter.op === 'eq') return a === b;
      if (filter.op === 'ne') return a !== b;
      if (typeof a !== 'string' || typeof b !== 'string') return false;
      if (filter.op === 'co') return a.includes(b);
      if (filter.op === 'sw') return a.startsWith(b);
      if (filter.op === 'ew') return a.endsWith(b);
      return false;
    }
  }
}

/** The `eq` values of a filter, as a new item would carry them (`type eq "work"` → {type: "work"}). */
function seedOf(filter: Filter): Json {
  if (filter.kind === 'compare' && filter.op === 'eq') return { [filter.path]: filter.value };
  if (filter.kind === 'and') return { ...seedOf(filter.left), ...seedOf(filter.right) };
  return {};
}

function containerOf(resource: Json, name: string | null, create: boolean): Json | undefined {
  if (name === null) return resource;
  const existing = get(resource, name);
  if (isObject(existing)) return existing;
  if (!create) return undefined;
  const made: Json = {};
  resource[keyOf(resource, name)] = made;
  return made;
}

/** Applies one operation with a path. */
function applyAtPath(resource: Json, op: PatchOp, path: string) {
  const target = parsePath(path);
  const writing = op.op !== 'remove';
  const container = containerOf(resource, target.container, writing);
  if (!container) return;
  const key = keyOf(container, target.attribute);
  const current = container[key];
  if (target.filter) {
    const items = Array.isArray(current) ? [...current] : [];
    const hits = items.filter((item) => matches(item, target.filter!));
    if (!writing) {
      if (target.sub === null) container[key] = items.filter((item) => !hits.includes(item));
      else for (const item of hits) delete (item as Json)[keyOf(item as Json, target.sub)];
      return;
    }
    if (hits.length === 0) {
      const made = { ...seedOf(target.filter) };
      items.push(made);
      hits.push(made);
    }
    for (const item of hits) {
      const object = item as Json;
      if (target.sub === null) Object.assign(object, isObject(op.value) ? op.value : { value: op.value });
      else object[keyOf(object, target.sub)] = op.value;
    }
    container[key] = items;
    return;
  }
  if (target.sub !== null) {
    if (!writing) {
      if (isObject(current)) delete current[keyOf(current, target.sub)];
      return;
    }
    const object = isObject(current) ? current : {};
    object[keyOf(object, target.sub)] = op.value;
    container[key] = object;
    return;
  }
  if (!writing) {
    if (Array.isArray(current) && Array.isArray(op.value)) {
      // Entra removes members by listing them as the value.
      const gone = new Set(op.value.map((v) => (isObject(v) ? String(get(v, 'value')) : String(v))));
      container[key] = current.filter((item) => !(isObject(item) && gone.has(String(get(item, 'value')))));
    } else delete container[key];
    return;
  }
  container[key] = merged(current, op.value, op.op);
}

/** add merges into complex and multi-valued attributes; replace overwrites (complex values merge by sub-attribute). */
function merged(current: unknown, value: unknown, op: 'add' | 'replace' | 'remove'): unknown {
  if (Array.isArray(value)) {
    if (op === 'add' && Array.isArray(current)) {
      // One of each type is kept (we hold one e-mail, one phone): a new item replaces an old one of its type.
      const types = new Set(value.map((v) => (isObject(v) ? String(get(v, 'type') ?? '') : '')));
      return [...current.filter((c) => !(isObject(c) && types.has(String(get(c, 'type') ?? '')))), ...value];
    }
    return value;
  }
  if (isObject(value) && isObject(current)) return { ...current, ...value };
  return value;
}

/** Applies the operations to a copy of the resource and returns it. */
export function applyPatch(resource: Json, ops: PatchOp[]): Json {
  const copy = structuredClone(resource);
  for (const op of ops) {
    if (op.path) {
      applyAtPath(copy, op, op.path);
      continue;
    }
    if (!isObject(op.value)) throw scimError(400, 'invalidValue', 'An operation without a path has an object value.');
    for (const [name, value] of Object.entries(op.value)) {
      const isExtension = EXTENSIONS.some((urn) => urn.toLowerCase() === name.toLowerCase());
      if (isExtension && isObject(value)) {
        const container = containerOf(copy, name, true)!;
        for (const [sub, subValue] of Object.entries(value)) applyAtPath(container, { ...op, value: subValue }, sub);
        continue;
      }
      applyAtPath(copy, { ...op, value }, name);
    }
  }
  return copy;
}
