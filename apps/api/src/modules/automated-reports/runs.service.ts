import { randomUUID } from 'node:crypto';
import type { AutomatedReportRun, listAutomatedReportRunsQuery } from '@heed/contract';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext, RequestContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { pageMeta } from '../users/index.ts';
import { type AutomatedReportsDeps, loadReport, personName } from './automated-reports.service.ts';
import { verifiedFileId } from './file-links.ts';
import * as runs from './runs.repository.ts';

/** The job that makes a run's files and e-mails (run.job.ts). */
export const AUTOMATED_REPORT_RUN_JOB = 'automated_report_run';

type RunListRow = Awaited<ReturnType<typeof runs.listRuns>>['rows'][number];
type FileListRow = Awaited<ReturnType<typeof runs.filesOfRuns>>[number];

function toRun(row: RunListRow | runs.RunRow, files: FileListRow[]): AutomatedReportRun {
  const starter = 'username' in row && row.username ? row : null;
  return {
    id: row.id,
    trigger: row.trigger as AutomatedReportRun['trigger'],
    scheduled_for: row.scheduled_for,
    status: row.status as AutomatedReportRun['status'],
    rows: row.rows,
    error: row.error,
    started_by:
      row.started_by !== null && starter
        ? {
            id: row.started_by,
            name: personName({
              first_name: starter.first_name ?? '',
              last_name: starter.last_name ?? '',
              username: starter.username ?? '',
            }),
          }
        : null,
    job_id: row.job_id,
    created_at: row.created_at,
    finished_at: row.finished_at,
    files: files
      .filter((f) => f.run_id === row.id)
      .map((f) => ({
        id: f.id,
        recipient: { id: f.recipient_id, name: f.recipient_name, email: f.recipient_email },
        file_name: f.file_name,
        format: f.format as AutomatedReportRun['files'][number]['format'],
        size: f.size,
        rows: f.rows,
        delivery_status: f.delivery_status ?? null,
      })),
  };
}

/**
 * Queues one run of a report and its job, in the caller's transaction: the run's dedupe key and the
 * job's idempotency key make a second call for the same scheduled instant return the first.
 */
export async function queueRun(
  trx: Kysely<Database>,
  input: {
    companyId: number;
    reportId: number;
    trigger: 'schedule' | 'manual';
    scheduledFor: string | null;
    startedBy: number | null;
    now: Date;
  },
) {
  const key =
    input.trigger === 'schedule' ? `s:${input.reportId}:${input.scheduledFor}` : `m:${input.reportId}:${randomUUID()}`;
  const { run, isNew } = await runs.insertRunOnce(trx, {
    company_id: input.companyId,
    report_id: input.reportId,
    trigger: input.trigger,
    scheduled_for: input.scheduledFor,
    dedupe_key: key,
    status: 'queued',
    error: null,
    job_id: null,
    started_by: input.startedBy,
    created_at: iso(input.now),
    started_at: null,
    finished_at: null,
  });
  const due = input.scheduledFor ? new Date(Math.max(Date.parse(input.scheduledFor), input.now.getTime())) : input.now;
  const job = await enqueue(trx, {
    type: AUTOMATED_REPORT_RUN_JOB,
    payload: { runId: run.id },
    companyId: input.companyId,
    createdBy: input.startedBy,
    now: input.now,
    runAt: due,
    idempotencyKey: `automated-report:${key}`,
  });
  if (isNew) await runs.setRunJob(trx, run.id, job.id);
  return { run: { ...run, job_id: job.id }, jobId: job.id, isNew };
}

/** POST /automated-reports/{id}/run: a run for every recipient now, as a job (202 with the job for its progress). */
export async function runNow(deps: AutomatedReportsDeps, ctx: AuthedContext, id: number) {
  const report = await loadReport(deps.db, ctx, id);
  const now = ctx.now();
  const queued = await deps.db.transaction().execute(async (trx) => {
    const result = await queueRun(trx, {
      companyId: ctx.companyId,
      reportId: report.id,
      trigger: 'manual',
      scheduledFor: null,
      startedBy: ctx.actorId,
      now,
    });
    await audit(trx, ctx, {
      action: 'automated_reports.run',
      entityType: 'automated_report',
      entityId: report.id,
      after: { run_id: result.run.id, job_id: result.jobId },
    });
    return result;
  });
  const [row] = (await runs.listRuns(deps.db, report.id, 1, 0)).rows.filter((r) => r.id === queued.run.id);
  return { run: toRun(row ?? queued.run, []), job_id: queued.jobId };
}

/** GET /automated-reports/{id}/runs: newest first, each with its files and their e-mails' status. */
export async function listRuns(
  deps: AutomatedReportsDeps,
  ctx: AuthedContext,
  id: number,
  query: z.output<typeof listAutomatedReportRunsQuery>,
) {
  const report = await loadReport(deps.db, ctx, id);
  const { rows, total } = await runs.listRuns(deps.db, report.id, query.per_page, (query.page - 1) * query.per_page);
  const files = await runs.filesOfRuns(
    deps.db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toRun(row, files)), meta: pageMeta(query.page, query.per_page, total) };
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

async function sendFile(storage: FileStorage, reply: FastifyReply, file: runs.FileRow) {
  const stored = await storage.open(file.storage_key);
  if (!stored) throw notFound('The file is no longer stored.');
  reply
    .header('content-type', CONTENT_TYPES[file.format] ?? 'application/octet-stream')
    .header('content-length', String(stored.size))
    .header('content-disposition', `attachment; filename="${file.file_name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return stored.stream;
}

/** GET /automated-reports/{id}/runs/{runId}/files/{fileId}: a site admin downloads a run's file. */
export async function downloadFile(
  deps: AutomatedReportsDeps,
  ctx: AuthedContext,
  reply: FastifyReply,
  ids: { id: number; runId: number; fileId: number },
) {
  const file = await runs.findRunFile(deps.db, {
    companyId: ctx.companyId,
    reportId: ids.id,
    runId: ids.runId,
    fileId: ids.fileId,
  });
  if (!file) throw notFound('File not found.');
  return sendFile(deps.storage, reply, file);
}

/** GET /automated-report-files/{token}: the e-mailed link; an invalid, expired or deleted one is a 404. */
export async function downloadByLink(
  deps: AutomatedReportsDeps,
  ctx: RequestContext,
  reply: FastifyReply,
  token: string,
) {
  const fileId = await verifiedFileId(deps.db, token, ctx.now());
  const file = fileId === null ? undefined : await runs.findFile(deps.db, fileId);
  if (!file) throw notFound('This link has expired or the report was deleted.');
  return sendFile(deps.storage, reply, file);
}
