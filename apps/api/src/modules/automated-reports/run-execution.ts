import { type AssignmentReport, type AutomatedReportFormat, ROLE, scheduleText } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { ensureDeliverJob } from '../notifications/index.ts';
import * as reports from './automated-reports.repository.ts';
import { companyTimeZone, parseReport, personName } from './automated-reports.service.ts';
import { fileLinkToken } from './file-links.ts';
import { type Recipient, type WrittenFile, writeRecipientFile } from './report-files.ts';
import { reportEmail } from './report-email.ts';
import * as runs from './runs.repository.ts';

const CONSOLE_ROLES: ReadonlySet<number> = new Set([ROLE.CompanyManager, ROLE.DepartmentManager, ROLE.Reviewer]);
const SCOPED_ROLES: ReadonlySet<number> = new Set([ROLE.DepartmentManager, ROLE.Reviewer]);
const FINISHED = new Set(['sent', 'partial', 'failed']);

export interface RunDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  publicUrl: string;
}

export interface RunOptions {
  now: () => Date;
  progress?: (done: number, total: number) => Promise<void>;
  signal?: AbortSignal;
}

type Person = Awaited<ReturnType<typeof reports.findPeople>>[number];
interface Made {
  person: Person;
  file: WrittenFile;
}

const filterText = (f: ReturnType<typeof parseReport>['filters']) => {
  const parts: string[] = [];
  if (f.course_ids.length) parts.push(`${f.course_ids.length} course(s)`);
  if (f.department_ids.length) parts.push(`${f.department_ids.length} department(s) with their subtrees`);
  if (f.from || f.to) parts.push(`assigned ${f.from ?? '…'} to ${f.to ?? '…'}`);
  for (const [key, values] of Object.entries(f.custom_fields)) parts.push(`${key}: ${values.join(', ')}`);
  if (f.include_deactivated) parts.push('deactivated learners included');
  return parts.length ? parts.join('; ') : 'none';
};

/** What a refused recipient's part says: the report's own 422 (a custom field deleted since) in words. */
const refusal = (error: AppError) =>
  [error.message, ...Object.values(error.details ?? {}).flat()].filter(Boolean).join(' ');

/**
 * Makes a run: one file per recipient (active, with a console role), each cut to that recipient's
 * reach; then, in one transaction, the files' rows, one e-mail per recipient into the delivery
 * pipeline (a signed link to their file), the run's outcome and the report's last run, and an audit
 * entry. A run that has finished is not made again (a retried or duplicated job returns at once);
 * an interrupted one is made anew, its files overwritten under the same keys. A recipient the report
 * refuses (a 422, e.g. a custom field deleted since) is noted and the others still get theirs;
 * anything else throws, for the job to retry.
 */
export async function executeRun(deps: RunDeps, runId: number, options: RunOptions) {
  const { db } = deps;
  const run = await runs.findRun(db, runId);
  if (!run || FINISHED.has(run.status)) return { runId, status: run?.status ?? 'missing', files: 0 };
  const report = await reports.findReportById(db, run.report_id);
  if (!report) return { runId, status: 'missing', files: 0 };
  await runs.startRun(db, runId, iso(options.now()));
  const { filters, schedule, recipientIds } = parseReport(report);
  const company = await companyTimeZone(db, report.company_id);
  const people = (await reports.findPeople(db, report.company_id, recipientIds)).filter(
    (p) => CONSOLE_ROLES.has(p.role) && p.suspended === 0,
  );
  const notes: string[] = [];
  const skipped = recipientIds.length - people.length;
  if (skipped > 0) notes.push(`${skipped} recipient(s) left out: deactivated, deleted or without a console role.`);
  const made: Made[] = [];
  const now = options.now();
  for (const [index, person] of people.entries()) {
    options.signal?.throwIfAborted();
    const recipient: Recipient = { ...person, name: personName(person) };
    try {
      const file = await writeRecipientFile(db, deps.storage, {
        runId,
        reportId: report.id,
        companyId: report.company_id,
        companyName: company.name,
        name: report.name,
        report: report.report as AssignmentReport,
        filters,
        format: report.format as AutomatedReportFormat,
        recipient,
        now,
        filterText: filterText(filters),
      });
      made.push({ person, file });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      notes.push(`${recipient.name}: ${refusal(error)}`);
    }
    await options.progress?.(index + 1, people.length);
  }
  if (people.length === 0) notes.push('No recipient can receive this report.');
  const status = made.length === 0 ? 'failed' : notes.length > 0 ? 'partial' : 'sent';
  const rows = made.reduce((sum, m) => sum + m.file.rows, 0);
  const finishedAt = iso(options.now());
  await db.transaction().execute(async (trx) => {
    const inserted = await runs.insertFiles(
      trx,
      made.map(({ person, file }) => ({
        company_id: report.company_id,
        run_id: runId,
        recipient_id: person.id,
        recipient_name: personName(person),
        recipient_email: person.email,
        storage_key: file.key,
        file_name: file.fileName,
        format: report.format,
        size: file.size,
        rows: file.rows,
        delivery_id: null,
        created_at: finishedAt,
      })),
    );
    for (const { id, recipient_id } of inserted) {
      const { person, file } = made.find((m) => m.person.id === recipient_id)!;
      if (!person.email) {
        notes.push(`${personName(person)} has no e-mail address: the file is in the run history.`);
        continue;
      }
      const token = await fileLinkToken(trx, id, now);
      const message = reportEmail({
        firstName: person.first_name || personName(person),
        reportName: report.name,
        report: report.report as AssignmentReport,
        format: report.format as AutomatedReportFormat,
        rows: file.rows,
        companyName: company.name,
        scheduleText: run.trigger === 'manual' ? 'Run by hand' : scheduleText(schedule),
        url: `${deps.publicUrl.replace(/\/+$/, '')}/api/v3/automated-report-files/${token}`,
        isScoped: SCOPED_ROLES.has(person.role),
      });
      const deliveryId = await runs.insertReportDelivery(trx, {
        companyId: report.company_id,
        userId: person.id,
        recipient: person.email,
        runId,
        fileId: id,
        message,
        now: iso(now),
      });
      await runs.setFileDelivery(trx, id, deliveryId);
    }
    const outcome = status === 'sent' && notes.length > 0 ? 'partial' : status;
    await runs.finishRun(trx, runId, {
      status: outcome,
      rows,
      error: notes.length ? notes.join('\n') : null,
      now: finishedAt,
    });
    await runs.recordLastRun(trx, report.id, { status: outcome, at: finishedAt });
    await audit(
      trx,
      { actorId: run.started_by, impersonatorId: null, companyId: report.company_id, ip: '', now: options.now },
      {
        action: 'automated_reports.run_finished',
        entityType: 'automated_report',
        entityId: report.id,
        after: { run_id: runId, trigger: run.trigger, status: outcome, files: made.length, rows },
      },
    );
    if (inserted.length > 0) await ensureDeliverJob(trx, now);
  });
  return { runId, status, files: made.length, rows };
}

/** A run whose job failed for good: marked failed with the reason, so the history says so. */
export async function failRun(db: Kysely<Database>, runId: number, reason: string, now: Date) {
  const run = await runs.findRun(db, runId);
  if (!run || FINISHED.has(run.status)) return;
  await db.transaction().execute(async (trx) => {
    await runs.finishRun(trx, runId, { status: 'failed', rows: 0, error: reason, now: iso(now) });
    await runs.recordLastRun(trx, run.report_id, { status: 'failed', at: iso(now) });
  });
}
