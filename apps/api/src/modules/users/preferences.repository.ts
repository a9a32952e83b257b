import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export async function findPreference(db: Kysely<Database>, userId: number, name: string) {
  return db
    .selectFrom('preferences')
    .select(['name', 'data_type', 'value'])
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function upsertPreference(
  db: Kysely<Database>,
  values: { userId: number; name: string; dataType: string; value: string; now: string },
): Promise<void> {
  await db
    .insertInto('preferences')
    .values({
      user_id: values.userId,
      name: values.name,
      data_type: values.dataType,
      value: values.value,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'name'])
        .doUpdateSet({ data_type: values.dataType, value: values.value, updated_at: values.now }),
    )
    .execute();
}

/** Deletes a preference; true when there was one. */
export async function deletePreferenceRow(db: Kysely<Database>, userId: number, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('preferences')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
