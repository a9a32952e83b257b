import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import { differences, rollupCountByStatus, rollupsAnswer } from './reports-rollups.repository.ts';
import { type ExpiryRow, expiriesPerCourse, inList } from './reports.repository.ts';

// The recertification widget from the rollups (decision 093): completions expired from the
// assignment rollups (status expired), those expiring in the next 90 days from the expiry rollups
// (migration 048), summed by day. The days a bucket's bound falls in (today, +30, +60, +90 days) are
// read from the table, where each completion's expiry is compared with the bound's instant.

/** Whether the rollups can answer: as `rollupsAnswer`, and no period (expiry rollups know no month assigned). */
export async function expiryRollupsAnswer(db: Kysely<Database>, c: ReportCriteria): Promise<boolean> {
  return c.period === undefined && (await rollupsAnswer(db, c));
}

const dayOf = (iso: string) => iso.slice(0, 10);

/** `expiriesPerCourse` from the rollups: the same rows, per course with any count. */
export async function rollupExpiriesPerCourse(
  db: Kysely<Database>,
  c: ReportCriteria,
  bounds: [string, string, string],
): Promise<ExpiryRow[]> {
  const [today, d30, d60, d90] = [c.now, ...bounds].map(dayOf) as [string, string, string, string];
  const boundDays = [...new Set([today, d30, d60, d90])];
  const [statuses, days, ...edges] = await Promise.all([
    rollupCountByStatus(db, c, 'course'),
    sql<{ course_id: number; days_30: number; days_60: number; days_90: number }>`SELECT r.course_id,
        sum(CASE WHEN r.expiry_day < ${d30} THEN r.n ELSE 0 END) AS days_30,
        sum(CASE WHEN r.expiry_day > ${d30} AND r.expiry_day < ${d60} THEN r.n ELSE 0 END) AS days_60,
        sum(CASE WHEN r.expiry_day > ${d60} THEN r.n ELSE 0 END) AS days_90
      FROM expiry_rollups r
      WHERE ${expiryConditions(c)} AND r.expiry_day > ${today} AND r.expiry_day < ${d90}
        AND ${sql<SqlBool>`NOT ${inList(sql`r.expiry_day`, boundDays)}`}
      GROUP BY r.course_id`.execute(db),
    // One query a day: each is a short range of the expiry index.
    ...boundDays.map((day) => expiriesPerCourse(db, c, bounds, day)),
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
  // The bound days: expired ones are already counted (status expired, as the rollups derive it).
  for (const e of edges.flat()) {
    const r = row(e.course_id);
    r.days_30 += e.days_30;
    r.days_60 += e.days_60;
    r.days_90 += e.days_90;
  }
  return [...perCourse.values()].filter((r) => r.expired + r.days_30 + r.days_60 + r.days_90 > 0);
}

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
