import {
  AUTOMATED_REPORT_MESSAGES,
  type AutomatedReport,
  type AutomatedReportFilters,
  type AutomatedReportSchedule,
  ROLE,
  automatedReportFilters,
  type automatedReportBody,
  automatedReportQuery,
  automatedReportSchedule,
  type listAutomatedReportsQuery,
  scheduleText,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import { customFieldsByKey, reportCriteria } from '../reports/index.ts';
import { safeTimeZone } from '../../platform/time-zone.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { pageMeta } from '../users/index.ts';
import * as reports from './automated-reports.repository.ts';
import { companyWideCaller } from './report-files.ts';
import { storageKeysOfReport } from './runs.repository.ts';
import { checkCron, nextRunAfter } from './schedule.ts';

export interface AutomatedReportsDeps {
  db: Kysely<Database>;
  /** Where run files live (`DATA_DIR/automated-reports`). */
  storage: FileStorage;
}

type Body = z.output<typeof automatedReportBody>;

const CONSOLE_ROLES: ReadonlySet<number> = new Set([ROLE.CompanyManager, ROLE.DepartmentManager, ROLE.Reviewer]);

export const personName = (p: { first_name: string; last_name: string; username: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;

/** A stored report's parts as the contract types them. */
export function parseReport(row: reports.ReportRow) {
  const filters = automatedReportFilters.parse(JSON.parse(row.filters));
  const schedule = automatedReportSchedule.parse({
    kind: row.schedule,
    time: row.send_time ?? '08:00',
    weekday: row.weekday,
    month_day: row.month_day,
    cron: row.cron,
  });
  const recipientIds = (JSON.parse(row.recipients) as unknown[]).filter((v): v is number => typeof v === 'number');
  return { filters, schedule, recipientIds };
}

export async function companyTimeZone(db: Kysely<Database>, companyId: number) {
  const company = await reports.findCompanyZone(db, companyId);
  return { name: company?.name ?? '', timeZone: safeTimeZone(company?.time_zone) };
}

async function toReports(
  db: Kysely<Database>,
  companyId: number,
  rows: reports.ReportRow[],
): Promise<AutomatedReport[]> {
  const parsed = rows.map((row) => ({ row, ...parseReport(row) }));
  const [people, last, zone] = await Promise.all([
    reports.findPeople(db, companyId, [...new Set(parsed.flatMap((p) => p.recipientIds))]),
    reports.lastRuns(
      db,
      rows.map((row) => row.id),
    ),
    companyTimeZone(db, companyId),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return parsed.map(({ row, filters, schedule, recipientIds }) => {
    const run = last.get(row.id);
    return {
      id: row.id,
      name: row.name,
      report: row.report as AutomatedReport['report'],
      filters,
      format: row.format as AutomatedReport['format'],
      recipients: recipientIds.flatMap((id) => {
        const p = byId.get(id);
        return p ? [{ id: p.id, name: personName(p), email: p.email, role: p.role }] : [];
      }),
      schedule,
      schedule_text: scheduleText(schedule),
      time_zone: zone.timeZone,
      enabled: row.active === 1,
      last_run: run
        ? {
            id: run.id,
            status: run.status as NonNullable<AutomatedReport['last_run']>['status'],
            created_at: run.created_at,
            finished_at: run.finished_at,
          }
        : null,
      next_run_at: row.active === 1 ? row.next_run_at : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** The report of the caller's company; another company's (or a missing) id is a 404. */
export async function loadReport(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  const row = await reports.findReport(db, ctx.companyId, id);
  if (!row) throw notFound('Automated report not found.');
  return row;
}

export async function listReports(
  deps: AutomatedReportsDeps,
  ctx: AuthedContext,
  query: z.output<typeof listAutomatedReportsQuery>,
) {
  const { rows, total } = await reports.listReports(deps.db, ctx.companyId, {
    text: query.text,
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await toReports(deps.db, ctx.companyId, rows), meta: pageMeta(query.page, query.per_page, total) };
}

export async function getReport(deps: AutomatedReportsDeps, ctx: AuthedContext, id: number) {
  const [report] = await toReports(deps.db, ctx.companyId, [await loadReport(deps.db, ctx, id)]);
  return report!;
}

export async function listRecipientChoices(deps: AutomatedReportsDeps, ctx: AuthedContext) {
  const rows = await reports.findRecipientChoices(deps.db, ctx.companyId);
  return rows.map((p) => ({ id: p.id, name: personName(p), email: p.email, role: p.role }));
}

/** The report endpoints' filter names, as the form names its fields. */
function filterField(key: string): string {
  if (key === 'field[course_id]') return 'filters.course_ids';
  if (key === 'field[department_id]') return 'filters.department_ids';
  if (key === 'field[period]') return 'filters.from';
  const custom = /^field\[cf\.(.+)\]$/.exec(key);
  return custom ? `filters.custom_fields.${custom[1]}` : `filters.${key}`;
}

/** The filters checked as the report endpoints check them (the same code), errors named after the form's fields. */
async function checkFilters(db: Kysely<Database>, ctx: AuthedContext, body: Body): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  try {
    await reportCriteria(db, companyWideCaller(ctx.companyId, ctx.now()), automatedReportQuery(body.filters));
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    for (const [key, messages] of Object.entries(error.details ?? {})) errors[filterField(key)] = messages;
  }
  if (body.report === 'attribute-summary') {
    const key = body.filters.attribute;
    if (!key) errors['filters.attribute'] = [AUTOMATED_REPORT_MESSAGES.attribute];
    else if ((await customFieldsByKey(db, ctx.companyId, [key])).length === 0)
      errors['filters.attribute'] = ['Unknown custom field.'];
  }
  return errors;
}

async function checkBody(deps: AutomatedReportsDeps, ctx: AuthedContext, body: Body, exceptId: number | null) {
  const { timeZone } = await companyTimeZone(deps.db, ctx.companyId);
  if (body.schedule.kind === 'cron') checkCron(body.schedule.cron ?? '', timeZone, ctx.now());
  const errors = await checkFilters(deps.db, ctx, body);
  const ids = [...new Set(body.recipient_ids)];
  const people = await reports.findPeople(deps.db, ctx.companyId, ids);
  const usable = people.filter((p) => CONSOLE_ROLES.has(p.role) && p.suspended === 0);
  if (usable.length < ids.length) errors.recipient_ids = [AUTOMATED_REPORT_MESSAGES.recipientMissing];
  if (await reports.isNameTaken(deps.db, ctx.companyId, body.name, exceptId))
    errors.name = [AUTOMATED_REPORT_MESSAGES.nameTaken];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { ids, timeZone };
}

function valuesOf(body: Body, ids: number[], nextRunAt: Date | null): reports.ReportValues {
  const s: AutomatedReportSchedule = body.schedule;
  const filters: AutomatedReportFilters = body.filters;
  return {
    name: body.name,
    report: body.report,
    filters: JSON.stringify(filters),
    format: body.format,
    recipients: JSON.stringify(ids),
    schedule: s.kind,
    send_time: s.kind === 'cron' ? null : s.time,
    weekday: s.kind === 'weekly' ? s.weekday : null,
    month_day: s.kind === 'monthly' ? s.month_day : null,
    cron: s.kind === 'cron' ? s.cron : null,
    active: body.enabled ? 1 : 0,
    next_run_at: nextRunAt ? iso(nextRunAt) : null,
  };
}

const nextRun = (body: Body, timeZone: string, now: Date) =>
  body.enabled ? nextRunAfter(body.schedule, timeZone, now) : null;

/** POST /automated-reports. */
export async function createReport(deps: AutomatedReportsDeps, ctx: AuthedContext, body: Body) {
  const { ids, timeZone } = await checkBody(deps, ctx, body, null);
  const now = ctx.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const reportId = await reports.insertReport(
      trx,
      ctx.companyId,
      valuesOf(body, ids, nextRun(body, timeZone, now)),
      ctx.actorId,
      iso(now),
    );
    await audit(trx, ctx, {
      action: 'automated_reports.create',
      entityType: 'automated_report',
      entityId: reportId,
      after: body,
    });
    return reportId;
  });
  return getReport(deps, ctx, id);
}

/** PUT /automated-reports/{id}: the next run follows the new schedule (from now). */
export async function updateReport(deps: AutomatedReportsDeps, ctx: AuthedContext, id: number, body: Body) {
  const before = await loadReport(deps.db, ctx, id);
  const { ids, timeZone } = await checkBody(deps, ctx, body, id);
  const now = ctx.now();
  await deps.db.transaction().execute(async (trx) => {
    await reports.updateReport(trx, id, { ...valuesOf(body, ids, nextRun(body, timeZone, now)), updated_at: iso(now) });
    await audit(trx, ctx, {
      action: 'automated_reports.update',
      entityType: 'automated_report',
      entityId: id,
      before: { ...before, ...parseReport(before) },
      after: body,
    });
  });
  return getReport(deps, ctx, id);
}

/** DELETE /automated-reports/{id}: the report with its runs and files (their rows cascade; the stored files after the commit). */
export async function deleteReport(deps: AutomatedReportsDeps, ctx: AuthedContext, id: number) {
  const before = await loadReport(deps.db, ctx, id);
  const keys = await storageKeysOfReport(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    await reports.deleteReport(trx, id);
    await audit(trx, ctx, {
      action: 'automated_reports.delete',
      entityType: 'automated_report',
      entityId: id,
      before: { ...before, ...parseReport(before) },
    });
  });
  // A file left behind by a failed removal is unreachable: its row is gone with the report.
  await Promise.allSettled(keys.map((key) => deps.storage.remove(key)));
  return { message: 'The automated report was deleted.' };
}
