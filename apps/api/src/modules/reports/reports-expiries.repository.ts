import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import { differences, rollupCountByStatus, rollupsAnswer } from './reports-rollups.repository.ts';
import { type ExpiryRow, expiringPerCourse, inList } from './reports.repository.ts';

// The recertification widget from the rollups (decision 093): completions expired from the
// assignment rollups (status expired), those expiring in the next 90 days from the expiry rollups
// (migration 048), summed by day. The days a bucket's bound falls in (today, +30, +60, +90 days) are
// read from the table, where each completion's expiry is compared with the bound's instant.

/** Whether the rollups can answer: as `rollupsAnswer`, and no period (expiry rollups know no month assigned). */
export async function expiryRollupsAnswer(db: Kysely<Database>, c: ReportCriteria): Promise<boolean> {
  return c.period === undefined && (await rollupsAnswer(db, c));
}

const dayOf = (iso: string) => iso.slice(0, 10);

type Bucket = 'days_30' | 'days_60' | 'days_90';

/**
 * `expiriesPerCourse` from the rollups: the same rows, per course with any count. A bound's day
 * (today, +30, +60, +90 days) splits at the bound's instant: its completions up to the instant are in
 * the bucket before, the rest in the bucket after. The table is read on the shorter side of the
 * instant only (at most half a day's completions); the other side is the day's rollup total less it.
 */
export async function rollupExpiriesPerCourse(
  db: Kysely<Database>,
  c: ReportCriteria,
  bounds: [string, string, string],
): Promise<ExpiryRow[]> {
  const [today, d30, d60, d90] = [c.now, ...bounds].map(dayOf) as [string, string, string, string];
  // Each bound's day, its instant, and the buckets before and after it (expired ones come from the statuses).
  const splits: { day: string; bound: string; before?: Bucket; after?: Bucket }[] = [
    { day: today, bound: c.now, after: 'days_30' },
    { day: d30, bound: bounds[0], before: 'days_30', after: 'days_60' },
    { day: d60, bound: bounds[1], before: 'days_60', after: 'days_90' },
    { day: d90, bound: bounds[2], before: 'days_90' },
  ];
  const boundDays = splits.map((split) => split.day);
  const [statuses, days, dayTotals, ...sides] = await Promise.all([
    rollupCountByStatus(db, c, 'course'),
    sql<{ course_id: number; days_30: number; days_60: number; days_90: number }>`SELECT r.course_id,
        sum(CASE WHEN r.expiry_day < ${d30} THEN r.n ELSE 0 END) AS days_30,
        sum(CASE WHEN r.expiry_day > ${d30} AND r.expiry_day < ${d60} THEN r.n ELSE 0 END) AS days_60,
        sum(CASE WHEN r.expiry_day > ${d60} THEN r.n ELSE 0 END) AS days_90
      FROM expiry_rollups r
      WHERE ${expiryConditions(c)} AND r.expiry_day > ${today} AND r.expiry_day < ${d90}
        AND ${sql<SqlBool>`NOT ${inList(sql`r.expiry_day`, boundDays)}`}
      GROUP BY r.course_id`.execute(db),
    sql<{ expiry_day: string; course_id: number; n: number }>`SELECT r.expiry_day, r.course_id, sum(r.n) AS n
      FROM expiry_rollups r WHERE ${expiryConditions(c)} AND ${inList(sql`r.expiry_day`, boundDays)}
      GROUP BY r.expiry_day, r.course_id`.execute(db),
    // One query a bound: a short range of the expiry index, on the side of the instant nearer the day's end.
    ...splits.map(({ day, bound }) =>
      readsBefore(bound)
        ? expiringPerCourse(db, c, day, bound, 'through')
        : expiringPerCourse(db, c, bound, `${nextDay(day)}T00:00:00.000Z`, 'after'),
    ),
  ]);
  const perCourse = new Map<number, ExpiryRow>();
  const row = (courseId: number) => {
    const found = perCourse.get(courseId) ?? { course_id: courseId, expired: 0, days_30: 0, days_60: 0, days_90: 0 };
    perCourse.set(courseId, found);
    return found;
  };
  for (const s of statuses) if (s.status === 'expired' && s.n > 0) row(Number(s.key)).expired += s.n;
  for (const d of days.rows) {
    const r = row(Number(d.course_id));
    r.days_30 += Number(d.days_30);
    r.days_60 += Number(d.days_60);
    r.days_90 += Number(d.days_90);
  }
  for (const [i, { day, bound, before, after }] of splits.entries()) {
    const read = new Map(sides[i]!.map((side) => [side.course_id, side.n]));
    for (const total of dayTotals.rows.filter((t) => t.expiry_day === day)) {
      const courseId = Number(total.course_id);
      const readSide = read.get(courseId) ?? 0;
      const [early, late] = readsBefore(bound)
        ? [readSide, Number(total.n) - readSide]
        : [Number(total.n) - readSide, readSide];
      if (before && early !== 0) row(courseId)[before] += early;
      if (after && late !== 0) row(courseId)[after] += late;
    }
  }
  return [...perCourse.values()].filter((r) => r.expired + r.days_30 + r.days_60 + r.days_90 > 0);
}

/** Whether a bound's day is read up to its instant (before noon UTC) rather than after it. */
const readsBefore = (bound: string) => bound.slice(11) < '12:00';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The criteria's conditions on expiry rollup rows `r` (no period: see `expiryRollupsAnswer`). */
function expiryConditions(c: ReportCriteria): RawBuilder<SqlBool> {
  const and: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.company_id = ${c.companyId}`];
  if (!c.includeDeactivated) and.push(sql<SqlBool>`r.suspended = 0`);
  if (c.departments) and.push(inList(sql`r.department_id`, c.departments));
  if (c.courseIds) and.push(inList(sql`r.course_id`, c.courseIds));
  return sql.join(and, sql` AND `) as RawBuilder<SqlBool>;
}

/** A company's expiry rollups against a recount from the table: a list of differences, empty when none. */
export async function expiryRollupDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const key = (row: Record<string, unknown>) =>
    [row.suspended, row.department_id, row.course_id, row.expiry_day].map(String).join('|');
  const { rows: recount } = await sql<Record<string, unknown>>`SELECT u.suspended,
      coalesce(u.department_id, 0) AS department_id, a.course_id, substr(a.expires_at, 1, 10) AS expiry_day,
      count(*) AS n
    FROM assignments a JOIN users u ON u.id = a.user_id
    WHERE a.company_id = ${companyId} AND a.status = 'completed' AND a.expires_at IS NOT NULL
    GROUP BY 1, 2, 3, 4`.execute(db);
  const kept = await db
    .selectFrom('expiry_rollups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('n', '<>', 0)
    .execute();
  return differences(
    new Map(recount.map((row) => [key(row), String(Number(row.n))])),
    new Map(kept.map((row) => [key(row as never), String(Number(row.n))])),
  );
}
