import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once.ts';
import type { Database } from '../../db/types.ts';
import { type Eb, filterCondition } from './scim-conditions.repository.ts';
import type { Filter } from './scim-filter.ts';

function groups(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('departments')
    .select([
      'departments.id',
      'departments.name',
      'departments.parent_id',
      'departments.path',
      'departments.created_at',
      'departments.updated_at',
    ])
    .where('departments.company_id', '=', companyId);
}
export type ScimGroupRow = Awaited<ReturnType<ReturnType<typeof groups>['executeTakeFirstOrThrow']>>;

const resolveGroup = (eb: Eb, path: string) => {
  switch (path) {
    case 'id':
      return { ref: eb.ref('departments.id'), caseExact: true, kind: 'id' as const };
    case 'displayname':
      return { ref: eb.ref('departments.name'), caseExact: false, kind: 'text' as const };
    case 'externalid':
      // Not kept: matches nothing (a client then creates the group, or finds it by displayName).
      return { ref: sql`NULL`, caseExact: true, kind: 'text' as const };
    case 'meta.lastmodified':
      return { ref: eb.ref('departments.updated_at'), caseExact: true, kind: 'time' as const };
    case 'members':
    case 'members.value':
      return 'members' as const;
    default:
      return undefined;
  }
};

/** `members[value eq "7"]`: the department holds that user (only `value` comparisons). */
function membersCondition(eb: Eb, sub: Filter) {
  const member = eb
    .selectFrom('users as member')
    .select('member.id')
    .whereRef('member.department_id', '=', 'departments.id')
    .where('member.site_admin', '=', 0);
  if (sub.kind === 'present') return eb.exists(member);
  if (sub.kind !== 'compare' || sub.op !== 'eq' || sub.path.toLowerCase() !== 'value') {
    return sql<boolean>`1 = 0`;
  }
  const id = typeof sub.value === 'string' && /^\d{1,10}$/.test(sub.value) ? Number(sub.value) : -1;
  return eb.exists(member.where('member.id', '=', id));
}

export async function findGroup(db: Kysely<Database>, companyId: number, id: number) {
  return groups(db, companyId).where('departments.id', '=', id).executeTakeFirst();
}

export async function listGroups(
  db: Kysely<Database>,
  companyId: number,
  filter: Filter | null,
  page: { offset: number; limit: number },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const base = filter
    ? groups(db, companyId).where((eb) => filterCondition(eb as unknown as Eb, filter, resolveGroup, membersCondition))
    : groups(db, companyId);
  const counted = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (page.limit === 0 || total <= page.offset) return { rows: [], total };
  return { rows: await base.orderBy('departments.id').limit(page.limit).offset(page.offset).execute(), total };
}

/** The members of the departments (the users directly in each), SCIM-visible ones only. */
export async function findMembers(db: Kysely<Database>, companyId: number, departmentIds: number[]) {
  if (departmentIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'department_id', 'username', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('department_id', 'in', departmentIds)
    .where('site_admin', '=', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('scim_deleted_users').select('user_id').whereRef('user_id', '=', 'users.id'))),
    )
    .orderBy('id')
    .execute();
}

/** A department of the company by name, any case, the one nearest the root first. */
/** Compiled once per handle (compileOnce): every user a sync creates with a department asks it. */
const selectDepartmentByName = compileOnce((db) =>
  db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', 0)
    .where(sql`lower(name)`, '=', '')
    .orderBy(sql`length(path)`)
    .orderBy('id')
    .limit(1),
);

export async function findDepartmentByName(db: Kysely<Database>, companyId: number, name: string) {
  return (await selectDepartmentByName(db, [companyId, name.toLowerCase(), 1]))[0];
}

/** A new department at the root of the company's tree; its path holds its id. */
export async function insertRootDepartment(db: Kysely<Database>, companyId: number, name: string, now: string) {
  const { id } = await db
    .insertInto('departments')
    .values({ company_id: companyId, parent_id: null, name, path: 'pending', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('departments')
    .set({ path: `/${id}/` })
    .where('id', '=', id)
    .execute();
  return id;
}

export async function renameGroup(db: Kysely<Database>, id: number, name: string, now: string) {
  await db.updateTable('departments').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function touchGroup(db: Kysely<Database>, id: number, now: string) {
  await db.updateTable('departments').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Moves the company's (non-site-admin) users into the department; returns the ids moved. */
export async function moveUsersInto(
  db: Kysely<Database>,
  companyId: number,
  departmentId: number,
  userIds: number[],
  now: string,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set({ department_id: departmentId, updated_at: now })
    .where('company_id', '=', companyId)
    .where('site_admin', '=', 0)
    .where('id', 'in', userIds)
    .where((eb) => eb.or([eb('department_id', 'is', null), eb('department_id', '!=', departmentId)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Takes users (all, when `userIds` is null) out of the department; returns the ids taken out. */
export async function removeUsersFrom(
  db: Kysely<Database>,
  companyId: number,
  departmentId: number,
  userIds: number[] | null,
  now: string,
): Promise<number[]> {
  if (userIds !== null && userIds.length === 0) return [];
  let query = db
    .updateTable('users')
    .set({ department_id: null, updated_at: now })
    .where('company_id', '=', companyId)
    .where('department_id', '=', departmentId)
    .where('site_admin', '=', 0);
  if (userIds !== null) query = query.where('id', 'in', userIds);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

export async function countChildDepartments(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteGroupRow(db: Kysely<Database>, id: number) {
  await db.deleteFrom('department_managers').where('department_id', '=', id).execute();
  await db.deleteFrom('departments').where('id', '=', id).execute();
}
