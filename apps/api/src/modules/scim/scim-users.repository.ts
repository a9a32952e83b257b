import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once.ts';
import type { Database, UsersTable } from '../../db/types.ts';
import { type Eb, filterCondition } from './scim-conditions.repository.ts';
import type { Filter } from './scim-filter.ts';

/** The user columns a SCIM User is made of, with the department's name. */
export const SCIM_USER_COLUMNS = [
  'users.id',
  'users.company_id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.phone',
  'users.hired_at',
  'users.suspended',
  'users.department_id',
  'users.manager_id',
  'users.external_id',
  'users.created_at',
  'users.updated_at',
] as const;

function scimUsers(db: Kysely<Database>, companyId: number) {
  return (
    db
      .selectFrom('users')
      .leftJoin('departments', 'departments.id', 'users.department_id')
      .select([...SCIM_USER_COLUMNS, 'departments.name as department_name'])
      .where('users.company_id', '=', companyId)
      // Site administrators run the platform: no company's IdP sees or changes them.
      .where('users.site_admin', '=', 0)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('scim_deleted_users').select('user_id').whereRef('user_id', '=', 'users.id'))),
      )
  );
}
export type ScimUserRow = Awaited<ReturnType<ReturnType<typeof scimUsers>['executeTakeFirstOrThrow']>>;

const resolveUser = (eb: Eb, path: string) => {
  switch (path) {
    case 'id':
      return { ref: eb.ref('users.id'), caseExact: true, kind: 'id' as const };
    case 'username':
      return { ref: eb.ref('users.username'), caseExact: false, kind: 'text' as const };
    case 'externalid':
      return { ref: eb.ref('users.external_id'), caseExact: true, kind: 'text' as const };
    case 'emails':
    case 'emails.value':
      return { ref: eb.ref('users.email'), caseExact: false, kind: 'text' as const };
    case 'emails.type':
      return { ref: sql`'work'`, caseExact: false, kind: 'text' as const };
    case 'phonenumbers':
    case 'phonenumbers.value':
      return { ref: eb.ref('users.phone'), caseExact: true, kind: 'text' as const };
    case 'name.givenname':
      return { ref: eb.ref('users.first_name'), caseExact: false, kind: 'text' as const };
    case 'name.familyname':
      return { ref: eb.ref('users.last_name'), caseExact: false, kind: 'text' as const };
    case 'active':
      return { ref: eb.ref('users.suspended'), caseExact: true, kind: 'active' as const };
    case 'meta.created':
      return { ref: eb.ref('users.created_at'), caseExact: true, kind: 'time' as const };
    case 'meta.lastmodified':
      return { ref: eb.ref('users.updated_at'), caseExact: true, kind: 'time' as const };
    case 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user:department':
      return { ref: eb.ref('departments.name'), caseExact: false, kind: 'text' as const };
    default:
      return undefined;
  }
};

const noMembers = () => sql<boolean>`1 = 0`;

// The queries of every create (a sync makes thousands) are compiled once per handle (compileOnce).

/** Parameters: the company, 0 (not a site administrator: `scimUsers`), the user's id. */
const selectScimUser = compileOnce((db) => scimUsers(db, 0).where('users.id', '=', 0));

export async function findScimUser(db: Kysely<Database>, companyId: number, id: number) {
  return (await selectScimUser(db, [companyId, 0, id]))[0];
}

/** A page of the company's SCIM users matching the filter, by id, and how many match in all. */
export async function listScimUsers(
  db: Kysely<Database>,
  companyId: number,
  filter: Filter | null,
  page: { offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const base = filter
    ? scimUsers(db, companyId).where((eb) => filterCondition(eb, filter, resolveUser, noMembers))
    : scimUsers(db, companyId);
  const counted = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (page.limit === 0 || total <= page.offset) return { rows: [], total };
  const rows = await base.orderBy('users.id').limit(page.limit).offset(page.offset).execute();
  return { rows, total };
}

const nameHolderQuery = (column: 'username' | 'email') =>
  compileOnce((db) =>
    db
      .selectFrom('users')
      .leftJoin('scim_deleted_users', 'scim_deleted_users.user_id', 'users.id')
      .select(['users.id', 'users.company_id', 'scim_deleted_users.user_id as deleted'])
      .where(`users.${column}`, '=', ''),
  );
const nameHolderBy = { username: nameHolderQuery('username'), email: nameHolderQuery('email') };

/** The user holding a sign-in name or address, in any company (names are unique across companies). */
export async function findNameHolder(db: Kysely<Database>, column: 'username' | 'email', value: string) {
  return (await nameHolderBy[column](db, [value]))[0];
}

export async function isCompanyUser(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

const INSERTED_COLUMNS = [
  'company_id',
  'role',
  'site_admin',
  'password_hash',
  'department_id',
  'manager_id',
  'last_login_at',
  'created_at',
  'updated_at',
  'username',
  'email',
  'first_name',
  'last_name',
  'phone',
  'hired_at',
  'suspended',
  'external_id',
] as const satisfies readonly (keyof UsersTable)[];
type NewScimUser = { [K in (typeof INSERTED_COLUMNS)[number]]: Insertable<UsersTable>[K] };
const insertUserRow = compileOnce((db) =>
  db
    .insertInto('users')
    .values(Object.fromEntries(INSERTED_COLUMNS.map((column) => [column, null])) as Insertable<UsersTable>)
    .returning('id'),
);

export async function insertScimUser(db: Kysely<Database>, values: NewScimUser): Promise<number> {
  const rows = await insertUserRow(
    db,
    INSERTED_COLUMNS.map((column) => values[column] ?? null),
  );
  return rows[0]!.id;
}

export async function updateScimUser(db: Kysely<Database>, id: number, values: Updateable<UsersTable>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function markDeleted(db: Kysely<Database>, companyId: number, userId: number, at: string) {
  await db
    .insertInto('scim_deleted_users')
    .values({ user_id: userId, company_id: companyId, deleted_at: at })
    .execute();
}

/** A user the IdP deleted comes back when it provisions the same name again. */
export async function unmarkDeleted(db: Kysely<Database>, userId: number) {
  await db.deleteFrom('scim_deleted_users').where('user_id', '=', userId).execute();
}

const selectCompanyCustomFields = compileOnce((db) =>
  db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'type', 'options', 'required'])
    .where('company_id', '=', 0)
    .orderBy('position'),
);

export async function findCompanyCustomFields(db: Kysely<Database>, companyId: number) {
  return selectCompanyCustomFields(db, [companyId]);
}

const customValuesOf = (db: Kysely<Database>) =>
  db
    .selectFrom('user_field_values')
    .innerJoin('custom_fields', 'custom_fields.id', 'user_field_values.field_id')
    .select(['user_field_values.user_id', 'custom_fields.key', 'user_field_values.value']);
const selectOneUsersValues = compileOnce((db) => customValuesOf(db).where('user_field_values.user_id', '=', 0));

/** Custom field values of the users, by user id then key. */
export async function findCustomValues(db: Kysely<Database>, userIds: number[]) {
  const map = new Map<number, Record<string, string | null>>();
  if (userIds.length === 0) return map;
  const rows =
    userIds.length === 1
      ? await selectOneUsersValues(db, userIds)
      : await customValuesOf(db).where('user_field_values.user_id', 'in', userIds).execute();
  for (const row of rows) {
    const values = map.get(row.user_id) ?? Object.create(null);
    values[row.key] = row.value;
    map.set(row.user_id, values);
  }
  return map;
}

/** Sets or clears custom field values: null deletes, anything else upserts. */
export async function writeCustomValues(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  values: { fieldId: number; value: string | null }[],
) {
  const cleared = values.filter((v) => v.value === null).map((v) => v.fieldId);
  const kept = values.filter((v) => v.value !== null);
  if (cleared.length > 0) {
    await db.deleteFrom('user_field_values').where('user_id', '=', userId).where('field_id', 'in', cleared).execute();
  }
  if (kept.length > 0) {
    await db
      .insertInto('user_field_values')
      .values(kept.map((v) => ({ user_id: userId, field_id: v.fieldId, company_id: companyId, value: v.value })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'field_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
  }
}
