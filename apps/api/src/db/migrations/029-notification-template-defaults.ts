import type { Kysely } from 'kysely';
import { sql } from './helpers.ts';

/**
 * Notification templates (decision 067): a company's customised copy names the system default it
 * overrides (`default_id`); one copy per default and company, one system default per type and method.
 * The list's order and the renderer's look-ups use the indexes below.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_templates').addColumn('default_id', 'integer').execute();
  await sql`CREATE UNIQUE INDEX notification_templates_override ON notification_templates (company_id, default_id) WHERE default_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX notification_templates_system ON notification_templates (type, method) WHERE company_id IS NULL`.execute(
    db,
  );
  await db.schema
    .createIndex('notification_templates_company_updated')
    .on('notification_templates')
    .columns(['company_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_templates_company_updated').execute();
  await db.schema.dropIndex('notification_templates_system').execute();
  await db.schema.dropIndex('notification_templates_override').execute();
  await db.schema.alterTable('notification_templates').dropColumn('default_id').execute();
}
