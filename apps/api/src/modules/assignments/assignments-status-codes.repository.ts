import type { AssignmentStatus } from '@heed/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import * as lists from '../../db/lists/index.ts';
import { listCode } from '../../db/migrations/051-assignment-list-codes.ts';
import type { Database } from '../../db/types.ts';
import { rollupCodedCount } from '../reports/index.ts';
import type { AssignmentCriteria } from './assignments.criteria.ts';

// The assignments list's statuses from the rows' list codes (migration 051, decision 096): a status
// filter or the status order is one index range per status, plus the few rows that turned since the
// codes' day, read apart and merged in order by the list engine (`ListSpec.parts`).

/** Each status's rank in the list's status order, and its list code (migration 051). */
const RANK: Record<AssignmentStatus, number> = {
  not_started: 1,
  in_progress: 2,
  overdue: 3,
  completed: 4,
  expired: 5,
};
const STATUSES = Object.keys(RANK) as AssignmentStatus[];

/**
 * The request's instant, and when the rows' list codes hold (migration 051): the start of the window
 * day they were coded at, when that day is today or a few days before (else undefined: the statuses
 * are read from the dates alone).
 */
export interface ListClock {
  now: string;
  codedAt?: string | undefined;
}

/**
 * The rows of table `t` that turned since their codes' day: open ones coded `codes` due since (now
 * overdue), and completions expiring since (now expired; every completion expiring after the day
 * began is coded completed). A few hours' turns, each through an index that holds its condition:
 * `(company_id, list_code, due_at, id)` and `(company_id, status, expires_at, …)`.
 */
const turnedDue = (codes: number[]) => (t: string, companyId: number, clock: Required<ListClock>) =>
  sql<SqlBool>`(${sql.ref(`${t}.company_id`)} = ${companyId} AND ${sql.ref(`${t}.list_code`)} IN (${sql.join(codes)})
      AND ${sql.ref(`${t}.due_at`)} >= ${clock.codedAt} AND ${sql.ref(`${t}.due_at`)} < ${clock.now})`;
const turnedExpiry = (t: string, companyId: number, clock: Required<ListClock>) =>
  sql<SqlBool>`(${sql.ref(`${t}.company_id`)} = ${companyId} AND ${sql.ref(`${t}.status`)} = 'completed'
    AND ${sql.ref(`${t}.expires_at`)} >= ${clock.codedAt} AND ${sql.ref(`${t}.expires_at`)} <= ${clock.now})`;

type Turned = typeof turnedExpiry;

/** The statuses some coded rows turn into during the day, and what they turn from. */
const TURNED: Partial<Record<AssignmentStatus, Turned>> = {
  overdue: turnedDue([1, 2]),
  expired: turnedExpiry,
};
const TURNS_FROM: Partial<Record<AssignmentStatus, Turned>> = {
  not_started: turnedDue([1]),
  in_progress: turnedDue([2]),
  completed: turnedExpiry,
};

/** Which of a status's rows a condition reads: coded with it and still in it, turned into it since, or both. */
export type StatusPart = 'settled' | 'turned';

/**
 * A status from the list codes (decision 096): the rows coded with it that have not turned since
 * (one index range), and the rows that turned into it since the codes' day (a few, read apart).
 */
export function codedStatusCondition(
  context: lists.WhereContext,
  status: AssignmentStatus,
  companyId: number,
  clock: Required<ListClock>,
  part: StatusPart | undefined,
): RawBuilder<SqlBool> {
  const from = TURNS_FROM[status];
  const settled = sql<SqlBool>`(${context.column('assignments.list_code', 1)} = ${RANK[status]}${
    from ? sql` AND assignments.id NOT IN (SELECT t.id FROM assignments t WHERE ${from('t', companyId, clock)})` : sql``
  })`;
  const turned = TURNED[status]?.('assignments', companyId, clock);
  if (part === 'settled') return settled;
  if (part === 'turned') return turned ?? sql<SqlBool>`1 = 0`;
  return turned ? sql<SqlBool>`(${settled} OR ${turned})` : settled;
}

/**
 * With list codes, the statuses asked (every status when sorted by status) as parts a walk in sort
 * order merges (decision 096): per status, its coded rows still in it (one index range), and the few
 * that turned into it since (overdue, expired). Sorted by status, each part holds its rank.
 */
export function statusParts(
  criteria: AssignmentCriteria,
  order: lists.ListOrder,
  clock: ListClock,
): lists.ListPart<AssignmentCriteria>[] | undefined {
  const byStatus = order.orderBy[0] === 'status_rank';
  const statuses = criteria.statuses ?? (byStatus ? STATUSES : undefined);
  if (!clock.codedAt || !statuses) return undefined;
  const parts = statuses.flatMap((status) => {
    const part = (statusPart: StatusPart, rank: RawBuilder<unknown>) => ({
      criteria: { ...criteria, now: criteria.now ?? clock.now, statuses: [status], statusPart },
      ...(byStatus ? { sortValues: { status_rank: rank } } : {}),
    });
    const settled = part('settled', sql`assignments.list_code`);
    return TURNED[status] ? [settled, { ...part('turned', sql.lit(RANK[status])), small: true }] : [settled];
  });
  return parts.length > 1 || byStatus ? parts : undefined;
}

/** Criteria the codes answer alone (a status count, the status order's groups): the company's statuses, nothing else. */
const CODE_COUNT_KEYS = new Set(['companyId', 'scope', 'now', 'statuses']);

/**
 * The status order's groups (`ListSpec.groupedSorts`, decision 099): the statuses asked (all by
 * default) in rank order, each its own group in due date order, so a page reads one or two statuses
 * and skips the others by their counts. Only while the list codes hold (each status an index range),
 * and for the company's statuses alone: a group is read without the planners' hints, and with a
 * department or course filter SQLite's own choice was ten times slower than the planned parts.
 */
export const statusGroups =
  (clock: ListClock) =>
  async (
    _db: Kysely<Database>,
    criteria: AssignmentCriteria,
  ): Promise<lists.ListGroup<AssignmentCriteria>[] | undefined> => {
    const only = Object.entries(criteria).every(([key, value]) => value === undefined || CODE_COUNT_KEYS.has(key));
    if (!clock.codedAt || criteria.scope !== null || !only) return undefined;
    const asked = criteria.statuses ?? STATUSES;
    const now = criteria.now ?? clock.now;
    return STATUSES.filter((status) => asked.includes(status)).map((status) => ({
      criteria: { ...criteria, now, statuses: [status] },
    }));
  };

/**
 * The list codes' day as an instant (`ListClock.codedAt`) when they can serve a request at `now`: the
 * window's start is today or at most a week before (the rows turned since are read apart).
 */
export async function listCodesDay(db: Kysely<Database>, now: string): Promise<string | undefined> {
  const window = await db.selectFrom('assignment_rollup_window').select('start_day').executeTakeFirst();
  const start = window?.start_day;
  const weekBefore = new Date(Date.parse(now) - 7 * 86_400_000).toISOString().slice(0, 10);
  if (!start || start > now.slice(0, 10) || start < weekBefore) return undefined;
  return `${start}T00:00:00.000Z`;
}

/**
 * A company-wide status total from the list codes: each status's coded rows from the rollups (kept
 * under the data stamp: they read no clock), less those that turned out of it since the codes' day,
 * plus those that turned into it (two index counts of a few hours' turns). Undefined for any other
 * criteria, or when the codes do not hold.
 */
export async function countFromCodes(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AssignmentCriteria,
  clock: ListClock,
): Promise<number | undefined> {
  const { codedAt } = clock;
  const only = Object.entries(criteria).every(([key, value]) => value === undefined || CODE_COUNT_KEYS.has(key));
  if (!codedAt || !criteria.statuses || criteria.scope !== null || !only) return undefined;
  const startDay = codedAt.slice(0, 10);
  const now = criteria.now ?? clock.now;
  const coded = async (status: AssignmentStatus) =>
    lists.cachedQuickCount(db, dialect, `assignment-codes:${criteria.companyId}:${startDay}:${status}`, false, () =>
      rollupCodedCount(db, criteria.companyId, startDay, RANK[status]),
    );
  const { rows: due } = await sql<{ code: number; n: number }>`SELECT list_code AS code, count(*) AS n
    FROM assignments WHERE company_id = ${criteria.companyId} AND list_code IN (1, 2)
      AND due_at >= ${codedAt} AND due_at < ${now} GROUP BY list_code`.execute(db);
  const { rows: expiring } = await sql<{ n: number }>`SELECT count(*) AS n FROM assignments
    WHERE company_id = ${criteria.companyId} AND status = 'completed'
      AND expires_at >= ${codedAt} AND expires_at <= ${now}`.execute(db);
  const dueOf = (code: number) => Number(due.find((row) => Number(row.code) === code)?.n ?? 0);
  const turned: Record<AssignmentStatus, number> = {
    not_started: -dueOf(1),
    in_progress: -dueOf(2),
    overdue: dueOf(1) + dueOf(2),
    completed: -Number(expiring[0]?.n ?? 0),
    expired: Number(expiring[0]?.n ?? 0),
  };
  let total = 0;
  for (const status of new Set(criteria.statuses)) {
    const n = await coded(status);
    if (n === undefined) return undefined;
    total += n + turned[status];
  }
  return total;
}

/** The company's assignments whose list code is not what the window's day gives (the drift check): their ids, or none. */
export async function listCodeDrift(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT a.id FROM assignments a CROSS JOIN assignment_rollup_window w
    WHERE a.company_id = ${companyId} AND a.list_code IS DISTINCT FROM (${sql.raw(listCode('a', 'w.start_day'))})
    ORDER BY a.id`.execute(db);
  return rows.map((row) => Number(row.id));
}
