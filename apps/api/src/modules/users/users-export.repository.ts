import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, criteriaWhere, orderColumn, populationOf } from './users.criteria.ts';
import type { UserRelations } from './users-relations.repository.ts';
import { USER_COLUMNS, type UserListRow, countUsers } from './users.repository.ts';

/** The company's custom fields in the order the users table shows them: one export column each. */
export async function listExportFields(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'label', 'type'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export type ExportField = Awaited<ReturnType<typeof listExportFields>>[number];

/**
 * How SQLite should read an export in id order (PostgreSQL plans by its statistics). Text searches
 * go through the search index. Otherwise the table is walked in rowid order from the last id sent
 * (one pass over the table for the whole export, the tenant and filter indexes hidden), unless the
 * tenant is so small that fetching its rows through the company index and sorting them for every
 * batch costs less than that pass.
 */
async function sqliteHint(db: Kysely<Database>, criteria: UserCriteria, batchSize: number): Promise<PlanHint> {
  if (criteria.text) return { mode: 'matchDriven', sortLead: 'id' };
  const population = await countUsers(db, 'sqlite', populationOf(criteria));
  const top = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const tableSize = Number(top?.id ?? 0);
  const perBatch = population * Math.ceil(population / batchSize);
  return { mode: perBatch < tableSize ? 'plain' : 'sortDriven', sortLead: 'id' };
}

/** One batch: the users after `afterId` matching the criteria, in id order (keyset pagination). */
export function buildExportBatchQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  afterId: number,
  limit: number,
  hint?: PlanHint,
) {
  const id = orderColumn(dialect, 'users.id', hint);
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(criteriaWhere(dialect, criteria, hint))
    .where(sql<SqlBool>`${id} > ${afterId}`)
    .orderBy(id)
    .limit(limit);
}

/**
 * Every user matching the criteria, once each, in id order, `batchSize` at a time. Each batch is
 * its own query (no transaction held open), so an export never blocks writers; a user created
 * meanwhile with a higher id may still appear.
 */
export async function* iterateUserBatches(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  batchSize: number,
): AsyncGenerator<UserListRow[]> {
  const hint = dialect === 'sqlite' ? await sqliteHint(db, criteria, batchSize) : undefined;
  let afterId = 0;
  for (;;) {
    const rows = await buildExportBatchQuery(db, dialect, criteria, afterId, batchSize, hint).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** A batch whose ids span at most this many times its size reads its field values by id range. */
const DENSE_SPREAD = 4;

/**
 * What `loadUserRelations` gives a page, for a batch of an export: department and manager names
 * and custom field values (of `fields`). A batch is an id range, so its values are read by that
 * range of the (user_id, field_id) key when the batch is dense, which both databases do far faster
 * than a 2,000-id IN list (PostgreSQL scans the whole table for one); values of users outside the
 * batch (other tenants, filtered out) are dropped.
 */
export async function loadBatchRelations(
  db: Kysely<Database>,
  rows: UserListRow[],
  fields: ExportField[],
): Promise<UserRelations> {
  const ids = rows.map((row) => row.id);
  const first = ids[0] ?? 0;
  const last = ids[ids.length - 1] ?? 0;
  const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const departmentIds = unique(rows.map((row) => row.department_id));
  const managerIds = unique(rows.map((row) => row.manager_id));
  let values = db.selectFrom('user_field_values').select(['user_id', 'field_id', 'value']);
  values =
    last - first < ids.length * DENSE_SPREAD
      ? values.where('user_id', '>=', first).where('user_id', '<=', last)
      : values.where('user_id', 'in', ids);
  const [departments, managers, valueRows] = await Promise.all([
    departmentIds.length
      ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', departmentIds).execute()
      : [],
    managerIds.length
      ? db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', managerIds).execute()
      : [],
    ids.length && fields.length ? values.execute() : [],
  ]);
  const keys = new Map(fields.map((field) => [field.id, field.key]));
  const customFields = new Map<number, Record<string, string | null>>(
    // Null-prototype records: a field key such as "__proto__" stays an ordinary key.
    ids.map((id) => [id, Object.create(null) as Record<string, string | null>]),
  );
  for (const value of valueRows) {
    const key = keys.get(value.field_id);
    const record = customFields.get(value.user_id);
    if (key !== undefined && record) record[key] = value.value;
  }
  return {
    departments: new Map(departments.map((d) => [d.id, d.name])),
    managers: new Map(managers.map((m) => [m.id, `${m.first_name} ${m.last_name}`])),
    customFields,
  };
}
