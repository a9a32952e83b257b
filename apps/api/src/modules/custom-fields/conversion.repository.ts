import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface HeldValue {
  value: string;
  users: number;
}

/**
 * One page of the distinct values users hold of a field, each with how many hold it, in value
 * order after `after` (a range scan of the values index).
 */
export async function heldValuesPage(
  db: Kysely<Database>,
  companyId: number,
  fieldId: number,
  after: string | null,
  limit: number,
): Promise<HeldValue[]> {
  let query = db
    .selectFrom('user_field_values')
    .select(['value', (eb) => eb.fn.countAll<string | number>().as('users')])
    .where('company_id', '=', companyId)
    .where('field_id', '=', fieldId)
    .where('value', 'is not', null);
  if (after !== null) query = query.where('value', '>', after);
  const rows = await query.groupBy('value').orderBy('value').limit(limit).execute();
  return rows.map((row) => ({ value: row.value as string, users: Number(row.users) }));
}

export interface StagedChange {
  oldValue: string;
  /** null clears the value. */
  newValue: string | null;
}

const STAGE_BATCH = 500;

export async function stageChanges(db: Kysely<Database>, fieldId: number, changes: StagedChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += STAGE_BATCH) {
    const batch = changes.slice(start, start + STAGE_BATCH);
    await db
      .insertInto('custom_field_value_changes')
      .values(batch.map((c) => ({ field_id: fieldId, old_value: c.oldValue, new_value: c.newValue })))
      .execute();
  }
}

/**
 * Applies the staged changes to every user's value in two statements, then empties the staging.
 * Clearing runs first, so a value mapped onto one that is being cleared survives.
 */
export async function applyStagedChanges(
  db: Kysely<Database>,
  companyId: number,
  fieldId: number,
): Promise<{ updated: number; cleared: number }> {
  const staged = (cleared: boolean) =>
    db
      .selectFrom('custom_field_value_changes')
      .select('old_value')
      .where('field_id', '=', fieldId)
      .where('new_value', cleared ? 'is' : 'is not', null);
  const deleted = await db
    .deleteFrom('user_field_values')
    .where('company_id', '=', companyId)
    .where('field_id', '=', fieldId)
    .where('value', 'in', staged(true))
    .executeTakeFirst();
  const updated = await db
    .updateTable('user_field_values')
    .set({
      value: (eb) =>
        eb
          .selectFrom('custom_field_value_changes as c')
          .select('c.new_value')
          .where('c.field_id', '=', fieldId)
          .whereRef('c.old_value', '=', sql.ref('user_field_values.value')),
    })
    .where('company_id', '=', companyId)
    .where('field_id', '=', fieldId)
    .where('value', 'in', staged(false))
    .executeTakeFirst();
  await db.deleteFrom('custom_field_value_changes').where('field_id', '=', fieldId).execute();
  return { updated: Number(updated.numUpdatedRows), cleared: Number(deleted.numDeletedRows) };
}
