import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { learnerAverage } from '../../db/migrations/047-learner-rollups.ts';
import type { Database } from '../../db/types.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import { differences } from './reports-rollups.repository.ts';
import { inList, learnerFilters } from './reports.repository.ts';

// The per-learner widgets from the learner rollups (migration 047, decision 092): the leaderboard's
// candidates and the learner summary's total, without reading every assignment of the company.

/**
 * Whether the learner rollups can answer: they count all of a learner's assignments, so not when a
 * course or a period narrows which assignments count. Custom fields and departments narrow learners,
 * which the rollups know.
 */
export const learnerRollupsAnswer = (c: ReportCriteria) => c.courseIds === undefined && c.period === undefined;

const reach = (c: ReportCriteria): RawBuilder<SqlBool> =>
  sql.join(
    [sql`lr.company_id = ${c.companyId}`, ...learnerFilters(c, 'lr', 'user_id')],
    sql` AND `,
  ) as RawBuilder<SqlBool>;

/**
 * How many learners in the criteria's reach have an assignment. With a custom-field filter the
 * learners holding the first field's values are counted from the field's index (a sixth of a
 * million learners is read, not the million).
 */
export async function rollupLearnerCount(db: Kysely<Database>, c: ReportCriteria): Promise<number> {
  const [first, ...others] = c.customFields ?? [];
  const { rows } = first
    ? await sql<{ n: number }>`SELECT count(*) AS n FROM user_field_values v0 CROSS JOIN learner_rollups lr
        WHERE v0.company_id = ${c.companyId} AND v0.field_id = ${first.fieldId} AND ${inList(sql`v0.value`, first.values)}
          AND lr.user_id = v0.user_id AND ${reach({ ...c, customFields: others })} AND lr.assigned > 0`.execute(db)
    : await sql<{ n: number }>`SELECT count(*) AS n FROM learner_rollups lr
        WHERE ${reach(c)} AND lr.assigned > 0`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

interface Ranked {
  userId: number;
  completed: number;
  average: number;
}

/** (completions, average) descending; ties are left to the table's query, which orders them by name. */
const byRank = (a: Ranked, b: Ranked) => b.completed - a.completed || b.average - a.average;

/** The walk's first batch of learners, and how much each next batch grows. */
const BATCHES = { first: 64, growth: 4 };

/**
 * The learners who can be in the top `size` by completions valid now, then average score: at least
 * the top `size`, and every learner tied with the last of them. The walk reads the rollups best first
 * (stored completions, then average) and subtracts each learner's expired completions from the
 * table. Stored completions are never fewer than valid ones and expiry leaves the average alone, so
 * once the walk's rank falls below the `size`-th learner's, no later learner can reach or tie them.
 */
export async function leaderboardCandidates(
  db: Kysely<Database>,
  c: ReportCriteria,
  size: number,
  batches = BATCHES,
): Promise<number[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const average = sql.raw(learnerAverage(postgres));
  const found: Ranked[] = [];
  let offset = 0;
  let batch = batches.first;
  for (;;) {
    const { rows } = await sql<{ user_id: number; completed: number; score_sum: number; score_n: number }>`
      SELECT lr.user_id, lr.completed, lr.score_sum, lr.score_n FROM learner_rollups lr
      WHERE ${reach(c)} AND lr.completed > 0
      ORDER BY lr.company_id, lr.completed DESC, ${average} DESC, lr.user_id
      LIMIT ${batch} OFFSET ${offset}`.execute(db);
    const walked = rows.map((row) => ({
      userId: Number(row.user_id),
      completed: Number(row.completed),
      average: Number(row.score_n) === 0 ? -1 : Number(row.score_sum) / Number(row.score_n),
    }));
    const expired = await expiredCompletions(
      db,
      c.now,
      walked.map((row) => row.userId),
    );
    for (const row of walked) {
      const valid = row.completed - (expired.get(row.userId) ?? 0);
      if (valid > 0) found.push({ ...row, completed: valid });
    }
    found.sort(byRank);
    const last = walked.at(-1);
    const kth = found[size - 1];
    if (!last || rows.length < batch || (kth && byRank(kth, last) < 0)) break;
    offset += batch;
    batch *= batches.growth;
  }
  const kth = found[size - 1];
  return found.filter((row) => !kth || byRank(row, kth) <= 0).map((row) => row.userId);
}

/** Per learner: completions expired at `now` (stored completed, expiry passed; never renewed ones). */
async function expiredCompletions(db: Kysely<Database>, now: string, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: number; n: number }>`SELECT a.user_id, count(*) AS n FROM assignments a
    WHERE ${inList(sql`a.user_id`, userIds)} AND a.status = 'completed'
      AND a.expires_at IS NOT NULL AND a.expires_at <= ${now}
    GROUP BY a.user_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.n)]));
}

/**
 * A company's learner rollups against a recount from the table: a list of differences, empty when
 * none (rows of learners with no counted assignment are left out on both sides).
 */
export async function learnerRollupDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const value = (row: Record<string, unknown>) =>
    [row.department_id ?? '-', row.suspended, row.assigned, row.completed, row.score_sum, row.score_n]
      .map((x) => (x === '-' ? x : Number(x)))
      .join('/');
  const { rows: recount } = await sql<Record<string, unknown>>`SELECT u.id AS user_id, u.department_id, u.suspended,
      count(*) AS assigned, sum(CASE WHEN a.status = 'completed' THEN 1 ELSE 0 END) AS completed,
      sum(CASE WHEN a.status = 'completed' THEN coalesce(a.score, 0) ELSE 0 END) AS score_sum,
      sum(CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END) AS score_n
    FROM assignments a JOIN users u ON u.id = a.user_id
    WHERE a.company_id = ${companyId} AND a.status <> 'renewed'
    GROUP BY u.id, u.department_id, u.suspended`.execute(db);
  const kept = await db
    .selectFrom('learner_rollups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('assigned', '<>', 0)
    .execute();
  return differences(
    new Map(recount.map((row) => [String(row.user_id), value(row)])),
    new Map(kept.map((row) => [String(row.user_id), value(row as never)])),
  );
}
