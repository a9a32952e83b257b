import type { Kysely } from 'kysely';
import { flag, index, withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saml_settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', flag())
    .addColumn('idp_entity_id', 'varchar(512)')
    .addColumn('idp_sso_url', 'varchar(2048)')
    .addColumn('idp_certificate', 'text')
    .addColumn('attribute_mapping', 'text')
    .addColumn('create_users', 'integer', flag())
    .addColumn('require_sso', 'integer', flag())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('scim_tokens'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await index(db, 'scim_tokens_hash', 'scim_tokens', ['token_hash'], true);

  await withId(db, db.schema.createTable('provisioning_log'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'provisioning_log_company', 'provisioning_log', ['company_id', 'id']);

  await withId(db, db.schema.createTable('imports'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(512)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deactivated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'imports_company', 'imports', ['company_id', 'id']);

  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('errors', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'row_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['import_rows', 'imports', 'provisioning_log', 'scim_tokens', 'saml_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
