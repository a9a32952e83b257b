import type { AssignmentReport, AutomatedReportBody, AutomatedReportFormat } from '@heed/contract';
import { automatedReportBody } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { iso } from '../../platform/clock.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { nextRunAfter, writeRecipientFile } from '../../modules/automated-reports/index.ts';

/** The demo's automated reports of each company: what, how and to whom (by demo role). */
const DEMO_REPORTS: (Omit<AutomatedReportBody, 'recipient_ids'> & { to: ('cm' | 'dm' | 'reviewer')[] })[] = [
  {
    name: 'Weekly course status',
    report: 'course-summary',
    format: 'xlsx',
    to: ['cm', 'dm'],
    schedule: { kind: 'weekly', weekday: 1, time: '07:30' },
  },
  {
    name: 'Monthly compliance by department',
    report: 'department-summary',
    format: 'pdf',
    to: ['cm', 'reviewer'],
    schedule: { kind: 'monthly', month_day: 1, time: '08:00' },
  },
  {
    name: 'Overdue learners, weekdays',
    report: 'user-completion-summary',
    format: 'csv',
    to: ['dm'],
    schedule: { kind: 'cron', cron: '0 7 * * 1-5' },
    filters: { include_deactivated: false },
  },
];
/** Past runs each report shows in its history. */
const HISTORY_RUNS = 3;

const name = (p: { first_name: string; last_name: string; username: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;

/**
 * Three automated reports per demo company with their last runs: real files written through the
 * module's own writer (today's figures, cut to each recipient's reach), so every download in the
 * history works. The runs' e-mails are not in the delivery log (the demo's deliveries are planned
 * elsewhere); the next run is the schedule's next one after now.
 */
export async function seedAutomatedReports(
  db: Kysely<Database>,
  storage: FileStorage,
  now: Date,
  companyIds: number[],
): Promise<void> {
  for (const companyId of companyIds) {
    const company = await db
      .selectFrom('companies')
      .select(['name', 'time_zone'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const people = await db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'email', 'role', 'site_admin', 'department_id'])
      .where('company_id', '=', companyId)
      .where('username', 'like', '%.%')
      .where('role', 'in', [1, 2, 3])
      .execute();
    const byRole = (suffix: string) => people.find((p) => p.username.endsWith(`.${suffix}`));
    for (const spec of DEMO_REPORTS) {
      const recipients = spec.to.flatMap((role) => byRole(role) ?? []);
      if (recipients.length === 0) continue;
      const body = automatedReportBody.parse({ ...spec, recipient_ids: recipients.map((r) => r.id) });
      const stamp = iso(new Date(now.getTime() - 40 * 86_400_000));
      const next = nextRunAfter(body.schedule, company.time_zone, now);
      const { id: reportId } = await db
        .insertInto('automated_reports')
        .values({
          company_id: companyId,
          name: body.name,
          report: body.report,
          filters: JSON.stringify(body.filters),
          format: body.format,
          recipients: JSON.stringify(body.recipient_ids),
          schedule: body.schedule.kind,
          send_time: body.schedule.kind === 'cron' ? null : body.schedule.time,
          weekday: body.schedule.weekday,
          month_day: body.schedule.month_day,
          cron: body.schedule.cron,
          active: 1,
          last_run_at: null,
          last_status: null,
          next_run_at: next ? iso(next) : null,
          created_by: byRole('cm')?.id ?? null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The last HISTORY_RUNS instants of the schedule before now, oldest first.
      const instants: Date[] = [];
      let at = new Date(now.getTime() - 100 * 86_400_000);
      for (let i = 0; i < 400; i++) {
        const following = nextRunAfter(body.schedule, company.time_zone, at);
        if (!following || following >= now) break;
        instants.push(following);
        at = following;
      }
      for (const due of instants.slice(-HISTORY_RUNS)) {
        const dueAt = iso(due);
        const finished = iso(new Date(due.getTime() + 40_000));
        const { id: runId } = await db
          .insertInto('automated_report_runs')
          .values({
            company_id: companyId,
            report_id: reportId,
            trigger: 'schedule',
            scheduled_for: dueAt,
            dedupe_key: `s:${reportId}:${dueAt}`,
            status: 'sent',
            rows: 0,
            error: null,
            job_id: null,
            started_by: null,
            created_at: dueAt,
            started_at: dueAt,
            finished_at: finished,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let rows = 0;
        for (const person of recipients) {
          const file = await writeRecipientFile(db, storage, {
            runId,
            reportId,
            companyId,
            companyName: company.name,
            name: body.name,
            report: body.report as AssignmentReport,
            filters: body.filters,
            format: body.format as AutomatedReportFormat,
            recipient: { ...person, name: name(person) },
            now: due,
            filterText: 'none',
          });
          rows += file.rows;
          await db
            .insertInto('automated_report_files')
            .values({
              company_id: companyId,
              run_id: runId,
              recipient_id: person.id,
              recipient_name: name(person),
              recipient_email: person.email,
              storage_key: file.key,
              file_name: file.fileName,
              format: body.format,
              size: file.size,
              rows: file.rows,
              delivery_id: null,
              created_at: finished,
            })
            .execute();
        }
        await db.updateTable('automated_report_runs').set({ rows }).where('id', '=', runId).execute();
        await db
          .updateTable('automated_reports')
          .set({ last_run_at: finished, last_status: 'sent' })
          .where('id', '=', reportId)
          .execute();
      }
    }
  }
}
