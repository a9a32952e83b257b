import type { Kysely } from 'kysely';
import { flag, index, withId, withTimestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('notification_templates'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('method', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)')
      .addColumn('body', 'text', (c) => c.notNull()),
  ).execute();
  await index(db, 'notification_templates_company', 'notification_templates', ['company_id', 'type', 'method']);

  await withTimestamps(
    withId(db, db.schema.createTable('notifications'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('method', 'varchar(16)', (c) => c.notNull())
      .addColumn('template_id', 'integer', (c) => c.references('notification_templates.id').onDelete('set null'))
      .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
      .addColumn('offset_days', 'integer')
      .addColumn('repeat_every_days', 'integer')
      .addColumn('repeat_max', 'integer')
      .addColumn('enabled', 'integer', flag(1)),
  ).execute();
  await index(db, 'notifications_company', 'notifications', ['company_id', 'type']);

  await withId(db, db.schema.createTable('deliveries'))
    .addColumn('company_id', 'integer')
    .addColumn('notification_id', 'integer')
    .addColumn('assignment_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'deliveries_company_time', 'deliveries', ['company_id', 'created_at', 'id']);
  await index(db, 'deliveries_company_status', 'deliveries', ['company_id', 'status']);
  await index(db, 'deliveries_assignment', 'deliveries', ['assignment_id', 'notification_id']);

  await withTimestamps(
    withId(db, db.schema.createTable('automated_reports'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('report', 'varchar(64)', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull())
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      .addColumn('recipients', 'text', (c) => c.notNull())
      .addColumn('schedule', 'varchar(16)', (c) => c.notNull())
      .addColumn('cron', 'varchar(120)')
      .addColumn('active', 'integer', flag(1))
      .addColumn('last_run_at', 'varchar(32)')
      .addColumn('last_status', 'varchar(16)')
      .addColumn('next_run_at', 'varchar(32)')
      .addColumn('created_by', 'integer'),
  ).execute();
  await index(db, 'automated_reports_due', 'automated_reports', ['active', 'next_run_at']);
  await index(db, 'automated_reports_company', 'automated_reports', ['company_id']);

  await db.schema
    .createTable('email_settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('sender_name', 'varchar(120)')
    .addColumn('sender_email', 'varchar(254)')
    .addColumn('reply_to', 'varchar(254)')
    .addColumn('host', 'varchar(255)')
    .addColumn('port', 'integer')
    .addColumn('security', 'varchar(16)')
    .addColumn('username', 'varchar(255)')
    .addColumn('password', 'varchar(512)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'email_settings',
    'automated_reports',
    'deliveries',
    'notifications',
    'notification_templates',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
