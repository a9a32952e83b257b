import { ROLE_LABELS } from '@heed/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { charCodes, stringAgg } from '../../db/dialect/index.ts';
import { type KeysetBatch, readKeysetBatches } from '../../db/read-ahead.ts';
import type { Database } from '../../db/types.ts';
import { CSV_LINE_CODES } from '../../platform/files/csv-lines.ts';
import {
  AFTER_ID,
  type DepartmentPaths,
  type ExportField,
  MANAGER_CELL,
  batchIds,
  departmentCell,
} from './users-export.repository.ts';
import type { PlanHint, UserCriteria } from './users.criteria.ts';

// The users export's CSV rows written by the database itself (`finishCsvLines` finishes them): the
// same cells as the service's `exportRow`, so each rule is written twice, here in SQL and there in
// TypeScript. The export tests compare this CSV with the XLSX, which goes the TypeScript way.

/**
 * The most custom fields a CSV line query joins: SQLite joins at most 64 tables, and the batch and
 * the user are two of them. A company with more fields (up to `CUSTOM_FIELDS_PER_COMPANY_MAX`)
 * exports its CSV from cells.
 */
export const CSV_LINE_FIELDS_MAX = 60;

/** One batch of CSV lines, with the number of number cells it marked (PostgreSQL counts in bigint, as text). */
interface CsvLinesRow extends KeysetBatch {
  numbers: number | string;
}

/** One batch of lines for `finishCsvLines`, and the ids it covers: after `after`, up to `last`. */
export interface CsvLinesBatch {
  text: string;
  rows: number;
  numbers: number;
  after: number;
  last: number;
}

const roleLabel = (): RawBuilder<string> => {
  const labels = Object.entries(ROLE_LABELS).map(
    ([role, label]) => sql`WHEN ${sql.lit(Number(role))} THEN ${sql.lit(label)}`,
  );
  return sql`CASE u.role ${sql.join(labels, sql` `)} ELSE CAST(u.role AS TEXT) END`;
};

/** `2026-03-02T09:00:00.000Z` → `2026-03-02 09:00:00`, for the ISO timestamps the server writes. */
const dateTime = (column: string): RawBuilder<string> => sql`replace(substr(${sql.ref(column)}, 1, 19), 'T', ' ')`;

/** A custom field's cell: numbers marked for `finishCsvLines` to spell, booleans as Yes or No. */
function fieldCell(dialect: Dialect, field: ExportField, alias: string): RawBuilder<string | null> {
  const value = sql.ref(`${alias}.value`);
  if (field.type === 'number') return sql`${charCodes(dialect, CSV_LINE_CODES.number)} || ${value}`;
  if (field.type === 'boolean')
    return sql`CASE WHEN ${value} IS NULL THEN NULL WHEN ${value} = 'true' THEN 'Yes' ELSE 'No' END`;
  return sql`${value}`;
}

const fieldAlias = (index: number) => `f${index}`;

/** A user's CSV line: the service's `COLUMNS` and then one cell per custom field, NULL as empty. */
function csvLine(dialect: Dialect, fields: ExportField[], departments: DepartmentPaths): RawBuilder<string> {
  const cells = [
    sql`u.id`,
    sql`u.first_name`,
    sql`u.last_name`,
    sql`u.username`,
    sql`u.email`,
    roleLabel(),
    departmentCell(departments),
    sql`(SELECT ${MANAGER_CELL} FROM users m WHERE m.id = u.manager_id)`,
    sql`CASE WHEN u.suspended <> 0 THEN 'Deactivated' ELSE 'Active' END`,
    sql`u.phone`,
    sql`u.hired_at`,
    dateTime('u.last_login_at'),
    dateTime('u.created_at'),
    ...fields.map((field, index) => fieldCell(dialect, field, fieldAlias(index))),
  ];
  const separator = charCodes(dialect, CSV_LINE_CODES.cell);
  return sql`concat(${sql.join(cells, sql`, ${separator}, `)}, ${charCodes(dialect, ...CSV_LINE_CODES.rowEnd)})`;
}

/**
 * One batch (`batchIds`, the last id sent bound at `AFTER_ID`) as CSV lines for `finishCsvLines`
 * (`rows` is null when there are none), with their `count`, the `last` id and how many number
 * cells were marked. A custom field's values come by a join on the (user, field) key each.
 */
function buildExportCsvBatchQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  limit: number,
  options: { hint?: PlanHint | undefined; fields: ExportField[]; departments: DepartmentPaths },
) {
  const { fields } = options;
  const line = csvLine(dialect, fields, options.departments);
  const rows = stringAgg(dialect, line, '', sql`u.id`);
  const joins = fields.map((field, index) => {
    const alias = fieldAlias(index);
    return sql`LEFT JOIN user_field_values ${sql.id(alias)} ON ${sql.ref(`${alias}.user_id`)} = u.id AND ${sql.ref(`${alias}.field_id`)} = ${field.id}`;
  });
  const marked = fields.flatMap((field, index) =>
    field.type === 'number' ? [sql`count(${sql.ref(`${fieldAlias(index)}.value`)})`] : [],
  );
  const numbers = marked.length > 0 ? sql.join(marked, sql` + `) : sql`0`;
  const ids = batchIds(db, dialect, criteria, limit, { hint: options.hint });
  return sql<CsvLinesRow>`SELECT ${rows} AS "rows", count(*) AS "count", max(u.id) AS "last", ${numbers} AS "numbers"
    FROM ${ids} AS batch INNER JOIN users u ON u.id = batch.id ${sql.join(joins, sql` `)}`;
}

/**
 * Every user matching the criteria as CSV lines, once each, in id order, `batchSize` at a time,
 * read ahead like `iterateExportRows`; empty batches are left out.
 */
export async function* iterateExportCsvLines(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  options: { batchSize: number; fields: ExportField[]; hint: PlanHint | undefined; departments: DepartmentPaths },
): AsyncGenerator<CsvLinesBatch> {
  const { batchSize } = options;
  const query = buildExportCsvBatchQuery(db, dialect, criteria, batchSize, options).compile(db);
  const keyAt = query.parameters.indexOf(AFTER_ID);
  let after = 0;
  for await (const batch of readKeysetBatches(db, dialect, { query, keyAt, batchSize })) {
    if (!batch.rows) continue;
    const last = Number(batch.last);
    yield { text: batch.rows, rows: Number(batch.count), numbers: Number(batch.numbers), after, last };
    after = last;
  }
}
