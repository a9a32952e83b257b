import { type UserUpdateBody, userCreateBody, userUpdateBody } from '@heed/contract';
import {
  type CustomFieldValue,
  LOGIN_NAMESPACE,
  assertCanAssignRole,
  assertCanChangeSensitive,
  assertCanEdit,
  breaksLoginNamespace,
  sensitiveChanges,
  validateCustomFields,
} from '../users/index.ts';
import type { DepartmentIndex } from './department-index.ts';
import type { ChunkLookups, ExistingUser } from './import-lookups.repository.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import { type ImportSetup, type RowDraft, type RowError, columnFor } from './row-draft.ts';
import { chooseDepartment, chooseManager } from './row-references.ts';
import { ruleErrors } from './rule-errors.ts';

export interface ImportActor {
  id: number;
  role: number;
  site_admin: number;
}

/** What stays the same while the rows of an import are planned. */
export interface PlanContext {
  setup: ImportSetup;
  companyId: number;
  actor: ImportActor;
  /** The actor's departments (null: the whole company). */
  scope: number[] | null;
  departments: DepartmentIndex;
}

/** The user columns an import writes. */
export interface UserValues {
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  role: number;
  suspended: number;
  department_id: number | null;
  manager_id: number | null;
  phone: string | null;
  hired_at: string | null;
}
export const USER_VALUE_KEYS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'suspended',
  'department_id',
  'manager_id',
  'phone',
  'hired_at',
] as const satisfies readonly (keyof UserValues)[];

/** A department the row names that does not exist yet and will be created (names[missingFrom…] under parentId). */
export interface NewDepartment {
  parentId: number | null;
  names: string[];
  missingFrom: number;
}

interface Writing {
  row: number;
  values: UserValues;
  custom: CustomFieldValue[];
  newDepartment?: NewDepartment;
  /** The manager is a user created by an earlier row of the same chunk: linked once both exist. */
  managerLink?: string;
}

export type RowPlan =
  | ({ kind: 'create' } & Writing)
  | ({
      kind: 'update';
      user: ExistingUser;
      /** Custom values before the change, by field id (only the fields that change). */
      customBefore: Map<number, string | null>;
    } & Writing)
  | { kind: 'skip'; row: number; userId: number | null }
  | { kind: 'fail'; row: number; userId: number | null; errors: RowError[] }
  /** The manager is not (yet) a user: the row waits until the rest of the file is in. */
  | { kind: 'defer'; row: number; userId: number | null; draft: RowDraft; managerRef: string };

/**
 * Usernames and e-mails of rows planned as created: a later row may name them as its manager. A run
 * keeps those of the chunk (earlier chunks' users are in the database); a dry run those of the file.
 */
export interface CreatedInChunk {
  has(key: string): boolean;
  add(key: string): unknown;
}

/** The required fields of a new user, read from the contract's schema (not listed a second time). */
const REQUIRED_ON_CREATE = Object.entries(userCreateBody.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([key]) => key);

/** The users schema's verdict on the row's fields (create or update), as row errors. */
function parseBody(setup: ImportSetup, draft: RowDraft, creating: boolean) {
  const parsed = (creating ? userCreateBody : userUpdateBody).safeParse(draft.body);
  if (parsed.success) return { body: parsed.data as UserUpdateBody, errors: [] as RowError[] };
  const errors = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const value = draft.cells[field];
    const message =
      REQUIRED_ON_CREATE.includes(field) && draft.body[field] === undefined ? 'This field is required.' : issue.message;
    return { column: columnFor(setup, field), message, value: value === undefined || value === '' ? null : value };
  });
  return { body: {} as UserUpdateBody, errors };
}

function customErrors(setup: ImportSetup, draft: RowDraft, creating: boolean) {
  const { values, errors } = validateCustomFields(setup.customFields, draft.custom, creating);
  const rowErrors = Object.entries(errors).flatMap(([field, messages]) => {
    const key = field.slice('custom_fields.'.length);
    const value = draft.custom[key];
    return messages.map((message) => ({ column: columnFor(setup, field), message, value: value ?? null }));
  });
  return { values, errors: rowErrors };
}

function takenErrors(ctx: PlanContext, lookups: ChunkLookups, body: UserUpdateBody, self: ExistingUser | undefined) {
  const errors: RowError[] = [];
  const other = (user: ExistingUser | undefined) => user !== undefined && user.id !== self?.id;
  if (body.username !== undefined && other(lookups.byUsername.get(body.username)))
    errors.push({
      column: columnFor(ctx.setup, 'username'),
      message: ROW_MESSAGES.usernameTaken,
      value: body.username,
    });
  if (body.email && other(lookups.byEmail.get(body.email)))
    errors.push({ column: columnFor(ctx.setup, 'email'), message: ROW_MESSAGES.emailTaken, value: body.email });
  return errors;
}

/**
 * Decision 046 over the names a row gives a user (all of them for a new user): a row error where the
 * database would refuse the whole chunk. Names stored before the rule stay while a row keeps them.
 */
function namespaceErrors(setup: ImportSetup, body: UserUpdateBody, user: ExistingUser | undefined): RowError[] {
  const username = body.username ?? user?.username;
  const email = body.email !== undefined ? body.email : (user?.email ?? null);
  if (username === undefined || (user && username === user.username && email === user.email)) return [];
  if (!breaksLoginNamespace(username, email)) return [];
  return [{ column: columnFor(setup, 'username'), message: LOGIN_NAMESPACE, value: username }];
}

/** The base values with what the body gives (a field it leaves out keeps the base's value). */
function valuesOf(body: UserUpdateBody, base: UserValues): UserValues {
  return {
    username: body.username ?? base.username,
    email: body.email !== undefined ? body.email : base.email,
    first_name: body.first_name ?? base.first_name,
    last_name: body.last_name ?? base.last_name,
    role: body.role ?? base.role,
    suspended: body.suspended === undefined ? base.suspended : body.suspended ? 1 : 0,
    department_id: body.department_id !== undefined ? body.department_id : base.department_id,
    manager_id: body.manager_id !== undefined ? body.manager_id : base.manager_id,
    phone: body.phone !== undefined ? body.phone : base.phone,
    hired_at: body.hired_at !== undefined ? body.hired_at : base.hired_at,
  };
}

const fromExisting = (user: ExistingUser): UserValues => ({
  username: user.username,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  role: user.role,
  suspended: user.suspended,
  department_id: user.department_id,
  manager_id: user.manager_id,
  phone: user.phone,
  hired_at: user.hired_at,
});

/** The existing user of the company a row matches (by e-mail or username, as the options say). */
function matchOf(ctx: PlanContext, draft: RowDraft, lookups: ChunkLookups): ExistingUser | undefined {
  const key = ctx.setup.options.match_by === 'email' ? draft.email : draft.username;
  const found = key
    ? (ctx.setup.options.match_by === 'email' ? lookups.byEmail : lookups.byUsername).get(key)
    : undefined;
  return found?.company_id === ctx.companyId ? found : undefined;
}

/**
 * Decides what one row does, with the users module's rules: the contract's schema (create or
 * update), custom fields, role and scope rules; uniqueness, department and manager from the chunk's
 * lookups. Pure: nothing is written here.
 */
export function planRow(ctx: PlanContext, draft: RowDraft, lookups: ChunkLookups, created: CreatedInChunk): RowPlan {
  const { setup } = ctx;
  const user = matchOf(ctx, draft, lookups);
  const userId = user?.id ?? null;
  const fail = (errors: RowError[]): RowPlan => ({ kind: 'fail', row: draft.row, userId, errors });
  // A row that could not be read fails on that alone; otherwise every problem of the row is listed.
  if (draft.errors.some((error) => error.column === '')) return fail(draft.errors);
  if (!draft.username && !draft.email)
    return fail([...draft.errors, { column: '', message: ROW_MESSAGES.noIdentifier, value: null }]);
  if (user && !setup.options.update_existing)
    return draft.errors.length > 0 ? fail(draft.errors) : { kind: 'skip', row: draft.row, userId };
  const creating = user === undefined;

  const parsed = parseBody(setup, draft, creating);
  const body = parsed.body;
  const errors = [...draft.errors, ...parsed.errors];
  const custom = customErrors(setup, draft, creating);
  errors.push(...custom.errors);
  const department = chooseDepartment(ctx, draft, creating);
  errors.push(...department.errors);
  const manager = chooseManager(ctx, draft, lookups, created, user);
  errors.push(...manager.errors);
  errors.push(...takenErrors(ctx, lookups, body, user));
  if (parsed.errors.length === 0) errors.push(...namespaceErrors(setup, body, user));
  if (user) {
    // PUT /users/{id}'s rules: a peer's e-mail, username or role only from above (F4).
    const rules = () => {
      assertCanEdit(ctx.actor, user);
      assertCanChangeSensitive(ctx.actor, user, sensitiveChanges(body, user));
    };
    errors.push(...ruleErrors(setup, rules));
    if (ctx.scope !== null && !ctx.scope.includes(user.department_id ?? -1))
      errors.push({ column: '', message: ROW_MESSAGES.userOutOfScope, value: null });
    if (body.suspended === true && user.id === ctx.actor.id)
      errors.push({
        column: columnFor(setup, 'suspended'),
        message: 'You cannot deactivate your own account.',
        value: null,
      });
  }
  if (body.role !== undefined) errors.push(...ruleErrors(setup, () => assertCanAssignRole(ctx.actor, body.role!)));
  if (errors.length > 0) return fail(errors);
  if (manager.deferRef) return { kind: 'defer', row: draft.row, userId, draft, managerRef: manager.deferRef };

  const values = valuesOf(body, user ? fromExisting(user) : EMPTY_VALUES);
  if (department.id !== undefined) values.department_id = department.id;
  if (manager.id !== undefined) values.manager_id = manager.id;
  const writing = {
    row: draft.row,
    values,
    custom: custom.values,
    ...(department.created ? { newDepartment: department.created } : {}),
    ...(manager.link ? { managerLink: manager.link } : {}),
  };
  if (!user) {
    for (const key of [values.username, values.email]) if (key) created.add(key);
    return { kind: 'create', ...writing };
  }
  return updatePlan(user, writing, lookups.customValues.get(user.id));
}

const EMPTY_VALUES: UserValues = {
  username: '',
  email: null,
  first_name: '',
  last_name: '',
  role: 0,
  suspended: 0,
  department_id: null,
  manager_id: null,
  phone: null,
  hired_at: null,
};

/** An update keeps only what changes; a row that changes nothing is skipped. */
function updatePlan(user: ExistingUser, writing: Writing, stored: Map<number, string | null> | undefined): RowPlan {
  const customBefore = new Map<number, string | null>();
  const custom = writing.custom.filter((value) => {
    const before = stored?.get(value.fieldId) ?? null;
    if (before === value.value) return false;
    customBefore.set(value.fieldId, before);
    return true;
  });
  const current = fromExisting(user);
  const changed = USER_VALUE_KEYS.some((key) => current[key] !== writing.values[key]);
  if (!changed && custom.length === 0 && !writing.newDepartment && !writing.managerLink)
    return { kind: 'skip', row: writing.row, userId: user.id };
  return { kind: 'update', user, customBefore, ...writing, custom };
}
