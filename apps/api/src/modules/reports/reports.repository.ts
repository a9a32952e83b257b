import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { ReportCriteria } from './reports.criteria.ts';

// The SQL of the assignment reports: every figure is a GROUP BY over the company's assignments
// joined to their learners, with the derived status computed at the request's clock (the same rules
// as the assignments list's `statusRank` and the mapper's `assignmentStatus`). Migration 031 gives
// these scans covering indexes; decision 070 says what replaces them at 10M assignments.

export type DerivedStatus = 'not_started' | 'in_progress' | 'overdue' | 'completed' | 'expired';

/** The derived status of `a` at `now`, as text. */
export const derivedStatus = (now: string) => sql<DerivedStatus>`(CASE
  WHEN a.status = 'completed' THEN
    CASE WHEN a.expires_at IS NOT NULL AND a.expires_at <= ${now} THEN 'expired' ELSE 'completed' END
  WHEN a.due_at IS NOT NULL AND a.due_at < ${now} THEN 'overdue'
  WHEN a.started_at IS NOT NULL OR a.progress > 0 OR a.status = 'in_progress' THEN 'in_progress'
  ELSE 'not_started' END)`;

export const inList = (ref: RawBuilder<unknown>, values: readonly (number | string)[]) =>
  values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref} IN (${sql.join(values)})`;

export interface WhereOptions {
  /** Which column the period bounds: the assignment date (default), the completion date, or none. */
  period?: 'assigned' | 'completed' | 'none';
  /** Leave out the company condition and the department reach (the benchmarks' other companies). */
  allCompanies?: boolean;
  /**
   * Keep the course and period conditions off the indexes, for a query whose rows an index on another
   * column finds (the assignments turning today): a planner would otherwise walk every assignment of
   * the course or period. `(x + 0)` and `(x || '')` mean the same on both databases and match no index.
   */
  offIndex?: boolean;
  /**
   * The learners' ids find the rows (a page or a leaderboard's candidates): keep the company, course
   * and period off the indexes, or a planner walks all of them instead of the learners' assignments.
   */
  byLearner?: boolean;
}

/**
 * The criteria's conditions on a learner (departments, custom fields, deactivation), on any table
 * `t` with the users' `department_id` and `suspended` and the learner's id in column `id`.
 */
export function learnerFilters(c: ReportCriteria, t: string, id: string): RawBuilder<SqlBool>[] {
  const and: RawBuilder<SqlBool>[] = [];
  if (c.departments) and.push(inList(sql.ref(`${t}.department_id`), c.departments));
  for (const field of c.customFields ?? []) {
    and.push(sql<SqlBool>`EXISTS (SELECT 1 FROM user_field_values v WHERE v.company_id = ${c.companyId}
      AND v.field_id = ${field.fieldId} AND ${inList(sql`v.value`, field.values)} AND v.user_id = ${sql.ref(`${t}.${id}`)})`);
  }
  if (!c.includeDeactivated) and.push(sql<SqlBool>`${sql.ref(`${t}.suspended`)} = 0`);
  return and;
}

/** The conditions of the criteria on `assignments a JOIN users u`. */
export function conditions(c: ReportCriteria, options: WhereOptions = {}): RawBuilder<SqlBool> {
  // A renewed completion is history (decision 081): the renewal counts instead. `status` is in
  // every report index, so this costs no table lookup.
  const and: RawBuilder<SqlBool>[] = [sql<SqlBool>`a.status <> 'renewed'`];
  const off = options.offIndex || options.byLearner;
  if (!options.allCompanies) {
    and.push(sql<SqlBool>`${options.byLearner ? sql`(a.company_id + 0)` : sql`a.company_id`} = ${c.companyId}`);
    and.push(...learnerFilters(c, 'u', 'id'));
  } else if (!c.includeDeactivated) and.push(sql<SqlBool>`u.suspended = 0`);
  if (c.courseIds) and.push(inList(off ? sql`(a.course_id + 0)` : sql`a.course_id`, c.courseIds));
  const dated = options.period === 'completed' ? 'completed_at' : 'assigned_at';
  const column = off ? sql`(${sql.ref(`a.${dated}`)} || '')` : sql.ref(`a.${dated}`);
  if (c.period && options.period !== 'none') {
    if (c.period.from !== undefined) and.push(sql<SqlBool>`${column} >= ${c.period.from}`);
    if (c.period.to !== undefined) and.push(sql<SqlBool>`${column} <= ${c.period.to}`);
  }
  return sql.join(and, sql` AND `) as RawBuilder<SqlBool>;
}

export const FROM = sql`assignments a JOIN users u ON u.id = a.user_id`;

/**
 * `FROM … WHERE …` of a report's rows: the criteria's assignments joined to their learners, `joins`
 * after them. With a custom-field filter, the learners holding the first field's values are read
 * from the field's index and their assignments by learner: a value held by a sixth of the learners
 * reads a sixth of the assignments, not the company's every one.
 */
export function reportRows(c: ReportCriteria, options: WhereOptions = {}, joins = sql``): RawBuilder<unknown> {
  const [first, ...others] = options.allCompanies || options.byLearner ? [] : (c.customFields ?? []);
  if (!first) return sql`FROM ${FROM} ${joins} WHERE ${conditions(c, options)}`;
  return sql`FROM user_field_values v0 CROSS JOIN users u CROSS JOIN assignments a ${joins}
    WHERE v0.company_id = ${c.companyId} AND v0.field_id = ${first.fieldId} AND ${inList(sql`v0.value`, first.values)}
      AND u.id = v0.user_id AND a.user_id = u.id
      AND ${conditions({ ...c, customFields: others }, { ...options, byLearner: true })}`;
}

export interface StatusGroupRow {
  key: number | string | null;
  status: DerivedStatus;
  n: number;
  score_sum: number;
  score_n: number;
}

/** `attribute`: a custom field's value; `attribute-year`: the year of a date field's value (YYYY-MM-DD text). */
type GroupKey = 'none' | 'department' | 'course' | 'attribute' | 'attribute-year';

const KEYS: Record<GroupKey, RawBuilder<unknown>> = {
  none: sql`0`,
  department: sql`u.department_id`,
  course: sql`a.course_id`,
  attribute: sql`v.value`,
  'attribute-year': sql`substr(v.value, 1, 4)`,
};

/** The learner's value of one custom field (`v`; none when the learner holds no value). */
const fieldValueJoin = (fieldId: number) =>
  sql`LEFT JOIN user_field_values v ON v.user_id = u.id AND v.field_id = ${fieldId}`;

/** The columns of a `StatusGroupRow` but its key, from `assignments a` (in a query grouping by the key and status). */
const statusColumns = (now: string) => sql`${derivedStatus(now)} AS status, count(*) AS n,
  sum(CASE WHEN a.status = 'completed' THEN a.score END) AS score_sum,
  count(CASE WHEN a.status = 'completed' THEN a.score END) AS score_n`;

/** PostgreSQL answers counts and sums as text (bigint, numeric): numbers here, a missing sum 0. */
const numbers = <T extends object>(row: T, names: (keyof T)[]): T => {
  const out = { ...row };
  for (const name of names) out[name] = (row[name] === null ? 0 : Number(row[name])) as never;
  return out;
};

/**
 * Assignments counted per group and derived status, with the sum and count of the scores of
 * completions: the one query behind status-counts, department, course, attribute summaries.
 */
export async function countByStatus(
  db: Kysely<Database>,
  c: ReportCriteria,
  by: GroupKey,
  attributeFieldId?: number,
): Promise<StatusGroupRow[]> {
  const byValue = by === 'attribute' || by === 'attribute-year';
  const join = byValue ? fieldValueJoin(attributeFieldId ?? 0) : sql``;
  const { rows } = await sql<StatusGroupRow>`SELECT ${KEYS[by]} AS key, ${statusColumns(c.now)}
    ${reportRows(c, {}, join)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((row) => ({
    ...numbers(row, ['n', 'score_sum', 'score_n']),
    key: byValue || row.key === null ? row.key : Number(row.key),
  }));
}

/** A text or number field's summary in three parts (`countByTopValues`). */
export interface TopValueGroups {
  /** The listed values' rows per status (key: the value). */
  listed: StatusGroupRow[];
  /** The other values' rows per status, summed (key null). */
  other: StatusGroupRow[];
  /** The learners without a value, per status (key null). */
  none: StatusGroupRow[];
  /** How many distinct values the learners hold (listed and other). */
  values: number;
}

/**
 * `countByStatus` by a custom field's value, for a field with up to one value per learner (text,
 * number): the `limit` values with the most assignments (ties by value, ascending) each per status,
 * every other value summed per status, the learners without a value, and how many distinct values
 * there are. One statement: the database groups the values; at most (limit + 2) × 5 rows come back.
 */
export async function countByTopValues(
  db: Kysely<Database>,
  c: ReportCriteria,
  fieldId: number,
  limit: number,
): Promise<TopValueGroups> {
  const { rows } = await sql<StatusGroupRow & { part: 'listed' | 'other' | 'none'; distinct_values: number }>`
    WITH per_value AS (
      SELECT v.value AS value, ${statusColumns(c.now)}
      ${reportRows(c, {}, fieldValueJoin(fieldId))}
      GROUP BY 1, 2
    ),
    value_totals AS (SELECT value, sum(n) AS total FROM per_value WHERE value IS NOT NULL GROUP BY value),
    listed AS (SELECT value FROM value_totals ORDER BY total DESC, value LIMIT ${limit}),
    distinct_values AS (SELECT count(*) AS n FROM value_totals)
    SELECT CASE WHEN p.value IS NULL THEN 'none' WHEN l.value IS NULL THEN 'other' ELSE 'listed' END AS part,
      l.value AS key, p.status, sum(p.n) AS n, sum(p.score_sum) AS score_sum, sum(p.score_n) AS score_n,
      d.n AS distinct_values
    FROM per_value p LEFT JOIN listed l ON l.value = p.value CROSS JOIN distinct_values d
    GROUP BY 1, 2, 3, d.n`.execute(db);
  const groups: TopValueGroups = { listed: [], other: [], none: [], values: Number(rows[0]?.distinct_values ?? 0) };
  for (const { part, distinct_values, ...row } of rows) groups[part].push(numbers(row, ['n', 'score_sum', 'score_n']));
  return groups;
}

export interface MonthRow {
  month: string;
  n: number;
}

/** Assignments assigned per month (YYYY-MM) within the criteria's period. */
export async function assignedPerMonth(db: Kysely<Database>, c: ReportCriteria): Promise<MonthRow[]> {
  const { rows } = await sql<MonthRow>`SELECT substr(a.assigned_at, 1, 7) AS month, count(*) AS n
    ${reportRows(c, { period: 'assigned' })} GROUP BY 1`.execute(db);
  return rows.map((row) => numbers(row, ['n']));
}

/** Completions (stored status completed, expired since or not) per month of their completion date. */
export async function completedPerMonth(db: Kysely<Database>, c: ReportCriteria): Promise<MonthRow[]> {
  const { rows } = await sql<MonthRow>`SELECT substr(a.completed_at, 1, 7) AS month, count(*) AS n
    ${reportRows(c, { period: 'completed' })}
      AND a.status = 'completed' AND a.completed_at IS NOT NULL GROUP BY 1`.execute(db);
  return rows.map((row) => numbers(row, ['n']));
}

export interface CompanyFigureRow {
  company_id: number;
  course_id: number;
  assigned: number;
  completed: number;
  score_sum: number;
  score_n: number;
}

/**
 * Per company and course: assignments, completions valid now, and the scores of completions, over
 * every company (the benchmarks). Only the course, period and deactivated filters apply: the others
 * name one company's departments and fields.
 */
export async function figuresPerCompany(db: Kysely<Database>, c: ReportCriteria): Promise<CompanyFigureRow[]> {
  const { rows } = await sql<CompanyFigureRow>`SELECT a.company_id, a.course_id, count(*) AS assigned,
      sum(CASE WHEN a.status = 'completed' AND (a.expires_at IS NULL OR a.expires_at > ${c.now}) THEN 1 ELSE 0 END) AS completed,
      sum(CASE WHEN a.status = 'completed' THEN a.score END) AS score_sum,
      count(CASE WHEN a.status = 'completed' THEN a.score END) AS score_n
    FROM ${FROM} JOIN companies co ON co.id = a.company_id
    WHERE co.suspended = 0 AND ${conditions(c, { allCompanies: true })}
    GROUP BY a.company_id, a.course_id`.execute(db);
  return rows.map((row) => numbers(row, ['company_id', 'course_id', 'assigned', 'completed', 'score_sum', 'score_n']));
}

export interface LearnerRow {
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  suspended: number;
  department_id: number | null;
  department_name: string | null;
  assigned: number;
  completed: number;
  overdue: number;
  score_sum: number;
  score_n: number;
}

const COMPLETED_NOW = (now: string) =>
  sql`sum(CASE WHEN a.status = 'completed' AND (a.expires_at IS NULL OR a.expires_at > ${now}) THEN 1 ELSE 0 END)`;
const OVERDUE_NOW = (now: string) =>
  sql`sum(CASE WHEN a.status <> 'completed' AND a.due_at IS NOT NULL AND a.due_at < ${now} THEN 1 ELSE 0 END)`;

const learnerColumns = (now: string) => sql`u.id AS user_id, u.first_name, u.last_name, u.username, u.suspended,
  u.department_id, d.name AS department_name, count(*) AS assigned, ${COMPLETED_NOW(now)} AS completed,
  ${OVERDUE_NOW(now)} AS overdue,
  sum(CASE WHEN a.status = 'completed' THEN a.score END) AS score_sum,
  count(CASE WHEN a.status = 'completed' THEN a.score END) AS score_n`;

const learnerRow = (row: LearnerRow): LearnerRow => ({
  ...numbers(row, ['user_id', 'suspended', 'assigned', 'completed', 'overdue', 'score_sum', 'score_n']),
  department_id: row.department_id === null ? null : Number(row.department_id),
});

/** Learners in the users list's order: last name, first name, id (`users_company_*` indexes yield it). */
const LEARNER_ORDER = sql`u.last_name, u.first_name, u.id`;

/**
 * The learners with the most completions valid now, then the best average score, then by name; only
 * among `among` when given (the leaderboard's candidates from the learner rollups).
 */
export async function topLearners(
  db: Kysely<Database>,
  c: ReportCriteria,
  limit: number,
  among?: number[],
): Promise<LearnerRow[]> {
  const { rows } = await sql<LearnerRow>`SELECT ${learnerColumns(c.now)}
    ${reportRows(c, { byLearner: among !== undefined }, sql`LEFT JOIN departments d ON d.id = u.department_id`)} ${among ? sql`AND ${inList(sql`a.user_id`, among)}` : sql``}
    GROUP BY u.id, u.first_name, u.last_name, u.username, u.suspended, u.department_id, d.name
    HAVING ${COMPLETED_NOW(c.now)} > 0
    ORDER BY ${COMPLETED_NOW(c.now)} DESC, (CASE WHEN count(CASE WHEN a.status = 'completed' THEN a.score END) = 0 THEN -1
      ELSE 1.0 * sum(CASE WHEN a.status = 'completed' THEN a.score END)
        / count(CASE WHEN a.status = 'completed' THEN a.score END) END) DESC,
      ${LEARNER_ORDER}
    LIMIT ${limit}`.execute(db);
  return rows.map(learnerRow);
}

/**
 * One page of the learners with assignments matching the criteria, by name: the learners are walked
 * in name order from the users' indexes, each kept when one assignment matches, and only the page's
 * assignments are summed. `few`: the criteria's custom fields match few learners (see below).
 * An export walks on from the last learner of its previous batch (`after`), never over an offset.
 */
export async function learnerPageRows(
  db: Kysely<Database>,
  c: ReportCriteria,
  page: {
    limit: number;
    /** Learners to skip (a page of the widget), or the learner to start after (an export's batches). */
    offset?: number;
    after?: Pick<LearnerRow, 'last_name' | 'first_name' | 'user_id'> | undefined;
    few?: boolean;
  },
): Promise<LearnerRow[]> {
  const { limit, offset = 0, after, few = false } = page;
  // Few learners hold the first custom field's values: read them from the field's index and sort
  // them, rather than walk every learner of the company to find them.
  const [first, ...others] = few ? (c.customFields ?? []) : [];
  const from = first ? sql`user_field_values v0 CROSS JOIN users u` : sql`users u`;
  const where = first
    ? [
        sql`v0.company_id = ${c.companyId} AND v0.field_id = ${first.fieldId} AND ${inList(sql`v0.value`, first.values)}`,
        sql`u.id = v0.user_id`,
        sql`u.company_id = ${c.companyId}`,
        ...learnerFilters({ ...c, customFields: others }, 'u', 'id'),
      ]
    : [sql`u.company_id = ${c.companyId}`, ...learnerFilters(c, 'u', 'id')];
  if (after)
    where.push(sql`(u.last_name, u.first_name, u.id) > (${after.last_name}, ${after.first_name}, ${after.user_id})`);
  const { rows: ids } = await sql<{ id: number }>`SELECT u.id FROM ${from}
    WHERE ${sql.join(where, sql` AND `)}
      AND EXISTS (SELECT 1 FROM assignments a WHERE a.user_id = u.id AND ${conditions(c, { byLearner: true })})
    ORDER BY ${LEARNER_ORDER} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  if (ids.length === 0) return [];
  const { rows } = await sql<LearnerRow>`SELECT ${learnerColumns(c.now)}
    FROM ${FROM} LEFT JOIN departments d ON d.id = u.department_id
    WHERE ${conditions(c, { byLearner: true })} AND ${inList(
      sql`a.user_id`,
      ids.map((row) => Number(row.id)),
    )}
    GROUP BY u.id, u.first_name, u.last_name, u.username, u.suspended, u.department_id, d.name
    ORDER BY ${LEARNER_ORDER}`.execute(db);
  return rows.map(learnerRow);
}

/** How many learners have assignments matching the criteria, from the table. */
export async function learnerCount(db: Kysely<Database>, c: ReportCriteria): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT a.user_id) AS n ${reportRows(c)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface ExpiryRow {
  course_id: number;
  expired: number;
  days_30: number;
  days_60: number;
  days_90: number;
}

/** Per course: completions expired, and valid ones expiring in (now, +30d], (+30d, +60d], (+60d, +90d]. */
export async function expiriesPerCourse(
  db: Kysely<Database>,
  c: ReportCriteria,
  bounds: [string, string, string],
): Promise<ExpiryRow[]> {
  const [d30, d60, d90] = bounds;
  const { rows } = await sql<ExpiryRow>`SELECT a.course_id,
      sum(CASE WHEN a.expires_at <= ${c.now} THEN 1 ELSE 0 END) AS expired,
      sum(CASE WHEN a.expires_at > ${c.now} AND a.expires_at <= ${d30} THEN 1 ELSE 0 END) AS days_30,
      sum(CASE WHEN a.expires_at > ${d30} AND a.expires_at <= ${d60} THEN 1 ELSE 0 END) AS days_60,
      sum(CASE WHEN a.expires_at > ${d60} AND a.expires_at <= ${d90} THEN 1 ELSE 0 END) AS days_90
    ${reportRows(c)} AND a.status = 'completed' AND a.expires_at IS NOT NULL AND a.expires_at <= ${d90}
    GROUP BY a.course_id`.execute(db);
  return rows.map((row) => numbers(row, ['course_id', 'expired', 'days_30', 'days_60', 'days_90']));
}

/**
 * Completions expiring in one part of a day, per course: `[from, to]` when `side` is `through`
 * (`to` included), `(from, to)` when `after`. The recertification widget reads one side of a bound's
 * instant and takes the other from the day's rollup total.
 */
export async function expiringPerCourse(
  db: Kysely<Database>,
  c: ReportCriteria,
  from: string,
  to: string,
  side: 'through' | 'after',
): Promise<{ course_id: number; n: number }[]> {
  const range =
    side === 'through'
      ? sql`a.expires_at >= ${from} AND a.expires_at <= ${to}`
      : sql`a.expires_at > ${from} AND a.expires_at < ${to}`;
  const { rows } = await sql<{ course_id: number; n: number }>`SELECT a.course_id, count(*) AS n
    ${reportRows(c)} AND a.status = 'completed' AND ${range}
    GROUP BY a.course_id`.execute(db);
  return rows.map((row) => numbers(row, ['course_id', 'n']));
}

/** Names of the given courses and departments, by id. */
export async function courseNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('courses').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function departmentNames(
  db: Kysely<Database>,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The company's departments among the ids, with their paths (the department filter). */
export async function companyDepartments(db: Kysely<Database>, companyId: number, ids: number[]) {
  return db
    .selectFrom('departments')
    .select(['id', 'path'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** The company's custom fields with these keys. */
export async function customFieldsByKey(db: Kysely<Database>, companyId: number, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'label', 'type'])
    .where('company_id', '=', companyId)
    .where('key', 'in', keys)
    .execute();
}

/** The type of one of the company's custom fields (undefined: no such field). */
export async function customFieldType(db: Kysely<Database>, companyId: number, fieldId: number) {
  const row = await db
    .selectFrom('custom_fields')
    .select('type')
    .where('company_id', '=', companyId)
    .where('id', '=', fieldId)
    .executeTakeFirst();
  return row?.type;
}

/** The company's name for a department ("Department" unless renamed). */
export async function companyDepartmentLabel(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('department_label')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.department_label || 'Department';
}
