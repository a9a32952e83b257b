import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { runAssignmentRules } from './rules-hook.ts';
import { scimError, scimNotFound } from './scim-errors.ts';
import { parseFilter } from './scim-filter.ts';
import {
  type ScimGroupRow,
  countChildDepartments,
  deleteGroupRow,
  findDepartmentByName,
  findGroup,
  findMembers,
  insertRootDepartment,
  listGroups as listGroupRows,
  moveUsersInto,
  removeUsersFrom,
  renameGroup,
  touchGroup,
} from './scim-groups.repository.ts';
import { get, isObject, readPatchBody } from './scim-patch.ts';
import { type ScimResource, toScimGroup } from './scim-resources.ts';
import { type ListParams, type ScimContext, auditCtx, checkVersion, pageOf, write } from './scim-users.service.ts';

/** Groups are departments (decision 073): members are the users directly in the department. */
async function groupResource(db: Kysely<Database>, ctx: ScimContext, row: ScimGroupRow, withMembers = true) {
  const members = withMembers ? await findMembers(db, ctx.companyId, [row.id]) : null;
  return toScimGroup(row, members, ctx.baseUrl);
}

async function loadGroup(db: Kysely<Database>, ctx: ScimContext, id: string) {
  const row = /^\d{1,10}$/.test(id) ? await findGroup(db, ctx.companyId, Number(id)) : undefined;
  if (!row) throw scimNotFound('Group', id);
  return row;
}

export async function getGroup(db: Kysely<Database>, ctx: ScimContext, id: string, withMembers: boolean) {
  return groupResource(db, ctx, await loadGroup(db, ctx, id), withMembers);
}

export async function listGroups(db: Kysely<Database>, ctx: ScimContext, params: ListParams, withMembers: boolean) {
  const filter = params.filter ? parseFilter(params.filter) : null;
  const page = pageOf(params);
  const { rows, total } = await listGroupRows(db, ctx.companyId, filter, page);
  const members = withMembers
    ? await findMembers(
        db,
        ctx.companyId,
        rows.map((r) => r.id),
      )
    : [];
  return {
    total,
    start: page.start,
    resources: rows.map((row) =>
      toScimGroup(row, withMembers ? members.filter((m) => m.department_id === row.id) : null, ctx.baseUrl),
    ),
  };
}

function displayNameOf(body: Record<string, unknown>): string {
  const name = get(body, 'displayName');
  if (typeof name !== 'string' || !name.trim()) throw scimError(400, 'invalidValue', 'displayName is required.');
  if (name.trim().length > 255) throw scimError(400, 'invalidValue', 'displayName is at most 255 characters.');
  return name.trim();
}

/** Member ids from `[{value: "7"}, …]`; anything else is a 400. */
function memberIds(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => {
    const raw = isObject(item) ? get(item, 'value') : item;
    if (typeof raw !== 'string' && typeof raw !== 'number')
      throw scimError(400, 'invalidValue', 'A member is {"value": "<user id>"}.');
    if (!/^\d{1,10}$/.test(String(raw)))
      throw scimError(400, 'invalidValue', `Member "${String(raw)}" is not a user id.`);
    return Number(raw);
  });
}

async function assertNameFree(db: Kysely<Database>, ctx: ScimContext, name: string, exceptId: number | null) {
  const found = await findDepartmentByName(db, ctx.companyId, name);
  if (found && found.id !== exceptId) throw scimError(409, 'uniqueness', `A group named "${name}" exists.`);
}

async function afterChange(
  trx: Kysely<Database>,
  ctx: ScimContext,
  id: number,
  action: string,
  before: ScimResource | null,
  moved: number[],
) {
  const after = await groupResource(trx, ctx, (await findGroup(trx, ctx.companyId, id))!);
  await audit(trx, auditCtx(ctx), { action, entityType: 'department', entityId: id, before, after });
  await runAssignmentRules(trx, ctx.companyId, moved);
  return after;
}

/** POST /Groups: a department at the root of the tree, its members moved into it. */
export async function createGroup(db: Kysely<Database>, ctx: ScimContext, body: unknown) {
  if (!isObject(body)) throw scimError(400, 'invalidSyntax', 'The body is a SCIM Group object.');
  const name = displayNameOf(body);
  await assertNameFree(db, ctx, name, null);
  const ids = memberIds(get(body, 'members'));
  const now = iso(ctx.now());
  return write(db, ctx, async (trx) => {
    const id = await insertRootDepartment(trx, ctx.companyId, name, now);
    const moved = await moveUsersInto(trx, ctx.companyId, id, ids, now);
    return afterChange(trx, ctx, id, 'scim.group.create', null, moved);
  });
}

/** PUT /Groups/{id}: the name, and exactly the members listed. */
export async function replaceGroup(
  db: Kysely<Database>,
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
) {
  if (!isObject(body)) throw scimError(400, 'invalidSyntax', 'The body is a SCIM Group object.');
  const row = await loadGroup(db, ctx, id);
  const before = await groupResource(db, ctx, row);
  checkVersion(before, ifMatch);
  const name = displayNameOf(body);
  if (name !== row.name) await assertNameFree(db, ctx, name, row.id);
  const members = get(body, 'members');
  const now = iso(ctx.now());
  return write(db, ctx, async (trx) => {
    if (name !== row.name) await renameGroup(trx, row.id, name, now);
    const moved: number[] = [];
    if (members !== undefined) {
      const ids = memberIds(members);
      const current = (await findMembers(trx, ctx.companyId, [row.id])).map((m) => m.id);
      moved.push(
        ...(await removeUsersFrom(
          trx,
          ctx.companyId,
          row.id,
          current.filter((m) => !ids.includes(m)),
          now,
        )),
      );
      moved.push(...(await moveUsersInto(trx, ctx.companyId, row.id, ids, now)));
    }
    if (moved.length > 0) await touchGroup(trx, row.id, now);
    return afterChange(trx, ctx, row.id, 'scim.group.update', before, moved);
  });
}

/**
 * PATCH /Groups/{id}: displayName replaced (by path or value object, Okta sends the id beside it),
 * members added, removed (by `members[value eq "…"]`, or Entra's value list) or replaced.
 */
export async function patchGroup(
  db: Kysely<Database>,
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
) {
  const ops = readPatchBody(body);
  const row = await loadGroup(db, ctx, id);
  const before = await groupResource(db, ctx, row, false);
  checkVersion(await groupResource(db, ctx, row), ifMatch);
  const now = iso(ctx.now());
  return write(db, ctx, async (trx) => {
    let name = row.name;
    const moved: number[] = [];
    for (const op of ops) {
      const path = op.path?.toLowerCase().replace('urn:ietf:params:scim:schemas:core:2.0:group:', '') ?? null;
      if (path === null) {
        if (!isObject(op.value))
          throw scimError(400, 'invalidValue', 'An operation without a path has an object value.');
        const newName = get(op.value, 'displayName');
        if (newName !== undefined) name = displayNameOf(op.value);
        const members = get(op.value, 'members');
        if (members !== undefined)
          moved.push(...(await changeMembers(trx, ctx, row.id, op.op, memberIds(members), now)));
      } else if (path === 'displayname') {
        if (op.op === 'remove') throw scimError(400, 'mutability', 'displayName is required.');
        name = displayNameOf({ displayName: op.value });
      } else if (path === 'members') {
        const ids = op.op === 'remove' && op.value === undefined ? null : memberIds(op.value);
        moved.push(...(await changeMembers(trx, ctx, row.id, op.op, ids, now)));
      } else if (/^members\[value eq "(\d{1,10})"\]$/.test(path)) {
        const member = Number(/"(\d+)"/.exec(path)![1]);
        if (op.op !== 'remove') throw scimError(400, 'invalidPath', 'A member filter path is for remove only.');
        moved.push(...(await removeUsersFrom(trx, ctx.companyId, row.id, [member], now)));
      } else if (path !== 'externalid' && path !== 'id') {
        throw scimError(400, 'invalidPath', `"${op.path}" is not an attribute of a Group.`);
      }
    }
    if (name !== row.name) {
      await assertNameFree(trx, ctx, name, row.id);
      await renameGroup(trx, row.id, name, now);
    } else if (moved.length > 0) await touchGroup(trx, row.id, now);
    return afterChange(trx, ctx, row.id, 'scim.group.update', before, moved);
  });
}

async function changeMembers(
  trx: Kysely<Database>,
  ctx: ScimContext,
  groupId: number,
  op: string,
  ids: number[] | null,
  now: string,
) {
  if (op === 'add') return moveUsersInto(trx, ctx.companyId, groupId, ids ?? [], now);
  if (op === 'remove') return removeUsersFrom(trx, ctx.companyId, groupId, ids, now);
  const keep = ids ?? [];
  const current = (await findMembers(trx, ctx.companyId, [groupId])).map((m) => m.id);
  const removed = await removeUsersFrom(
    trx,
    ctx.companyId,
    groupId,
    current.filter((m) => !keep.includes(m)),
    now,
  );
  return [...removed, ...(await moveUsersInto(trx, ctx.companyId, groupId, keep, now))];
}

/** DELETE /Groups/{id}: its users are left without a department; a department with sub-departments stays. */
export async function deleteGroup(db: Kysely<Database>, ctx: ScimContext, id: string, ifMatch: string | undefined) {
  const row = await loadGroup(db, ctx, id);
  const before = await groupResource(db, ctx, row);
  checkVersion(before, ifMatch);
  if ((await countChildDepartments(db, ctx.companyId, row.id)) > 0) {
    throw scimError(409, 'mutability', 'This department has sub-departments: move or delete them in Heed first.');
  }
  const now = iso(ctx.now());
  await write(db, ctx, async (trx) => {
    const moved = await removeUsersFrom(trx, ctx.companyId, row.id, null, now);
    await deleteGroupRow(trx, row.id);
    await audit(trx, auditCtx(ctx), {
      action: 'scim.group.delete',
      entityType: 'department',
      entityId: row.id,
      before,
    });
    await runAssignmentRules(trx, ctx.companyId, moved);
  });
}
