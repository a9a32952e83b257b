import type { Kysely } from 'kysely';

/**
 * Company settings of Edit Company (decision 072): the time zone its dates are shown and scheduled in
 * (an IANA name), its primary colour (`#rrggbb`, null: Heed's accent) and the storage key of the logo
 * asset it shows (null: none chosen). The logo is a key, not a foreign key: deleting an asset in use is
 * refused by the service, which lists who uses it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema.alterTable('companies').addColumn('primary_color', 'varchar(7)').execute();
  await db.schema.alterTable('companies').addColumn('logo_path', 'varchar(512)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['logo_path', 'primary_color', 'time_zone']) {
    await db.schema.alterTable('companies').dropColumn(column).execute();
  }
}
