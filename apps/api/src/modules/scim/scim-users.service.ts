import { ROLE } from '@heed/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { groupedWriteTransaction } from '../../db/dialect/index.ts';
import type { Database, UsersTable } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { destroyUserSessions } from '../../platform/session.repository.ts';
import { queueNotification } from '../notifications/index.ts';
import { breaksLoginNamespace, validateCustomFields } from '../users/index.ts';
import { runAssignmentRules } from './rules-hook.ts';
import { ScimError, scimError, scimNotFound } from './scim-errors.ts';
import { type Filter, parseFilter } from './scim-filter.ts';
import { findDepartmentByName, insertRootDepartment } from './scim-groups.repository.ts';
import { type UserState, readUser } from './scim-input.ts';
import { applyPatch, readPatchBody } from './scim-patch.ts';
import { type ScimResource, auditedUser, toScimUser } from './scim-resources.ts';
import {
  type ScimUserRow,
  findCompanyCustomFields,
  findCustomValues,
  findNameHolder,
  findScimUser,
  insertScimUser,
  isCompanyUser,
  listScimUsers,
  markDeleted,
  unmarkDeleted,
  updateScimUser,
  writeCustomValues,
} from './scim-users.repository.ts';

/**
 * Who is calling: the company and token a bearer token stands for (never a header), for audit and the log.
 * Every write runs in `write(db, ctx, …)`: its own transaction, whose commit a sync's concurrent calls share.
 */
export interface ScimContext {
  companyId: number;
  /** The database's dialect: SCIM's writes share commits on SQLite (`groupedWriteTransaction`). */
  dialect: Dialect;
  tokenId: number;
  ip: string;
  now: () => Date;
  baseUrl: string;
}

export const write = <T>(db: Kysely<Database>, ctx: ScimContext, work: (trx: Kysely<Database>) => Promise<T>) =>
  groupedWriteTransaction(db, ctx.dialect, work);

export const auditCtx = (ctx: ScimContext) => ({
  actorId: null,
  impersonatorId: null,
  companyId: ctx.companyId,
  ip: ctx.ip,
  now: ctx.now,
});

export interface ListParams {
  filter?: string;
  startIndex?: string;
  count?: string;
}

/** startIndex is 1-based (below 1 counts as 1); count is capped at MAX_RESULTS; 0 asks only for the total. */
export const MAX_RESULTS = 200;
export function pageOf(params: ListParams) {
  const start = Math.max(1, Number.parseInt(params.startIndex ?? '1', 10) || 1);
  const parsed = Number.parseInt(params.count ?? String(MAX_RESULTS), 10);
  const count = Math.min(MAX_RESULTS, Math.max(0, Number.isNaN(parsed) ? MAX_RESULTS : parsed));
  return { start, offset: start - 1, limit: count };
}

export async function userResource(db: Kysely<Database>, ctx: ScimContext, row: ScimUserRow): Promise<ScimResource> {
  const custom = await findCustomValues(db, [row.id]);
  return toScimUser(row, custom.get(row.id), ctx.baseUrl);
}

async function loadUser(db: Kysely<Database>, ctx: ScimContext, id: string) {
  const row = /^\d{1,10}$/.test(id) ? await findScimUser(db, ctx.companyId, Number(id)) : undefined;
  if (!row) throw scimNotFound('User', id);
  return row;
}

/** If-Match (RFC 7644 §3.14): a version other than the resource's is a 412; `*` matches any. */
export function checkVersion(resource: ScimResource, ifMatch: string | undefined) {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const wanted = ifMatch.split(',').map((v) => v.trim());
  if (!wanted.includes(resource.meta.version)) {
    throw scimError(412, undefined, 'The resource changed since that version (If-Match).');
  }
}

export async function getUser(db: Kysely<Database>, ctx: ScimContext, id: string) {
  return userResource(db, ctx, await loadUser(db, ctx, id));
}

export async function listUsers(db: Kysely<Database>, ctx: ScimContext, params: ListParams) {
  const filter: Filter | null = params.filter ? parseFilter(params.filter) : null;
  const page = pageOf(params);
  const { rows, total } = await listScimUsers(db, ctx.companyId, filter, page);
  const custom = await findCustomValues(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    start: page.start,
    resources: rows.map((row) => toScimUser(row, custom.get(row.id), ctx.baseUrl)),
  };
}

/** Refusals the database check can make before a write: names held elsewhere, the sign-in name rule, custom fields, manager. */
async function checkState(
  db: Kysely<Database>,
  ctx: ScimContext,
  state: UserState,
  userId: number | null,
  /** The userName's holder when the caller has looked it up already (null: nobody holds it). */
  usernameHolder?: { id: number } | null,
) {
  if (breaksLoginNamespace(state.username, state.email)) {
    throw scimError(400, 'invalidValue', "A userName with @ must be the user's work e-mail address (emails).");
  }
  for (const column of ['username', 'email'] as const) {
    const value = column === 'username' ? state.username : state.email;
    if (value === null) continue;
    const holder =
      column === 'username' && usernameHolder !== undefined ? usernameHolder : await findNameHolder(db, column, value);
    if (holder && holder.id !== userId) {
      throw scimError(409, 'uniqueness', `${column === 'username' ? 'userName' : 'emails'} "${value}" is taken.`);
    }
  }
  if (
    state.managerId != null &&
    (state.managerId === userId || !(await isCompanyUser(db, ctx.companyId, state.managerId)))
  ) {
    throw scimError(400, 'invalidValue', 'manager.value is the id of another user of this company.');
  }
  const fields = await findCompanyCustomFields(db, ctx.companyId);
  // The IdP sends what it holds: a required field it does not know is not demanded (decision 073).
  const custom = validateCustomFields(fields, state.custom, false);
  const problems = Object.entries(custom.errors).map(
    ([key, messages]) => `${key.replace('custom_fields.', '')}: ${messages.join(' ')}`,
  );
  if (problems.length > 0) throw scimError(400, 'invalidValue', problems.join(' '));
  return custom.values;
}

async function departmentIdFor(trx: Kysely<Database>, ctx: ScimContext, name: string | null | undefined) {
  if (name === undefined || name === null) return name;
  const found = await findDepartmentByName(trx, ctx.companyId, name);
  if (found) return found.id;
  const id = await insertRootDepartment(trx, ctx.companyId, name.slice(0, 255), iso(ctx.now()));
  await audit(trx, auditCtx(ctx), {
    action: 'scim.group.create',
    entityType: 'department',
    entityId: id,
    after: { name },
  });
  return id;
}

class Unchanged extends Error {
  constructor(readonly resource: ScimResource) {
    super('unchanged');
  }
}

const unchangedOr = (error: unknown) => {
  if (error instanceof Unchanged) return error.resource;
  return uniqueRace(error);
};

/** A unique index that beat the checks (two calls at once) answers as the check does. */
function uniqueRace(error: unknown): never {
  const text = error instanceof Error ? `${error.message} ${(error as { constraint?: string }).constraint ?? ''}` : '';
  if (/UNIQUE constraint failed|duplicate key value/i.test(text))
    throw scimError(409, 'uniqueness', 'userName or emails is taken.');
  throw error;
}

/** The user's own fields as the IdP sends them: what a create writes and an update replaces. */
const profileOf = (state: UserState) => ({
  username: state.username,
  email: state.email,
  first_name: state.firstName,
  last_name: state.lastName,
  phone: state.phone,
  hired_at: state.hiredAt,
  suspended: state.active ? 0 : 1,
  external_id: state.externalId,
});

function columnsOf(state: UserState, now: string): Updateable<UsersTable> {
  return {
    ...profileOf(state),
    ...(state.managerId !== undefined ? { manager_id: state.managerId } : {}),
    updated_at: now,
  };
}

/**
 * POST /Users: a Student of the token's company; a name the IdP deleted earlier brings that user back.
 * The checks run in the write's transaction, so a sync's calls queue as whole units and share commits.
 */
export async function createUser(db: Kysely<Database>, ctx: ScimContext, body: unknown) {
  const state = readUser(body);
  return write(db, ctx, async (trx) => {
    const holder = await findNameHolder(trx, 'username', state.username);
    if (holder?.deleted && holder.company_id === ctx.companyId) return restoreUser(trx, ctx, holder.id, state);
    const customValues = await checkState(trx, ctx, state, null, holder ?? null);
    const now = iso(ctx.now());
    const departmentId = await departmentIdFor(trx, ctx, state.department);
    const id = await insertScimUser(trx, {
      company_id: ctx.companyId,
      role: ROLE.Student,
      site_admin: 0,
      password_hash: null,
      department_id: departmentId ?? null,
      manager_id: state.managerId ?? null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
      ...profileOf(state),
    });
    await writeCustomValues(trx, ctx.companyId, id, customValues);
    const after = await userResource(trx, ctx, (await findScimUser(trx, ctx.companyId, id))!);
    await audit(trx, auditCtx(ctx), {
      action: 'scim.user.create',
      entityType: 'user',
      entityId: id,
      after: auditedUser(after),
    });
    await queueNotification(trx, { companyId: ctx.companyId, type: 'user_registration', userId: id, now: ctx.now() });
    await runAssignmentRules(trx, ctx.companyId, [id]);
    return after;
  }).catch(uniqueRace);
}

async function restoreUser(trx: Kysely<Database>, ctx: ScimContext, id: number, state: UserState) {
  const customValues = await checkState(trx, ctx, state, id);
  await unmarkDeleted(trx, id);
  const row = (await findScimUser(trx, ctx.companyId, id))!;
  return writeState(trx, ctx, row, state, customValues, 'scim.user.restore');
}

async function writeState(
  trx: Kysely<Database>,
  ctx: ScimContext,
  row: ScimUserRow,
  state: UserState,
  customValues: { fieldId: number; value: string | null }[],
  action: string,
) {
  const before = await userResource(trx, ctx, row);
  const now = iso(ctx.now());
  const departmentId = await departmentIdFor(trx, ctx, state.department);
  await updateScimUser(trx, row.id, {
    ...columnsOf(state, now),
    ...(departmentId !== undefined ? { department_id: departmentId } : {}),
  });
  await writeCustomValues(trx, ctx.companyId, row.id, customValues);
  const after = await userResource(trx, ctx, (await findScimUser(trx, ctx.companyId, row.id))!);
  // Nothing a client sees changed: the transaction rolls back (no new lastModified), no audit entry.
  if (action !== 'scim.user.restore' && after.meta.version === before.meta.version) throw new Unchanged(before);
  // Deactivation ends every session of the user at once.
  if (!state.active && row.suspended === 0) await destroyUserSessions(trx, row.id, {});
  await audit(trx, auditCtx(ctx), {
    action,
    entityType: 'user',
    entityId: row.id,
    before: auditedUser(before),
    after: auditedUser(after),
  });
  await runAssignmentRules(trx, ctx.companyId, [row.id]);
  return after;
}

async function change(
  db: Kysely<Database>,
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  next: (current: ScimResource) => UserState,
) {
  return write(db, ctx, async (trx) => {
    const row = await loadUser(trx, ctx, id);
    const current = await userResource(trx, ctx, row);
    checkVersion(current, ifMatch);
    const state = next(current);
    const customValues = await checkState(trx, ctx, state, row.id);
    return writeState(trx, ctx, row, state, customValues, 'scim.user.update');
  }).catch(unchangedOr);
}

/** PUT /Users/{id}: the body replaces the user (department and manager only when sent). */
export const replaceUser = (
  db: Kysely<Database>,
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
) => change(db, ctx, id, ifMatch, () => readUser(body));

/** PATCH /Users/{id}: the operations applied to the user as SCIM shows it, then stored as a PUT. */
export function patchUser(
  db: Kysely<Database>,
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
) {
  const ops = readPatchBody(body);
  return change(db, ctx, id, ifMatch, (current) => {
    const patched = applyPatch(current, ops);
    if (String(patched.id) !== current.id) throw scimError(400, 'mutability', 'id cannot change.');
    return readUser(patched, { absentClears: true });
  });
}

/**
 * DELETE /Users/{id}: Heed keeps training records, so the user is deactivated (sessions ended) and
 * no longer seen through SCIM; provisioning the same userName again brings them back.
 */
export async function deleteUser(db: Kysely<Database>, ctx: ScimContext, id: string, ifMatch: string | undefined) {
  await write(db, ctx, async (trx) => {
    const row = await loadUser(trx, ctx, id);
    const before = await userResource(trx, ctx, row);
    checkVersion(before, ifMatch);
    const now = iso(ctx.now());
    await updateScimUser(trx, row.id, { suspended: 1, updated_at: now });
    await markDeleted(trx, ctx.companyId, row.id, now);
    await destroyUserSessions(trx, row.id, {});
    await audit(trx, auditCtx(ctx), {
      action: 'scim.user.delete',
      entityType: 'user',
      entityId: row.id,
      before: auditedUser(before),
    });
  });
}

export { ScimError };
