import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AutomatedReportFilesTable, AutomatedReportRunsTable, Database } from '../../db/types.ts';
import { serverSecret } from '../../platform/server-secrets.repository.ts';

export type RunRow = Selectable<AutomatedReportRunsTable>;
export type FileRow = Selectable<AutomatedReportFilesTable>;

/**
 * Inserts a run unless one with its dedupe key exists; returns the run with that key either way
 * (the unique `automated_report_runs_dedupe` makes a second sweep of the same due run add nothing).
 */
export async function insertRunOnce(
  db: Kysely<Database>,
  values: Omit<Insertable<AutomatedReportRunsTable>, 'id'>,
): Promise<{ run: RunRow; isNew: boolean }> {
  const inserted = await db
    .insertInto('automated_report_runs')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { run: inserted, isNew: true };
  const run = await db
    .selectFrom('automated_report_runs')
    .selectAll()
    .where('dedupe_key', '=', values.dedupe_key)
    .executeTakeFirstOrThrow();
  return { run, isNew: false };
}

export async function setRunJob(db: Kysely<Database>, runId: number, jobId: number): Promise<void> {
  await db.updateTable('automated_report_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
}

export async function findRun(db: Kysely<Database>, runId: number) {
  return db.selectFrom('automated_report_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

/** Marks a queued (or interrupted) run running; false when it has already finished. */
export async function startRun(db: Kysely<Database>, runId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('automated_report_runs')
    .set({ status: 'running', started_at: now })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishRun(
  db: Kysely<Database>,
  runId: number,
  values: { status: string; rows: number; error: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('automated_report_runs')
    .set({ status: values.status, rows: values.rows, error: values.error, finished_at: values.now })
    .where('id', '=', runId)
    .execute();
}

export async function recordLastRun(
  db: Kysely<Database>,
  reportId: number,
  values: { status: string; at: string },
): Promise<void> {
  await db
    .updateTable('automated_reports')
    .set({ last_status: values.status, last_run_at: values.at })
    .where('id', '=', reportId)
    .execute();
}

export async function insertFiles(db: Kysely<Database>, rows: Omit<Insertable<AutomatedReportFilesTable>, 'id'>[]) {
  if (rows.length === 0) return [];
  return db.insertInto('automated_report_files').values(rows).returning(['id', 'recipient_id']).execute();
}

/**
 * One file's e-mail as a delivery of the notification pipeline (decision 068): rendered already, with a
 * `context` (what the pipeline's deliver job claims) naming the run and file, and a dedupe key per file
 * so the e-mail exists once. The deliver job sends it, retries it and keeps it in the delivery log.
 */
export async function insertReportDelivery(
  db: Kysely<Database>,
  input: {
    companyId: number;
    userId: number;
    recipient: string;
    runId: number;
    fileId: number;
    message: { subject: string; text: string; html: string };
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('deliveries')
    .values({
      company_id: input.companyId,
      notification_id: null,
      assignment_id: null,
      user_id: input.userId,
      type: 'assignments_report',
      method: 'email',
      recipient: input.recipient,
      subject: input.message.subject,
      body: input.message.text,
      html: input.message.html,
      status: 'queued',
      created_at: input.now,
      next_attempt_at: input.now,
      dedupe_key: `ar:${input.fileId}`,
      context: JSON.stringify({ automated_report: { run_id: input.runId, file_id: input.fileId } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setFileDelivery(db: Kysely<Database>, fileId: number, deliveryId: number): Promise<void> {
  await db.updateTable('automated_report_files').set({ delivery_id: deliveryId }).where('id', '=', fileId).execute();
}

/** A report's runs, newest first (index `automated_report_runs_report`). */
export async function listRuns(db: Kysely<Database>, reportId: number, limit: number, offset: number) {
  const base = db.selectFrom('automated_report_runs').where('report_id', '=', reportId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'automated_report_runs.started_by')
      .selectAll('automated_report_runs')
      .select(['users.first_name', 'users.last_name', 'users.username'])
      .orderBy('automated_report_runs.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The files of the runs with their e-mail's delivery status. */
export async function filesOfRuns(db: Kysely<Database>, runIds: number[]) {
  if (runIds.length === 0) return [];
  return db
    .selectFrom('automated_report_files as f')
    .leftJoin('deliveries as d', 'd.id', 'f.delivery_id')
    .selectAll('f')
    .select('d.status as delivery_status')
    .where('f.run_id', 'in', runIds)
    .orderBy('f.run_id')
    .orderBy('f.id')
    .execute();
}

/** A file of a run of a report of the company (a mismatch anywhere answers like a missing file). */
export async function findRunFile(
  db: Kysely<Database>,
  ids: { companyId: number; reportId: number; runId: number; fileId: number },
) {
  return db
    .selectFrom('automated_report_files as f')
    .innerJoin('automated_report_runs as r', 'r.id', 'f.run_id')
    .selectAll('f')
    .where('f.id', '=', ids.fileId)
    .where('f.run_id', '=', ids.runId)
    .where('r.report_id', '=', ids.reportId)
    .where('f.company_id', '=', ids.companyId)
    .executeTakeFirst();
}

export async function findFile(db: Kysely<Database>, fileId: number) {
  return db.selectFrom('automated_report_files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/** The storage keys of a report's files (to remove them with the report). */
export async function storageKeysOfReport(db: Kysely<Database>, reportId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('automated_report_files as f')
    .innerJoin('automated_report_runs as r', 'r.id', 'f.run_id')
    .select('f.storage_key')
    .where('r.report_id', '=', reportId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** The key that signs e-mailed file links. */
export const linkSecret = (db: Kysely<Database>, now: string) => serverSecret(db, 'automated_report_links', now);
