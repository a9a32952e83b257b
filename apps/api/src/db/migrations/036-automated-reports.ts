import type { Kysely } from 'kysely';
import { index, sql, withId } from './helpers.ts';

/**
 * Automated Reports (issue 18 item 5; decision 076).
 *
 * - `automated_reports` (migration 003) gets the schedule's parts: `send_time` (HH:MM company time),
 *   `weekday` (weekly), `month_day` (monthly); `cron` and `next_run_at` were there. Its rows so far
 *   were demo rows of a draft shape no code read (recipients as e-mail addresses, a report named
 *   `assignments`): they are removed, and the demo seeds real ones.
 * - `automated_report_runs`: one row per run; `dedupe_key` unique (`s:{report}:{due instant}` for a
 *   scheduled run), so however often the sweep runs, a due run is made once. History reads by
 *   (report_id, id).
 * - `automated_report_files`: one file per recipient of a run, with the delivery of its e-mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM automated_reports`.execute(db);
  await db.schema.alterTable('automated_reports').addColumn('send_time', 'varchar(5)').execute();
  await db.schema.alterTable('automated_reports').addColumn('weekday', 'integer').execute();
  await db.schema.alterTable('automated_reports').addColumn('month_day', 'integer').execute();
  // The list sorts by name within a company.
  await index(db, 'automated_reports_company_name', 'automated_reports', ['company_id', 'name']);

  await withId(db, db.schema.createTable('automated_report_runs'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('automated_reports.id').onDelete('cascade'))
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_for', 'varchar(32)')
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('job_id', 'integer')
    .addColumn('started_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await index(db, 'automated_report_runs_dedupe', 'automated_report_runs', ['dedupe_key'], true);
  await index(db, 'automated_report_runs_report', 'automated_report_runs', ['report_id', 'id']);

  await withId(db, db.schema.createTable('automated_report_files'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('automated_report_runs.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull())
    .addColumn('recipient_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('recipient_email', 'varchar(254)')
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('delivery_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'automated_report_files_run', 'automated_report_files', ['run_id', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('automated_report_files').execute();
  await db.schema.dropTable('automated_report_runs').execute();
  await db.schema.dropIndex('automated_reports_company_name').execute();
  for (const column of ['month_day', 'weekday', 'send_time'])
    await db.schema.alterTable('automated_reports').dropColumn(column).execute();
}
