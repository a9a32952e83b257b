import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { CustomFieldsTable, Database } from '../../db/types.ts';

const COLUMNS = ['id', 'key', 'label', 'type', 'options', 'required', 'show_in_table', 'position'] as const;

export async function listFieldRows(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('custom_fields')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export type FieldRow = Awaited<ReturnType<typeof listFieldRows>>[number];

export async function findFieldRow(db: Kysely<Database>, companyId: number, id: number): Promise<FieldRow | undefined> {
  return db
    .selectFrom('custom_fields')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/**
 * Takes the field's row lock (PostgreSQL) before reading it, so two changes of one field queue up
 * and each plans its conversion from the definition the other left. SQLite serialises writers anyway.
 */
export async function lockFieldRow(db: Kysely<Database>, companyId: number, id: number, now: string) {
  await db
    .updateTable('custom_fields')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
  return findFieldRow(db, companyId, id);
}

/** Users holding a value, per field of the company (one grouped pass over the company's values). */
export async function countValuesByField(db: Kysely<Database>, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('user_field_values')
    .select(['field_id', (eb) => eb.fn.countAll<string | number>().as('users')])
    .where('company_id', '=', companyId)
    .where('value', 'is not', null)
    .groupBy('field_id')
    .execute();
  return new Map(rows.map((row) => [row.field_id, Number(row.users)]));
}

export async function insertFieldRow(db: Kysely<Database>, values: Insertable<CustomFieldsTable>): Promise<number> {
  const row = await db.insertInto('custom_fields').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFieldRow(db: Kysely<Database>, id: number, values: Updateable<CustomFieldsTable>) {
  await db.updateTable('custom_fields').set(values).where('id', '=', id).execute();
}

export async function nextPosition(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('custom_fields')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

/** Positions 0…n-1 in the order of `ids`, in one statement. */
export async function setPositions(db: Kysely<Database>, companyId: number, ids: number[], now: string) {
  const cases = sql.join(
    ids.map((id, position) => sql`WHEN ${id} THEN CAST(${position} AS integer)`),
    sql` `,
  );
  await db
    .updateTable('custom_fields')
    .set({ position: sql<number>`CASE id ${cases} END`, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes the field's values and then the field; returns how many values went. */
export async function deleteField(db: Kysely<Database>, companyId: number, id: number): Promise<number> {
  const values = await db
    .deleteFrom('user_field_values')
    .where('company_id', '=', companyId)
    .where('field_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('custom_fields').where('id', '=', id).where('company_id', '=', companyId).execute();
  return Number(values.numDeletedRows);
}
