import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { jsonArrayText, jsonObjectAgg, stringAgg, takesPlanHints } from '../../db/dialect/index.ts';
import { readKeysetBatches } from '../../db/read-ahead.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, criteriaWhere, orderColumn, populationOf } from './users.criteria.ts';
import { countUsers } from './users.repository.ts';

/**
 * The manager cell: `Ann Lee <alee>`, the name for people and the username for the import, which reads
 * the part in angle brackets (an export re-imports to the same users, issue 21).
 */
export const MANAGER_CELL = sql`m.first_name || ' ' || m.last_name || ' <' || m.username || '>'`;

/**
 * Department cells that are not the department's name: id → full path (`Operations / Plant A / Line 1`).
 * Usually empty; an export reads it once.
 */
export type DepartmentPaths = ReadonlyMap<number, string>;

/**
 * The full paths of the company's departments whose name another of its departments shares, ignoring
 * case: an export writes those in place of the name, which the import would find ambiguous (issue 21,
 * defects 1 and 2). A path costs nothing per row when names are unique.
 */
export async function listAmbiguousDepartmentPaths(db: Kysely<Database>, companyId: number): Promise<DepartmentPaths> {
  const departments = await db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const byId = new Map(departments.map((d) => [d.id, d]));
  const key = (name: string) => name.trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const d of departments) counts.set(key(d.name), (counts.get(key(d.name)) ?? 0) + 1);
  const paths = new Map<number, string>();
  for (const d of departments) {
    if (counts.get(key(d.name))! < 2) continue;
    const names: string[] = [];
    for (let node: typeof d | undefined = d; node && names.length <= 64; node = byId.get(node.parent_id ?? 0))
      names.unshift(node.name.trim());
    paths.set(d.id, names.join(' / '));
  }
  return paths;
}

/** A user's department cell: its name, or its full path when `paths` holds it. */
export function departmentCell(paths: DepartmentPaths): RawBuilder<string | null> {
  const name = sql<string | null>`(SELECT d.name FROM departments d WHERE d.id = u.department_id)`;
  if (paths.size === 0) return name;
  const cases = [...paths].map(([id, path]) => sql`WHEN ${sql.lit(id)} THEN CAST(${path} AS TEXT)`);
  return sql<string | null>`CASE u.department_id ${sql.join(cases, sql` `)} ELSE ${name} END`;
}

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
 * One exported user as the database sends it: id, first name, last name, username, e-mail, role,
 * department name, manager (`Name <username>`), suspended, phone, hired, last sign-in, created, then the custom
 * field values by field id (null when the user has none).
 */
export type ExportRow = [
  number,
  string,
  string,
  string,
  string | null,
  number,
  string | null,
  string | null,
  number,
  string | null,
  string | null,
  string | null,
  string,
  Record<string, string | null> | null,
];

/**
 * How SQLite should read an export in id order (a planner that takes plan hints; PostgreSQL plans by
 * its statistics). Text searches go through the search index. Otherwise the table is walked in rowid
 * order from the last id sent (one pass over the table for the whole export, the tenant and filter
 * indexes hidden), unless the tenant is so small that fetching its rows through the company index
 * and sorting them for every batch costs less than that pass.
 */
async function sqliteHint(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  batchSize: number,
): Promise<PlanHint> {
  if (criteria.text) return { mode: 'matchDriven', sortLead: 'id' };
  const population = await countUsers(db, dialect, populationOf(criteria));
  const top = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const tableSize = Number(top?.id ?? 0);
  const perBatch = population * Math.ceil(population / batchSize);
  return { mode: perBatch < tableSize ? 'plain' : 'sortDriven', sortLead: 'id' };
}

/** An `ExportRow` as JSON text, built by the database: one string per user instead of an object with 16 keys. */
function rowJson(dialect: Dialect, withFields: boolean, departments: DepartmentPaths): RawBuilder<string> {
  const values = jsonObjectAgg(
    dialect,
    { key: sql`v.field_id`, value: sql`v.value`, from: sql`FROM user_field_values v WHERE v.user_id = u.id` },
    { integerKey: true },
  );
  const columns = sql`u.id, u.first_name, u.last_name, u.username, u.email, u.role,
    ${departmentCell(departments)},
    (SELECT ${MANAGER_CELL} FROM users m WHERE m.id = u.manager_id),
    u.suspended, u.phone, u.hired_at, u.last_login_at, u.created_at, ${withFields ? values : sql`NULL`}`;
  return jsonArrayText(dialect, columns);
}

/** Where the last id sent goes in the compiled batch query: each batch binds its own. */
export const AFTER_ID = Object.freeze({ placeholder: 'afterId' });

/**
 * The plan of an export's batches: on SQLite (`takesPlanHints`) the rowid walk or the company index
 * (`sqliteHint`), nothing on PostgreSQL.
 */
export async function exportHint(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  batchSize: number,
): Promise<PlanHint | undefined> {
  return takesPlanHints(dialect) ? sqliteHint(db, dialect, criteria, batchSize) : undefined;
}

/** Which users one batch holds: `after` is `AFTER_ID` for a compiled batch query that each batch binds. */
export interface BatchBounds {
  hint?: PlanHint | undefined;
  after?: number | typeof AFTER_ID;
  /** The last id the batch may hold. */
  through?: number;
}

/**
 * The ids of one batch: the users after the last id sent matching the criteria, in id order
 * (keyset pagination), at most `limit`. A batch query picks its ids first and builds the rows for
 * those alone (a deferred join), so that a plan that sorts its matches never builds rows it drops.
 */
export function batchIds(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  limit: number,
  bounds: BatchBounds,
) {
  const id = orderColumn(dialect, 'users.id', bounds.hint);
  const { through } = bounds;
  return db
    .selectFrom('users')
    .select('users.id')
    .where(criteriaWhere(dialect, criteria, bounds.hint))
    .where(sql<SqlBool>`${id} > ${bounds.after ?? AFTER_ID}`)
    .$if(through !== undefined, (qb) => qb.where(sql<SqlBool>`${id} <= ${through}`))
    .orderBy(id)
    .limit(limit);
}

/**
 * One batch (`batchIds`) as a single JSON array of `ExportRow`s (`rows` is null when there are
 * none), with their `count` and the `last` id. Names and custom field values come with each row.
 */
function buildExportBatchQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  limit: number,
  options: BatchBounds & { withFields: boolean; departments: DepartmentPaths },
) {
  const row = rowJson(dialect, options.withFields, options.departments);
  const rows = sql<string | null>`'[' || ${stringAgg(dialect, row, ',', sql`u.id`)} || ']'`;
  return db
    .selectFrom(batchIds(db, dialect, criteria, limit, options).as('batch'))
    .innerJoin('users as u', 'u.id', 'batch.id')
    .select([rows.as('rows'), sql<number>`count(*)`.as('count'), sql<number | null>`max(u.id)`.as('last')]);
}

/**
 * Every user matching the criteria, once each, in id order, `batchSize` at a time. Each batch is
 * its own query (no transaction held open), so an export never blocks writers; a user created
 * meanwhile with a higher id may still appear. The query is compiled once per export and read
 * ahead of the caller (`readKeysetBatches`).
 */
export async function* iterateExportRows(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  options: { batchSize: number; withFields: boolean; departments: DepartmentPaths },
): AsyncGenerator<ExportRow[]> {
  const { batchSize, withFields, departments } = options;
  const hint = await exportHint(db, dialect, criteria, batchSize);
  const query = buildExportBatchQuery(db, dialect, criteria, batchSize, { hint, withFields, departments }).compile();
  const keyAt = query.parameters.indexOf(AFTER_ID);
  for await (const batch of readKeysetBatches(db, dialect, { query, keyAt, batchSize })) {
    if (batch.rows) yield JSON.parse(batch.rows) as ExportRow[];
  }
}

/** The users matching the criteria with ids after `after` up to `through`, in id order, read at once. */
export async function listExportRowsBetween(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  options: {
    after: number;
    through: number;
    hint: PlanHint | undefined;
    withFields: boolean;
    departments: DepartmentPaths;
  },
): Promise<ExportRow[]> {
  const limit = Math.max(options.through - options.after, 1);
  const batch = await buildExportBatchQuery(db, dialect, criteria, limit, options).executeTakeFirst();
  return batch?.rows ? (JSON.parse(batch.rows) as ExportRow[]) : [];
}
