import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ATTRIBUTE_ROLLUPS, differences, recountRollup } from './reports-rollups.repository.ts';

/**
 * Where `attribute_rollups` (migration 050) differs from a recount of the table for one company's
 * select and yes/no fields: a list of `key: kept …, counted …`, empty when nothing drifted.
 */
export async function attributeRollupDrift(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const key = (row: Record<string, unknown>) =>
    [row.field_id, row.suspended, row.department_id, row.course_id, row.value, row.state, row.turn_day].join('|');
  const value = (row: Record<string, unknown>) => `${Number(row.n)}/${Number(row.score_sum)}/${Number(row.score_n)}`;
  const recount = await recountRollup(db, ATTRIBUTE_ROLLUPS, companyId);
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
