import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { reserveIds } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { bulkInsert, bulkUpdate, int, text } from './bulk-sql.ts';
import type { DepartmentNode } from './department-index.ts';
import type { UserValues } from './row-plan.ts';

// Every write of a chunk, set-based: one multi-row statement per table (a few on SQLite), never a
// statement per row. All run inside the chunk's transaction.

const USER_VALUE_COLUMNS = [
  text('username'),
  text('email'),
  text('first_name'),
  text('last_name'),
  int('role'),
  int('suspended'),
  int('department_id'),
  int('manager_id'),
  text('phone'),
  text('hired_at'),
];

const valueRow = (v: UserValues) => [
  v.username,
  v.email,
  v.first_name,
  v.last_name,
  v.role,
  v.suspended,
  v.department_id,
  v.manager_id,
  v.phone,
  v.hired_at,
];

/**
 * Ids for `count` new users, taken before they are inserted so that a row can name a user created
 * by an earlier row of the same chunk as its manager in the INSERT itself (`reserveIds`: the chunk
 * runs in a `writeTransaction`, which keeps them free on SQLite).
 */
export async function allocateUserIds(db: Kysely<Database>, dialect: Dialect, count: number): Promise<number[]> {
  return reserveIds(db, dialect, 'users', count);
}

/** Inserts new users with the ids given (see allocateUserIds). */
export async function insertUsers(
  db: Kysely<Database>,
  dialect: Dialect,
  companyId: number,
  users: { id: number; values: UserValues }[],
  now: string,
): Promise<void> {
  const columns = [
    int('id'),
    int('company_id'),
    ...USER_VALUE_COLUMNS,
    int('site_admin'),
    text('created_at'),
    text('updated_at'),
  ];
  const rows = users.map(({ id, values }) => [id, companyId, ...valueRow(values), 0, now, now]);
  await bulkInsert(db, dialect, 'users', columns, rows);
}

/** Sets every import-writable column of existing users to the given values. */
export async function updateUsers(
  db: Kysely<Database>,
  dialect: Dialect,
  users: { id: number; values: UserValues }[],
  now: string,
): Promise<void> {
  const rows = users.map(({ id, values }) => [id, ...valueRow(values), now]);
  await bulkUpdate(db, dialect, 'users', int('id'), [...USER_VALUE_COLUMNS, text('updated_at')], rows);
}

/**
 * Sets custom field values ([user, field, value]). New users have none yet: a plain INSERT; existing
 * users' values are replaced (`replace`), which costs PostgreSQL a speculative insertion per row.
 */
export async function upsertCustomValues(
  db: Kysely<Database>,
  dialect: Dialect,
  companyId: number,
  values: [number, number, string][],
  replace: boolean,
): Promise<void> {
  const rows = values.map(([userId, fieldId, value]) => [userId, fieldId, companyId, value]);
  await bulkInsert(
    db,
    dialect,
    'user_field_values',
    [int('user_id'), int('field_id'), int('company_id'), text('value')],
    rows,
    replace ? 'ON CONFLICT (user_id, field_id) DO UPDATE SET value = excluded.value' : '',
  );
}

export async function deleteCustomValues(db: Kysely<Database>, byField: Map<number, number[]>): Promise<void> {
  for (const [fieldId, userIds] of byField) {
    await db.deleteFrom('user_field_values').where('field_id', '=', fieldId).where('user_id', 'in', userIds).execute();
  }
}

/** Deactivated users are signed out everywhere, as the users API does. */
export async function endSessions(db: Kysely<Database>, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
}

export interface AuditIdentity {
  companyId: number;
  actorId: number | null;
  impersonatorId: number | null;
  ip: string | null;
}

export interface AuditRow {
  action: string;
  entityType: string;
  entityId: number;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** One audit entry per changed record, written beside the change (same transaction). */
export async function insertAuditRows(
  db: Kysely<Database>,
  dialect: Dialect,
  who: AuditIdentity,
  entries: AuditRow[],
  now: string,
): Promise<void> {
  const columns = [
    int('company_id'),
    int('actor_id'),
    int('impersonator_id'),
    text('action'),
    text('entity_type'),
    text('entity_id'),
    text('before'),
    text('after'),
    text('ip'),
    text('created_at'),
  ];
  const rows = entries.map((e) => [
    who.companyId,
    who.actorId,
    who.impersonatorId,
    e.action,
    e.entityType,
    String(e.entityId),
    json(e.before),
    json(e.after),
    who.ip,
    now,
  ]);
  await bulkInsert(db, dialect, 'audit_log', columns, rows);
}

/** A department and its path (the path holds its own id, so it is set once the id is known). */
export async function insertDepartment(
  db: Kysely<Database>,
  companyId: number,
  parent: DepartmentNode | null,
  name: string,
  now: string,
): Promise<DepartmentNode> {
  const { id } = await db
    .insertInto('departments')
    .values({
      company_id: companyId,
      parent_id: parent?.id ?? null,
      name,
      path: 'pending',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent?.path ?? '/'}${id}/`;
  await db.updateTable('departments').set({ path }).where('id', '=', id).execute();
  return { id, parent_id: parent?.id ?? null, name, path };
}
