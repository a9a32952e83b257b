import type { Kysely } from 'kysely';
import { flag, index, withId } from './helpers.ts';

/**
 * SCIM provisioning and SAML sign-in (decisions 073, 074), on top of migration 004's tables: what the
 * provisioning log shows per call, the IdP's second certificate and its options, and the request and
 * assertion ids that refuse replays (kept here so that several API processes share them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['operation', 'varchar(32)'],
    ['resource_type', 'varchar(16)'],
    ['resource_id', 'varchar(64)'],
    ['display', 'varchar(255)'],
    ['token_id', 'integer'],
  ] as const) {
    await db.schema.alterTable('provisioning_log').addColumn(name, type).execute();
  }
  await index(db, 'provisioning_log_company_operation', 'provisioning_log', ['company_id', 'operation', 'id']);
  await index(db, 'provisioning_log_company_status', 'provisioning_log', ['company_id', 'status', 'id']);
  await index(db, 'scim_tokens_company', 'scim_tokens', ['company_id', 'id']);

  // A user the IdP deleted: deactivated and kept (their training records stay), gone from SCIM's view.
  await db.schema
    .createTable('scim_deleted_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  for (const [name, type] of [
    ['idp_certificate_2', 'text'],
    ['email_domains', 'varchar(1024)'],
  ] as const) {
    await db.schema.alterTable('saml_settings').addColumn(name, type).execute();
  }
  await db.schema.alterTable('saml_settings').addColumn('allow_idp_initiated', 'integer', flag()).execute();
  await db.schema.alterTable('saml_settings').addColumn('default_role', 'integer', flag()).execute();

  // A request we sent: its id must come back as InResponseTo once, before it expires.
  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('redirect', 'varchar(2048)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await index(db, 'saml_requests_expires', 'saml_requests', ['expires_at']);

  // Every assertion accepted, until it could no longer be valid: a second use is a replay.
  await db.schema
    .createTable('saml_used_assertions')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('assertion_id', 'varchar(256)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_used_assertions_pk', ['company_id', 'assertion_id'])
    .execute();
  await index(db, 'saml_used_assertions_expires', 'saml_used_assertions', ['expires_at']);

  // Sign-ins and refusals (with the reason), and what a test sign-in received.
  await withId(db, db.schema.createTable('saml_events'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('name_id', 'varchar(255)')
    .addColumn('user_id', 'integer')
    .addColumn('attributes', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'saml_events_company', 'saml_events', ['company_id', 'id']);
  await index(db, 'saml_events_request', 'saml_events', ['request_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['saml_events', 'saml_used_assertions', 'saml_requests', 'scim_deleted_users']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['default_role', 'allow_idp_initiated', 'email_domains', 'idp_certificate_2']) {
    await db.schema.alterTable('saml_settings').dropColumn(column).execute();
  }
  await db.schema.dropIndex('scim_tokens_company').execute();
  await db.schema.dropIndex('provisioning_log_company_status').execute();
  await db.schema.dropIndex('provisioning_log_company_operation').execute();
  for (const column of ['token_id', 'display', 'resource_id', 'resource_type', 'operation']) {
    await db.schema.alterTable('provisioning_log').dropColumn(column).execute();
  }
}
