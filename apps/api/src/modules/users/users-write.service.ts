import type { User, UserCreateBody, UserUpdateBody } from '@heed/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/types.ts';
import { usersChanged } from '../../platform/user-changes.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, invalid, invalidField, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { departmentScope } from '../../platform/scope.ts';
import { destroyUserSessions } from '../../platform/session.repository.ts';
import { queueNotification } from '../notifications/index.ts';
import type { CustomFieldValue } from './custom-field-values.ts';
import { findCustomFields, loadUserRelations } from './users-relations.repository.ts';
import { assertMayProbeLogins, countTakenAnswer, hasTakenAnswer, takenRefusal } from './taken-answers.ts';
import {
  assertCanAssignRole,
  assertCanChangeSensitive,
  assertCanEdit,
  assertDepartmentInScope,
  forOwnRecord,
  sensitiveChanges,
} from './users-rules.ts';
import {
  LOGIN_NAMESPACE,
  loginNamespaceViolation,
  uniqueViolationField,
  validateUserInput,
} from './users-validation.ts';
import { insertUser, updateUserRow, writeCustomValues } from './users-write.repository.ts';
import { toUser } from './users.mapper.ts';
import { type UserListRow, findUserRow } from './users.repository.ts';
import type { UsersDeps } from './users.service.ts';

/** Columns a body may set, copied by name: nothing else in a body ever reaches the row. */
const WRITABLE = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'department_id',
  'manager_id',
  'phone',
  'hired_at',
] as const;

async function snapshot(db: Kysely<Database>, deps: UsersDeps, companyId: number, id: number): Promise<User> {
  const row = await findUserRow(db, deps.dialect, { companyId, scope: null }, id);
  if (!row) throw notFound();
  return toUser(row, await loadUserRelations(db, [row]));
}

/** A new user, or a username or e-mail other than the user's own: a write that asks whether a name is held. */
const namesLogin = (body: UserUpdateBody, target: UserListRow | null) =>
  target === null || sensitiveChanges(body, target).some((field) => field === 'email' || field === 'username');

/**
 * Validation that needs the database, then a 422 listing every problem. "Cannot be used" answers
 * are counted per person and throttled (F9), so the namespace cannot be walked a name at a time.
 */
async function validate(deps: UsersDeps, ctx: AuthedContext, body: UserUpdateBody, target: UserListRow | null) {
  const userId = target?.id ?? null;
  if (namesLogin(body, target)) await assertMayProbeLogins(deps.db, ctx);
  const fields = body.custom_fields || userId === null ? await findCustomFields(deps.db, ctx.companyId) : [];
  const { customValues, errors } = await validateUserInput(deps.db, body, { companyId: ctx.companyId, userId, fields });
  if (hasTakenAnswer(errors)) await countTakenAnswer(deps.db, ctx);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return customValues;
}

/** Runs a write; a unique index that beat the checks answers like the checks do. */
async function writing<T>(deps: UsersDeps, ctx: AuthedContext, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field !== null) throw await takenRefusal(deps.db, ctx, field);
    if (loginNamespaceViolation(error)) throw invalidField('username', LOGIN_NAMESPACE);
    throw error;
  }
}

const passwordNote = (hash: string | null) => (hash ? { password: 'changed' } : {});

/**
 * POST /users/check: what POST /users would refuse in these fields, without writing. Only the fields
 * given are checked (required custom fields need not be), so a form can show the server's complaints
 * beside its own.
 */
export async function checkNewUser(deps: UsersDeps, ctx: AuthedContext, body: UserUpdateBody): Promise<void> {
  if (body.role !== undefined) assertCanAssignRole(ctx.user, body.role);
  const errors = {
    ...(await refusedFields(() => validate(deps, ctx, body, null))),
    // A department is checked when one is given (a Department Manager must give one of theirs).
    ...(body.department_id === undefined
      ? {}
      : await refusedFields(async () =>
          assertDepartmentInScope(await departmentScope(deps.db, ctx), body.department_id),
        )),
  };
  // A new user's required custom fields are checked only when given: the form asks about what it has.
  const given = body.custom_fields ?? {};
  for (const key of Object.keys(errors)) {
    if (key.startsWith(CUSTOM_FIELD_PATH) && !(key.slice(CUSTOM_FIELD_PATH.length) in given)) delete errors[key];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const CUSTOM_FIELD_PATH = 'custom_fields.';

/** The field messages a check refuses with (a 422, or a 403 naming fields); none when it passes. */
async function refusedFields(check: () => Promise<unknown>): Promise<FieldErrors> {
  try {
    await check();
    return {};
  } catch (error) {
    if (error instanceof AppError && (error.status === 422 || error.status === 403) && error.details)
      return error.details;
    throw error;
  }
}

/** POST /users: a user of the company the request acts on, in the caller's scope and below their rank. */
export async function createUser(deps: UsersDeps, ctx: AuthedContext, body: UserCreateBody): Promise<User> {
  assertCanAssignRole(ctx.user, body.role);
  const scope = await departmentScope(deps.db, ctx);
  const customValues = await validate(deps, ctx, body, null);
  assertDepartmentInScope(scope, body.department_id);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const now = iso(ctx.now());
  return writing(
    deps,
    ctx,
    deps.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        company_id: ctx.companyId,
        username: body.username,
        email: body.email ?? null,
        first_name: body.first_name,
        last_name: body.last_name,
        password_hash: passwordHash,
        role: body.role,
        site_admin: 0,
        suspended: body.suspended ? 1 : 0,
        department_id: body.department_id ?? null,
        manager_id: body.manager_id ?? null,
        phone: body.phone ?? null,
        hired_at: body.hired_at ?? null,
        external_id: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      });
      await writeCustomValues(trx, ctx.companyId, id, customValues);
      await usersChanged(trx, ctx.companyId, [id], ctx); // assignment rules (decision 066)
      await queueNotification(trx, { companyId: ctx.companyId, type: 'user_registration', userId: id, now: ctx.now() });
      const after = await snapshot(trx, deps, ctx.companyId, id);
      await audit(trx, ctx, {
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        after: { ...after, ...passwordNote(passwordHash) },
      });
      return after;
    }),
  );
}

function changesOf(body: UserUpdateBody, passwordHash: string | null, now: string): Updateable<UsersTable> {
  const changes: Updateable<UsersTable> = { updated_at: now };
  for (const key of WRITABLE) if (body[key] !== undefined) Object.assign(changes, { [key]: body[key] });
  if (body.suspended !== undefined) changes.suspended = body.suspended ? 1 : 0;
  if (passwordHash) changes.password_hash = passwordHash;
  return changes;
}

/**
 * Whether the update ends the user's sessions (impersonations they started included): deactivation,
 * a new role (F5) and a new password (F7, as a reset does) do. Someone changing their own account
 * keeps the session they do it in.
 */
function endsSessions(ctx: AuthedContext, target: UserListRow, body: UserUpdateBody): { except?: string } | null {
  const roleChanged = body.role !== undefined && body.role !== target.role;
  if (body.suspended !== true && !roleChanged && !body.password) return null;
  return target.id === ctx.user.id ? { except: ctx.session.id_hash } : {};
}

/**
 * PUT /users/{id}: only users in the caller's scope (others answer 404), never one ranked above the
 * caller, and another's password, e-mail, username or role only when ranked above them. Ending
 * sessions ({@link endsSessions}) happens in the same transaction as the change.
 */
export async function updateUser(
  deps: UsersDeps,
  requestCtx: AuthedContext,
  id: number,
  body: UserUpdateBody,
): Promise<User> {
  const ctx = forOwnRecord(requestCtx, id);
  const scope = await departmentScope(deps.db, ctx);
  const target = await findUserRow(deps.db, deps.dialect, { companyId: ctx.companyId, scope }, id);
  if (!target) throw notFound();
  assertCanEdit(ctx.user, target);
  assertCanChangeSensitive(ctx.user, target, sensitiveChanges(body, target));
  if (body.role !== undefined) assertCanAssignRole(ctx.user, body.role);
  if (body.suspended === true && id === ctx.user.id)
    throw invalidField('suspended', 'You cannot deactivate your own account.');
  const customValues: CustomFieldValue[] = await validate(deps, ctx, body, target);
  if (body.department_id !== undefined) assertDepartmentInScope(scope, body.department_id);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const changes = changesOf(body, passwordHash, iso(ctx.now()));
  const ending = endsSessions(ctx, target, body);
  return writing(
    deps,
    ctx,
    deps.db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, deps, ctx.companyId, id);
      await updateUserRow(trx, id, changes);
      await writeCustomValues(trx, ctx.companyId, id, customValues);
      if (ending) await destroyUserSessions(trx, id, ending);
      await usersChanged(trx, ctx.companyId, [id], ctx); // assignment rules (decision 066)
      // Someone changing their own password is told by e-mail (spec §3 update_password), so a change
      // they did not make does not go unnoticed.
      if (passwordHash && id === ctx.user.id)
        await queueNotification(trx, { companyId: ctx.companyId, type: 'update_password', userId: id, now: ctx.now() });
      const after = await snapshot(trx, deps, ctx.companyId, id);
      await audit(trx, ctx, {
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        before,
        after: { ...after, ...passwordNote(passwordHash) },
      });
      return after;
    }),
  );
}
