import { userCreateBody } from '@heed/contract';
import { scimError } from './scim-errors.ts';
import { get, isObject } from './scim-patch.ts';
import { SCHEMA } from './scim-resources.ts';

/** A SCIM User as Heed stores it (decision 073's mapping). */
export interface UserState {
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  hiredAt: string | null;
  active: boolean;
  externalId: string | null;
  /** A department's name (found, or made at the root); null: none; undefined: left as it is. */
  department: string | null | undefined;
  /** A user id of the company; null: none; undefined: left as it is. */
  managerId: number | null | undefined;
  /** Custom field values by key, as sent. */
  custom: Record<string, string | number | boolean | null>;
}

const SCIM_NAMES: Record<string, string> = {
  username: 'userName',
  email: 'emails',
  first_name: 'name.givenName',
  last_name: 'name.familyName',
  phone: 'phoneNumbers',
  hired_at: `${SCHEMA.heed}:hiredAt`,
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Entra sends booleans as "True"/"False" in PATCH values. */
function bool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (value === undefined || value === null) return fallback;
  throw scimError(400, 'invalidValue', 'active is true or false.');
}

/** The item of a multi-valued attribute we keep: the primary one, else the work one, else the first. */
function pick(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const items = value.filter(isObject);
  const chosen =
    items.find((i) => bool(get(i, 'primary'), false)) ??
    items.find((i) => String(get(i, 'type') ?? '').toLowerCase() === 'work') ??
    items[0];
  return chosen ? (text(get(chosen, 'value')) ?? null) : null;
}

function extension(resource: Record<string, unknown>, urn: string): Record<string, unknown> {
  const value = get(resource, urn);
  return isObject(value) ? value : {};
}

function managerOf(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  const raw = isObject(value) ? get(value, 'value') : value;
  if (raw === null || raw === undefined || raw === '') return null;
  const id = text(raw);
  if (!id || !/^\d{1,10}$/.test(id)) throw scimError(400, 'invalidValue', 'manager.value is the id of a user.');
  return Number(id);
}

/**
 * Reads and checks a SCIM User body (POST, PUT, or a PATCH's result); a 400 invalidValue names each
 * problem. `absentClears`: a department or manager left out is removed (a PATCH's result).
 */
export function readUser(resource: unknown, options: { absentClears?: boolean } = {}): UserState {
  if (!isObject(resource)) throw scimError(400, 'invalidSyntax', 'The body is a SCIM User object.');
  const userName = text(get(resource, 'userName'));
  if (!userName?.trim()) throw scimError(400, 'invalidValue', 'userName is required.');
  const name = isObject(get(resource, 'name')) ? (get(resource, 'name') as Record<string, unknown>) : {};
  const displayName = text(get(resource, 'displayName'))?.trim() ?? '';
  const [firstFromDisplay, ...restFromDisplay] = displayName.split(/\s+/);
  const local = userName.split('@')[0] ?? userName;
  const enterprise = extension(resource, SCHEMA.enterprise);
  const heed = extension(resource, SCHEMA.heed);
  const fields = {
    username: userName,
    email: pick(get(resource, 'emails')) ?? (userName.includes('@') ? userName : null),
    first_name: text(get(name, 'givenName'))?.trim() || firstFromDisplay || local,
    last_name: text(get(name, 'familyName'))?.trim() || restFromDisplay.join(' ') || '-',
    phone: pick(get(resource, 'phoneNumbers')),
    hired_at: text(get(heed, 'hiredAt')) ?? null,
  };
  const parsed = userCreateBody.safeParse(fields);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${SCIM_NAMES[String(issue.path[0])] ?? issue.path.join('.')}: ${issue.message}`,
    );
    throw scimError(400, 'invalidValue', problems.join(' '));
  }
  const body = parsed.data;
  const department = get(enterprise, 'department');
  const manager = managerOf(get(enterprise, 'manager'));
  const custom: UserState['custom'] = {};
  for (const [key, value] of Object.entries(heed)) {
    if (key.toLowerCase() === 'hiredat') continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      custom[key] = value;
    }
  }
  return {
    username: body.username,
    email: body.email ?? null,
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone ?? null,
    hiredAt: body.hired_at ?? null,
    active: bool(get(resource, 'active'), true),
    externalId: text(get(resource, 'externalId')) ?? null,
    // A PUT that leaves them out keeps them (IdPs often do not map them); a PATCH's result lacks them only when removed.
    department: department === undefined ? (options.absentClears ? null : undefined) : text(department)?.trim() || null,
    managerId: manager === undefined ? (options.absentClears ? null : undefined) : manager,
    custom,
  };
}
