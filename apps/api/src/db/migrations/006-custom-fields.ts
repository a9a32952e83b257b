import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * Staging for a custom field's value conversion: the planned change of each distinct stored value
 * (new_value null = clear), written while the values are scanned and applied to
 * `user_field_values` by two set-based statements in the same transaction, then emptied. The scan
 * never sees its own writes, so no value is converted twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_field_value_changes')
    .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('old_value', 'varchar(1000)', (c) => c.notNull())
    .addColumn('new_value', 'varchar(1000)')
    .execute();
  await index(db, 'custom_field_value_changes_old', 'custom_field_value_changes', ['field_id', 'old_value'], true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_field_value_changes').execute();
}
