import { type Kysely, sql } from 'kysely';
import { attributeKey, KEPT_FIELD_TYPES } from '../../db/migrations/050-attribute-rollups.ts';
import type { Database } from '../../db/types.ts';
import { differences } from './reports-rollups.repository.ts';

/**
 * Where `attribute_rollups` (migration 050) differs from a recount of the table for one company's
 * select and yes/no fields: a list of `key: kept …, counted …`, empty when nothing drifted.
 */
export async function attributeRollupDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const key = (row: Record<string, unknown>) =>
    [row.field_id, row.suspended, row.department_id, row.course_id, row.value, row.state, row.turn_day].join('|');
  const value = (row: Record<string, unknown>) => `${Number(row.n)}/${Number(row.score_sum)}/${Number(row.score_n)}`;
  const kept = sql.raw(KEPT_FIELD_TYPES.map((type) => `'${type}'`).join(', '));
  const { rows: recount } = await sql<Record<string, unknown>>`WITH x (field_id, suspended, department_id, course_id,
      value, state, turn_day, n, s, sn) AS (
      SELECT ${sql.raw(attributeKey('a', 'v', 'w', 'u.department_id', 'u.suspended'))}, 1,
        coalesce(CASE WHEN a.status = 'completed' THEN a.score END, 0),
        CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END
      FROM assignments a JOIN users u ON u.id = a.user_id JOIN user_field_values v ON v.user_id = a.user_id
        JOIN custom_fields f ON f.id = v.field_id CROSS JOIN assignment_rollup_window w
      WHERE a.company_id = ${companyId} AND a.status <> 'renewed' AND v.value IS NOT NULL AND f.type IN (${kept}))
    SELECT field_id, suspended, department_id, course_id, value, state, turn_day,
      sum(n) AS n, sum(s) AS score_sum, sum(sn) AS score_n
    FROM x GROUP BY field_id, suspended, department_id, course_id, value, state, turn_day`.execute(db);
  const rows = await db
    .selectFrom('attribute_rollups')
    .selectAll()
    .where('field_id', 'in', db.selectFrom('custom_fields').select('id').where('company_id', '=', companyId))
    .where('n', '<>', 0)
    .execute();
  return differences(
    new Map(recount.map((row) => [key(row), value(row)])),
    new Map(rows.map((row) => [key(row as never), value(row as never)])),
  );
}
