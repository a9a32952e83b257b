import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { hasRowLocks, writeTransaction } from '../../db/dialect/index.ts';
import { KEY as ROLLUP_KEY, fillRollups, rollupKey } from '../../db/migrations/046-assignment-rollups.ts';
import {
  KEY as ATTRIBUTE_KEY,
  KEPT_FIELD_TYPES,
  attributeKey,
  fillAttributeRollups,
} from '../../db/migrations/050-attribute-rollups.ts';
import { listCode } from '../../db/migrations/051-assignment-list-codes.ts';
import type { Database } from '../../db/types.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import {
  type CompanyFigureRow,
  type DerivedStatus,
  FROM,
  type StatusGroupRow,
  conditions,
  inList,
} from './reports.repository.ts';

// The reports from the maintained rollups (migration 046, decision 088): a few rows per group
// instead of every assignment. Each rollup row's status follows from its turn day and today; only the
// assignments whose turn day *is* today are read from the table, and their status is derived at the
// request's clock as the plain queries derive it. Answers equal the plain GROUP BYs (reports.test.ts
// checks both against a recount).

const DAY = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY).toISOString().slice(0, 10);

/** How many days past today the window keeps as days: a week of missed daily runs still answers. */
export const ROLLUP_WINDOW_DAYS = 8;

const MONTH_START = /^\d{4}-\d{2}-01T00:00:00\.000Z$/;
const monthEnd = (iso: string) => iso.endsWith('T23:59:59.999Z') && new Date(Date.parse(iso) + 1).getUTCDate() === 1;

/**
 * Whether the rollups can answer these criteria: no custom-field filter (the rollups know no learner
 * fields), a period of whole months (they count by month assigned), and a window that holds today.
 */
export async function rollupsAnswer(db: Kysely<Database>, c: ReportCriteria): Promise<boolean> {
  if (c.customFields && c.customFields.length > 0) return false;
  if (c.period?.from !== undefined && !MONTH_START.test(c.period.from)) return false;
  if (c.period?.to !== undefined && !monthEnd(c.period.to)) return false;
  return windowHolds(db, dayOf(c.now));
}

async function windowHolds(db: Kysely<Database>, today: string): Promise<boolean> {
  const window = await db.selectFrom('assignment_rollup_window').select(['start_day', 'end_day']).executeTakeFirst();
  return window !== undefined && window.start_day <= today && today < window.end_day;
}

interface RollupOptions {
  /** Every unsuspended company (the benchmarks): no company condition and no department reach. */
  allCompanies?: boolean;
  /** Leave out the period (completion months filter instead). */
  noPeriod?: boolean;
  /**
   * Sum `attribute_rollups` (migration 050) for this field of the company's (a select or yes/no),
   * whose rows have no month: only for criteria without a period.
   */
  attributeFieldId?: number;
  /** With `attributeFieldId`: only learners holding one of these values (a custom-field filter). */
  attributeValues?: string[];
  /**
   * Which parts to read: the rollup rows whose turn day is not today, the assignments turning today
   * from the table, or both (default). With `attributeFieldId`, the assignments turning today are
   * joined to the field's value with a LEFT JOIN: learners without a value come as key null.
   */
  parts?: 'rollups' | 'today' | 'both';
}

/** The criteria's conditions on rollup rows `r`. */
function rollupConditions(c: ReportCriteria, options: RollupOptions = {}): RawBuilder<SqlBool> {
  const and: RawBuilder<SqlBool>[] = [];
  if (options.allCompanies) {
    and.push(sql<SqlBool>`r.company_id IN (SELECT id FROM companies WHERE suspended = 0)`);
  } else if (options.attributeFieldId !== undefined) {
    and.push(sql<SqlBool>`r.field_id = ${options.attributeFieldId}`);
    if (options.attributeValues) and.push(inList(sql`r.value`, options.attributeValues));
    if (c.departments) and.push(inList(sql`r.department_id`, c.departments));
  } else {
    and.push(sql<SqlBool>`r.company_id = ${c.companyId}`);
    if (c.departments) and.push(inList(sql`r.department_id`, c.departments));
  }
  if (!c.includeDeactivated) and.push(sql<SqlBool>`r.suspended = 0`);
  if (c.courseIds) and.push(inList(sql`r.course_id`, c.courseIds));
  if (c.period && !options.noPeriod) {
    if (c.period.from !== undefined) and.push(sql<SqlBool>`r.assigned_month >= ${c.period.from.slice(0, 7)}`);
    if (c.period.to !== undefined) and.push(sql<SqlBool>`r.assigned_month <= ${c.period.to.slice(0, 7)}`);
  }
  return sql.join(and, sql` AND `) as RawBuilder<SqlBool>;
}

/**
 * SQLite keeps `assignment_rollup_totals` (migration 049, decision 094): the rollups without their
 * months, a fifth of the rows (13,000 of 69,000 in the 10M bench), for sums that need no period.
 */
const keepsTotals = (db: Kysely<Database>) => !(db.getExecutor().adapter instanceof PostgresAdapter);

/** The rollup rows a status sum reads: the totals when it needs no month and SQLite keeps them. */
const statusSource = (db: Kysely<Database>, c: ReportCriteria, options: RollupOptions) =>
  options.attributeFieldId !== undefined
    ? sql`attribute_rollups`
    : keepsTotals(db) && (!c.period || options.noPeriod)
      ? sql`assignment_rollup_totals`
      : sql`assignment_rollups`;

export interface RollupStatusRow {
  k0: number | string | null;
  k1: number | null;
  status: DerivedStatus;
  n: number;
  score_sum: number;
  score_n: number;
}

/**
 * What a status query groups by (none, one or two columns), on rollup rows `r` and on assignments `a`
 * / learners `u`. A department is `r.department_id` (0: none) and `u.department_id` (null: none).
 */
export interface RollupKeys {
  rollup: RawBuilder<unknown>[];
  table: RawBuilder<unknown>[];
  /** The table's keys name the learner's columns (`u.…`). */
  byLearner?: boolean;
}

const STATUSES: DerivedStatus[] = ['not_started', 'in_progress', 'overdue', 'completed', 'expired'];

/** A count per status (in STATUSES order), each `sum(CASE WHEN <its condition> THEN n ELSE 0 END)`. */
const countsPerStatus = (conditions: Record<DerivedStatus, RawBuilder<unknown>>, n: RawBuilder<unknown>) =>
  sql.join(STATUSES.map((name) => sql`sum(CASE WHEN ${conditions[name]} THEN ${n} ELSE 0 END) AS ${sql.ref(name)}`));

const NEVER = sql`1 = 0`;
const STARTED = sql`(a.started_at IS NOT NULL OR a.progress > 0 OR a.status = 'in_progress')`;

/**
 * Assignments per key pair and derived status, with score sums: the rollup rows whose turn day is not
 * today, plus the assignments turning today read from the table. Each part sums into one row per key
 * pair with a column per status (no sorting of rows by status), and the parts are added up here.
 */
export async function rollupStatusRows(
  db: Kysely<Database>,
  c: ReportCriteria,
  keys: RollupKeys,
  options: RollupOptions = {},
): Promise<RollupStatusRow[]> {
  const today = dayOf(c.now);
  const tomorrow = nextDay(today);
  const base = conditions(c, { allCompanies: options.allCompanies, offIndex: true });
  // Every company: companies first (SQLite keeps a CROSS JOIN's order), so each company's turning
  // assignments come from its (company_id, due_at | expires_at) range, not a walk of all its rows.
  // The learners are joined only when a filter or a key reads them: the day's turning rows (some
  // 13,000 at 10M) otherwise cost a learner look-up each for nothing.
  const learnerRead =
    !c.includeDeactivated || Boolean(c.departments) || Boolean(c.customFields?.length) || keys.byLearner;
  const from = options.allCompanies
    ? sql`companies co CROSS JOIN ${FROM}`
    : options.attributeFieldId !== undefined
      ? sql`${FROM} LEFT JOIN user_field_values v ON v.user_id = a.user_id AND v.field_id = ${options.attributeFieldId}`
      : learnerRead
        ? FROM
        : sql`assignments a`;
  const valued = options.attributeValues ? inList(sql`v.value`, options.attributeValues) : sql<SqlBool>`1 = 1`;
  const companies = options.allCompanies
    ? sql<SqlBool>`co.suspended = 0 AND a.company_id = co.id`
    : sql<SqlBool>`1 = 1`;
  // Each status as a plain condition (cheaper than a CASE compared five times): a rollup row's turn
  // day is before today (past) or after it; an assignment turning today turns at its instant.
  const rollupStatus: Record<DerivedStatus, RawBuilder<unknown>> = {
    not_started: sql`r.state = 'not_started' AND r.turn_day > ${today}`,
    in_progress: sql`r.state = 'in_progress' AND r.turn_day > ${today}`,
    overdue: sql`r.state <> 'completed' AND r.turn_day < ${today}`,
    completed: sql`r.state = 'completed' AND r.turn_day > ${today}`,
    expired: sql`r.state = 'completed' AND r.turn_day < ${today}`,
  };
  const dueToday: Record<DerivedStatus, RawBuilder<unknown>> = {
    not_started: sql`a.due_at >= ${c.now} AND NOT ${STARTED}`,
    in_progress: sql`a.due_at >= ${c.now} AND ${STARTED}`,
    overdue: sql`a.due_at < ${c.now}`,
    completed: NEVER,
    expired: NEVER,
  };
  const expiringToday: Record<DerivedStatus, RawBuilder<unknown>> = {
    not_started: NEVER,
    in_progress: NEVER,
    overdue: NEVER,
    completed: sql`a.expires_at > ${c.now}`,
    expired: sql`a.expires_at <= ${c.now}`,
  };
  // Constant keys where a query groups by fewer than two columns: a GROUP BY of constants still sorts.
  const select = (columns: RawBuilder<unknown>[]) => sql`${columns[0] ?? sql`0`} AS k0, ${columns[1] ?? sql`0`} AS k1`;
  const groupBy = (columns: RawBuilder<unknown>[]) =>
    columns.length === 0 ? sql`` : sql`GROUP BY ${sql.join(columns)}`;
  const turningToday = (column: string, completed: boolean) => sql`SELECT ${select(keys.table)},
      ${countsPerStatus(completed ? expiringToday : dueToday, sql`1`)},
      sum(CASE WHEN a.status = 'completed' THEN coalesce(a.score, 0) ELSE 0 END) AS score_sum,
      sum(CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END) AS score_n
    FROM ${from} WHERE ${base} AND ${companies} AND ${valued}
      AND ${completed ? sql`a.status = 'completed'` : sql`a.status NOT IN ('completed', 'renewed')`}
      AND ${sql.ref(`a.${column}`)} >= ${today} AND ${sql.ref(`a.${column}`)} < ${tomorrow}
    ${groupBy(keys.table)}`;
  const rollupPart = sql`SELECT ${select(keys.rollup)},
      ${countsPerStatus(rollupStatus, sql`r.n`)}, sum(r.score_sum) AS score_sum, sum(r.score_n) AS score_n
    FROM ${statusSource(db, c, options)} r WHERE ${rollupConditions(c, options)} AND r.turn_day <> ${today}
    ${groupBy(keys.rollup)}`;
  const parts = options.parts ?? 'both';
  const { rows } = await sql<Record<string, unknown>>`${sql.join(
    [
      ...(parts === 'today' ? [] : [rollupPart]),
      ...(parts === 'rollups' ? [] : [turningToday('due_at', false), turningToday('expires_at', true)]),
    ],
    sql` UNION ALL `,
  )}`.execute(db);
  const out = new Map<string, RollupStatusRow[]>();
  for (const row of rows) {
    // Aggregates over no rows (no GROUP BY) answer one row of nulls: nothing to add.
    if (row.score_n === null) continue;
    const k0 = row.k0 === null ? null : (row.k0 as number | string);
    const k1 = row.k1 === null ? null : Number(row.k1);
    const id = `${k0}\u0000${k1}`;
    let group = out.get(id);
    if (!group) {
      group = STATUSES.map((status) => ({ k0, k1, status, n: 0, score_sum: 0, score_n: 0 }));
      out.set(id, group);
    }
    for (const [i, status] of STATUSES.entries()) group[i]!.n += Number(row[status] ?? 0);
    // Scores are of completions (completed or expired since): kept on the completed row of the group.
    group[3]!.score_sum += Number(row.score_sum ?? 0);
    group[3]!.score_n += Number(row.score_n ?? 0);
  }
  return [...out.values()].flat().filter((row) => row.n !== 0 || row.score_n !== 0);
}

/** Assignments per month assigned (YYYY-MM), from the rollups alone (no status, so no clock). */
export async function rollupAssignedPerMonth(db: Kysely<Database>, c: ReportCriteria, months: [string, string]) {
  const { rows } = await sql<{ month: string; n: number }>`SELECT r.assigned_month AS month, sum(r.n) AS n
    FROM assignment_rollups r WHERE ${rollupConditions(c, { noPeriod: true })}
      AND r.assigned_month >= ${months[0]} AND r.assigned_month <= ${months[1]}
    GROUP BY r.assigned_month`.execute(db);
  return rows.map((row) => ({ month: row.month, n: Number(row.n) }));
}

/** Completions (completed, expired since or not) per month of their completion date, from the rollups. */
export async function rollupCompletedPerMonth(db: Kysely<Database>, c: ReportCriteria, months: [string, string]) {
  const { rows } = await sql<{ month: string; n: number }>`SELECT r.completed_month AS month, sum(r.n) AS n
    FROM assignment_rollups r WHERE ${rollupConditions(c, { noPeriod: true })} AND r.state = 'completed'
      AND r.completed_month >= ${months[0]} AND r.completed_month <= ${months[1]}
    GROUP BY r.completed_month`.execute(db);
  return rows.map((row) => ({ month: row.month, n: Number(row.n) }));
}

interface Window {
  start: string;
  end: string;
}

/**
 * Moves the window of days the rollups keep to [today, today + ROLLUP_WINDOW_DAYS), recoding the
 * rows whose turn day leaves or enters it: the assignments turning between the old window's start and
 * the new one's end are taken off under the old coding and added under the new (a row whose code does
 * not change adds nothing). A clock that went back rebuilds every row. One transaction; on PostgreSQL
 * the window's exclusive lock waits for writers coding against the old window (their triggers hold a
 * share lock) and holds new ones until the move commits.
 */
export async function moveRollupWindow(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
): Promise<{ moved: boolean; rebuilt: boolean }> {
  const today = now.toISOString().slice(0, 10);
  const end = new Date(Date.parse(`${today}T00:00:00.000Z`) + ROLLUP_WINDOW_DAYS * DAY).toISOString().slice(0, 10);
  // It reads the window, then writes what it read decided: on SQLite the write lock first (a deferred
  // BEGIN failed at its first write when the worker's other lane had committed meanwhile, on every first start).
  return writeTransaction(db, dialect, async (trx) => {
    if (hasRowLocks(dialect)) await sql`LOCK TABLE assignment_rollup_window IN EXCLUSIVE MODE`.execute(trx);
    const old = await trx
      .selectFrom('assignment_rollup_window')
      .select(['start_day as start', 'end_day as end'])
      .executeTakeFirstOrThrow();
    if (today < old.start) {
      await rebuild(trx, { start: today, end });
      await recodeListCodes(trx, today);
      await dropEmptyTotals(trx);
      return { moved: true, rebuilt: true };
    }
    if (today === old.start && end <= old.end) return { moved: false, rebuilt: false };
    const next: Window = { start: today, end: [end, old.end].sort().at(-1)! };
    await recode(trx, ASSIGNMENT_ROLLUPS, old, next);
    await recode(trx, ATTRIBUTE_ROLLUPS, old, next);
    await recodeListCodes(trx, next.start, old.start);
    await trx.updateTable('assignment_rollup_window').set({ start_day: next.start, end_day: next.end }).execute();
    await trx.deleteFrom('assignment_rollups').where('n', '=', 0).execute();
    await trx.deleteFrom('attribute_rollups').where('n', '=', 0).execute();
    await dropEmptyTotals(trx);
    return { moved: true, rebuilt: false };
  });
}

/**
 * The assignments list's status codes (migration 051) at the new window start: the open assignments
 * due and the completions expiring since the old start (each company's due date or expiry range),
 * or every row whose code differs when there is no old start to count from (a clock that went back).
 */
async function recodeListCodes(db: Kysely<Database>, start: string, oldStart?: string): Promise<void> {
  const code = sql.raw(listCode('assignments', `'${start}'`));
  if (oldStart === undefined) {
    await sql`UPDATE assignments SET list_code = ${code} WHERE list_code IS DISTINCT FROM ${code}`.execute(db);
    return;
  }
  for (const [column, state] of [
    ['due_at', sql`status NOT IN ('completed', 'renewed')`],
    ['expires_at', sql`status = 'completed'`],
  ] as const) {
    await sql`UPDATE assignments SET list_code = ${code}
      WHERE company_id IN (SELECT id FROM companies) AND ${state}
        AND ${sql.ref(column)} >= ${oldStart} AND ${sql.ref(column)} < ${start}`.execute(db);
  }
}

/** Total rows whose rollup rows all went (their triggers leave zeros behind). */
async function dropEmptyTotals(db: Kysely<Database>): Promise<void> {
  if (keepsTotals(db)) await db.deleteFrom('assignment_rollup_totals').where('n', '=', 0).execute();
}

const windowOf = (w: Window) => sql`(SELECT ${w.start} AS start_day, ${w.end} AS end_day)`;

/** A rollup table the window move recodes: its key columns, and each assignment `a`'s key under window `w`. */
export interface RecodedRollup {
  table: 'assignment_rollups' | 'attribute_rollups';
  columns: readonly string[];
  /** The key of assignment `a` (learner `u`, and whatever `joins` adds) under window `w`. */
  key: string;
  joins?: string;
}

const ASSIGNMENT_ROLLUPS: RecodedRollup = {
  table: 'assignment_rollups',
  columns: ROLLUP_KEY,
  key: rollupKey('a', 'w', 'u.department_id', 'u.suspended'),
};

export const ATTRIBUTE_ROLLUPS: RecodedRollup = {
  table: 'attribute_rollups',
  columns: ATTRIBUTE_KEY,
  key: attributeKey('a', 'v', 'w', 'u.department_id', 'u.suspended'),
  joins: `JOIN user_field_values v ON v.user_id = a.user_id AND v.value IS NOT NULL
    JOIN custom_fields f ON f.id = v.field_id AND f.type IN (${KEPT_FIELD_TYPES.map((t) => `'${t}'`).join(', ')})`,
};

/** The rows of `rollup` turning in [old.start, next.end): off under the old coding, on under the next. */
async function recode(db: Kysely<Database>, rollup: RecodedRollup, old: Window, next: Window): Promise<void> {
  const from = old.start;
  const to = next.end;
  const part = (w: Window, sign: '1' | '-1', column: 'due_at' | 'expires_at') => sql`SELECT
      ${sql.raw(rollup.key)}, ${sql.raw(sign)} AS n,
      ${sql.raw(sign)} * coalesce(CASE WHEN a.status = 'completed' THEN a.score END, 0) AS s,
      ${sql.raw(sign)} * (CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END) AS sn
    FROM assignments a JOIN users u ON u.id = a.user_id ${sql.raw(rollup.joins ?? '')} CROSS JOIN ${windowOf(w)} w
    WHERE a.company_id IN (SELECT id FROM companies)
      AND ${column === 'due_at' ? sql`a.status NOT IN ('completed', 'renewed')` : sql`a.status = 'completed'`}
      AND ${sql.ref(`a.${column}`)} >= ${from} AND ${sql.ref(`a.${column}`)} < ${to}`;
  const parts = [
    part(old, '-1', 'due_at'),
    part(old, '-1', 'expires_at'),
    part(next, '1', 'due_at'),
    part(next, '1', 'expires_at'),
  ];
  const keys = sql.raw(rollup.columns.map((_, i) => `c${i}`).join(', '));
  const columns = sql.raw(rollup.columns.join(', '));
  const table = sql.table(rollup.table);
  await sql`WITH d (${keys}, n, s, sn) AS (${sql.join(parts, sql` UNION ALL `)})
    INSERT INTO ${table} (${columns}, n, score_sum, score_n)
    SELECT ${keys}, sum(n), sum(s), sum(sn) FROM d GROUP BY ${keys} HAVING sum(n) <> 0 ORDER BY ${keys}
    ON CONFLICT (${columns}) DO UPDATE SET n = ${table}.n + excluded.n,
      score_sum = ${table}.score_sum + excluded.score_sum, score_n = ${table}.score_n + excluded.score_n`.execute(db);
}

/** Every rollup row again from the table, under window `w`. */
async function rebuild(db: Kysely<Database>, w: Window): Promise<void> {
  await db.deleteFrom('assignment_rollups').execute();
  await db.deleteFrom('attribute_rollups').execute();
  await db.updateTable('assignment_rollup_window').set({ start_day: w.start, end_day: w.end }).execute();
  await fillRollups(db);
  await fillAttributeRollups(db);
}

/** What `rollup` would hold for one company's assignments, recounted from the table: its key columns, n, score_sum, score_n. */
export async function recountRollup(
  db: Kysely<Database>,
  rollup: RecodedRollup,
  companyId: number,
): Promise<Record<string, unknown>[]> {
  const columns = sql.raw(rollup.columns.join(', '));
  const { rows } = await sql<Record<string, unknown>>`WITH x (${columns}, n, s, sn) AS (
      SELECT ${sql.raw(rollup.key)}, 1, coalesce(CASE WHEN a.status = 'completed' THEN a.score END, 0),
        CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END
      FROM assignments a JOIN users u ON u.id = a.user_id ${sql.raw(rollup.joins ?? '')}
        CROSS JOIN assignment_rollup_window w
      WHERE a.company_id = ${companyId} AND a.status <> 'renewed')
    SELECT ${columns}, sum(n) AS n, sum(s) AS score_sum, sum(sn) AS score_n FROM x GROUP BY ${columns}`.execute(db);
  return rows;
}

/**
 * The rollup rows a recount of the table gives for one company (the drift check), and the rows kept,
 * each as `key → n/score_sum/score_n`; equal when nothing drifted.
 */
export async function rollupDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const key = (row: Record<string, unknown>) =>
    [
      row.department_id,
      row.course_id,
      row.suspended,
      row.assigned_month,
      row.state,
      row.turn_day,
      row.completed_month,
    ].join('|');
  const value = (row: Record<string, unknown>) => `${Number(row.n)}/${Number(row.score_sum)}/${Number(row.score_n)}`;
  const recount = await recountRollup(db, ASSIGNMENT_ROLLUPS, companyId);
  const kept = await db
    .selectFrom('assignment_rollups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('n', '<>', 0)
    .execute();
  return differences(
    new Map(recount.map((row) => [key(row), value(row)])),
    new Map(kept.map((row) => [key(row as never), value(row as never)])),
  );
}

/**
 * SQLite: where `assignment_rollup_totals` differs from the rollups summed over their months (a list of
 * differences; empty when none, and always on PostgreSQL, which keeps no totals).
 */
export async function rollupTotalsDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  if (!keepsTotals(db)) return [];
  const key = (row: Record<string, unknown>) =>
    [row.department_id, row.course_id, row.suspended, row.state, row.turn_day].join('|');
  const value = (row: Record<string, unknown>) => `${Number(row.n)}/${Number(row.score_sum)}/${Number(row.score_n)}`;
  const { rows: summed } = await sql<Record<string, unknown>>`SELECT department_id, course_id, suspended, state,
      turn_day, sum(n) AS n, sum(score_sum) AS score_sum, sum(score_n) AS score_n
    FROM assignment_rollups WHERE company_id = ${companyId}
    GROUP BY department_id, course_id, suspended, state, turn_day HAVING sum(n) <> 0`.execute(db);
  const kept = await db
    .selectFrom('assignment_rollup_totals')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('n', '<>', 0)
    .execute();
  return differences(
    new Map(summed.map((row) => [key(row), value(row)])),
    new Map(kept.map((row) => [key(row as never), value(row as never)])),
  );
}

/** Where kept rollup values differ from counted ones, key by key: `key: kept …, counted …`. */
export function differences(counted: Map<string, string>, kept: Map<string, string>): string[] {
  const drift: string[] = [];
  for (const [k, v] of counted) if (kept.get(k) !== v) drift.push(`${k}: kept ${kept.get(k) ?? 'none'}, counted ${v}`);
  for (const [k, v] of kept) if (!counted.has(k)) drift.push(`${k}: kept ${v}, counted none`);
  return drift;
}

const ROLLUP_KEYS: Record<'none' | 'department' | 'course', RollupKeys> = {
  none: { rollup: [], table: [] },
  department: { rollup: [sql`r.department_id`], table: [sql`u.department_id`], byLearner: true },
  course: { rollup: [sql`r.course_id`], table: [sql`a.course_id`] },
};

/** A filter on one select or yes/no field's values, which the attribute rollups answer. */
export interface AttributeFilter {
  fieldId: number;
  values: string[];
}

/**
 * `countByStatus` from the rollups (by company, department or course); with `attribute`, of the
 * learners holding one of its values, from the attribute rollups (criteria without a period).
 */
export async function rollupCountByStatus(
  db: Kysely<Database>,
  c: ReportCriteria,
  by: 'none' | 'department' | 'course',
  attribute?: AttributeFilter,
): Promise<StatusGroupRow[]> {
  const options = attribute ? { attributeFieldId: attribute.fieldId, attributeValues: attribute.values } : {};
  const rows = await rollupStatusRows(db, c, ROLLUP_KEYS[by], options);
  return rows.map((row) => ({
    // No department: 0 in the rollups, null in the table.
    key: by === 'none' ? 0 : row.k0 === null || (by === 'department' && Number(row.k0) === 0) ? null : Number(row.k0),
    status: row.status,
    n: row.n,
    score_sum: row.score_sum,
    score_n: row.score_n,
  }));
}

/** Whether the attribute rollups keep a field of this type (select, yes/no: few values). */
export const keepsAttribute = (type: string) => (KEPT_FIELD_TYPES as readonly string[]).includes(type);

/**
 * `countByStatus` by a select or yes/no field's value from the attribute rollups (no period), with one
 * read of the assignments turning today (joined to the value; key null: no value). Learners without a
 * value count nowhere in the attribute rollups: their rollup share is the company's (the assignment
 * rollups) less the values'.
 */
export async function rollupCountByAttribute(
  db: Kysely<Database>,
  c: ReportCriteria,
  fieldId: number,
  /** Only learners holding one of these values (a filter on the same field): no "no value" group. */
  values?: string[],
): Promise<StatusGroupRow[]> {
  const byValue = { rollup: [sql`r.value`], table: [sql`v.value`] };
  const field = { attributeFieldId: fieldId, attributeValues: values };
  const [valued, today, total] = await Promise.all([
    rollupStatusRows(db, c, byValue, { ...field, parts: 'rollups' }),
    rollupStatusRows(db, c, byValue, { ...field, parts: 'today' }),
    values ? [] : rollupStatusRows(db, c, ROLLUP_KEYS.none, { parts: 'rollups' }),
  ]);
  const unvalued = total.map((row) => ({ ...row, k0: null }));
  for (const row of values ? [] : valued) {
    let rest = unvalued.find((group) => group.status === row.status);
    if (!rest) {
      rest = { ...row, k0: null, n: 0, score_sum: 0, score_n: 0 };
      unvalued.push(rest);
    }
    rest.n -= row.n;
    rest.score_sum -= row.score_sum;
    rest.score_n -= row.score_n;
  }
  const groups = new Map<string, StatusGroupRow>();
  for (const row of [...valued, ...unvalued, ...today]) {
    const key = row.k0 === null ? null : String(row.k0);
    const id = `${key}\u0000${row.status}`;
    const group = groups.get(id) ?? { key, status: row.status, n: 0, score_sum: 0, score_n: 0 };
    groups.set(id, group);
    group.n += row.n;
    group.score_sum += row.score_sum;
    group.score_n += row.score_n;
  }
  return [...groups.values()].filter((row) => row.n !== 0 || row.score_n !== 0);
}

/** `figuresPerCompany` (the benchmarks) from the rollups. */
export async function rollupFiguresPerCompany(db: Kysely<Database>, c: ReportCriteria): Promise<CompanyFigureRow[]> {
  const rows = await rollupStatusRows(
    db,
    c,
    { rollup: [sql`r.company_id`, sql`r.course_id`], table: [sql`a.company_id`, sql`a.course_id`] },
    { allCompanies: true },
  );
  const figures = new Map<string, CompanyFigureRow>();
  for (const row of rows) {
    const key = `${row.k0}:${row.k1}`;
    const figure = figures.get(key) ?? {
      company_id: Number(row.k0),
      course_id: Number(row.k1),
      assigned: 0,
      completed: 0,
      score_sum: 0,
      score_n: 0,
    };
    figures.set(key, figure);
    figure.assigned += row.n;
    if (row.status === 'completed') figure.completed += row.n;
    figure.score_sum += row.score_sum;
    figure.score_n += row.score_n;
  }
  return [...figures.values()].filter((figure) => figure.assigned > 0);
}

/** What the assignments list's quick count asks: its filters that the rollups hold. */
export interface RollupCountCriteria {
  companyId: number;
  now: string;
  /** The learners' departments (null: every learner, with a department or not). */
  departments: number[] | null;
  courseIds?: number[] | undefined;
  /** Only active learners, or every learner. */
  activeOnly: boolean;
  /** The derived statuses counted (all when undefined). */
  statuses?: DerivedStatus[] | undefined;
}

/**
 * How many assignments (renewed ones left out) match, from the rollups: the assignments list's total
 * for its status, course, department and learner-status filters without counting millions of rows.
 * Undefined when the rollups' window does not hold today (the list then counts the table).
 */
/** The rollup rows of each list code (migration 051): state and turn day against the window's start day. */
const CODED_ROWS: Record<number, (startDay: string) => RawBuilder<SqlBool>> = {
  1: (day) => sql<SqlBool>`r.state = 'not_started' AND r.turn_day >= ${day}`,
  2: (day) => sql<SqlBool>`r.state = 'in_progress' AND r.turn_day >= ${day}`,
  3: (day) => sql<SqlBool>`r.state <> 'completed' AND r.turn_day < ${day}`,
  4: (day) => sql<SqlBool>`r.state = 'completed' AND r.turn_day >= ${day}`,
  5: (day) => sql<SqlBool>`r.state = 'completed' AND r.turn_day < ${day}`,
};

/**
 * How many of a company's assignments hold list code `code` (their status as the window's day
 * `startDay` began), from the rollups: a rollup row's state and turn day decide it as a row's do.
 * Reads no clock (its callers keep it under the data stamp). From the totals where SQLite keeps them,
 * else the rollups themselves (PostgreSQL: some 70,000 rows for 10M assignments). Undefined when the
 * window has moved on.
 */
export async function rollupCodedCount(
  db: Kysely<Database>,
  companyId: number,
  startDay: string,
  code: number,
): Promise<number | undefined> {
  const source = keepsTotals(db) ? sql`assignment_rollup_totals` : sql`assignment_rollups`;
  const { rows } = await sql<{ start_day: string; n: number | null }>`SELECT w.start_day,
      (SELECT sum(r.n) FROM ${source} r WHERE r.company_id = ${companyId} AND ${CODED_ROWS[code]!(startDay)}) AS n
    FROM assignment_rollup_window w`.execute(db);
  return rows[0]?.start_day === startDay ? Number(rows[0].n ?? 0) : undefined;
}

export async function rollupAssignmentCount(db: Kysely<Database>, q: RollupCountCriteria): Promise<number | undefined> {
  const c: ReportCriteria = {
    companyId: q.companyId,
    now: q.now,
    departments: q.departments,
    courseIds: q.courseIds,
    includeDeactivated: !q.activeOnly,
  };
  if (!(await rollupsAnswer(db, c))) return undefined;
  const rows = await rollupCountByStatus(db, c, 'none');
  return rows.filter((row) => !q.statuses || q.statuses.includes(row.status)).reduce((n, row) => n + row.n, 0);
}
