import { z } from 'zod';
import { listQuery, pageQuery, timestamp } from '../common.ts';
import { ASSIGNMENT_REPORTS, type AssignmentReport } from '../reports/reports.ts';

// Automated Reports (issue 18 item 5, decision 076): a saved assignment report with the Home
// dashboard's filters, a format, recipients (each gets the data of their own reach) and a schedule in
// the company's time zone; its runs, each with one file per recipient, delivered by e-mail.

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD_KEY = /^[a-z0-9_]{1,64}$/i;

export const AUTOMATED_REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type AutomatedReportFormat = (typeof AUTOMATED_REPORT_FORMATS)[number];
export const AUTOMATED_REPORT_FORMAT_LABELS: Record<AutomatedReportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  pdf: 'PDF summary',
};

export const AUTOMATED_REPORT_SCHEDULES = ['daily', 'weekly', 'monthly', 'cron'] as const;
export type AutomatedReportScheduleKind = (typeof AUTOMATED_REPORT_SCHEDULES)[number];

export const AUTOMATED_REPORT_RUN_STATUSES = ['queued', 'running', 'sent', 'partial', 'failed'] as const;
export type AutomatedReportRunStatus = (typeof AUTOMATED_REPORT_RUN_STATUSES)[number];
export const AUTOMATED_REPORT_RUN_STATUS_LABELS: Record<AutomatedReportRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  sent: 'Sent',
  partial: 'Partly sent',
  failed: 'Failed',
};

/** Most recipients of one report. */
export const AUTOMATED_REPORT_MAX_RECIPIENTS = 50;
/** Days an e-mailed download link works. */
export const AUTOMATED_REPORT_LINK_DAYS = 30;

/** Titles of the reports an automated report can send (the dashboard's widgets). */
export const AUTOMATED_REPORT_TITLES: Record<AssignmentReport, string> = {
  'status-counts': 'Status counts',
  'department-summary': 'Department summary',
  'attribute-summary': 'Custom field summary',
  'completion-history': 'Completion history',
  'completion-benchmark': 'Completion benchmark',
  'score-benchmark': 'Score benchmark',
  'leaderboard-summary': 'Department leaderboard',
  leaderboard: 'Learner leaderboard',
  recertification: 'Recertification',
  'course-summary': 'Course summary',
  'user-completion-summary': 'User completion summary',
};

export const AUTOMATED_REPORT_MESSAGES = {
  recipients: 'Choose at least one recipient.',
  recipientMissing:
    'Choose people of this company with a console role (Company Manager, Department Manager, Reviewer).',
  weekday: 'Choose the day of the week.',
  monthDay: 'Choose a day of the month from 1 to 31.',
  cron: 'Enter a cron expression.',
  cronInvalid: 'This is not a valid cron expression (minute hour day-of-month month day-of-week).',
  cronTooOften: 'Run at most once an hour.',
  cronNever: 'This expression never runs.',
  time: 'Use HH:MM (24 hours).',
  attribute: 'Choose the custom field to group by.',
  period: 'Use dates as YYYY-MM-DD, the earlier first.',
  nameTaken: 'Another automated report already has this name.',
} as const;

/**
 * The Home dashboard's filters (its filter bar, the `field[…]` query of the report calls): courses,
 * departments (each with its subtree), the assignment period, custom field values, deactivated
 * learners, and the custom field attribute-summary groups by.
 */
export const automatedReportFilters = z
  .object({
    course_ids: z.array(id).max(500).default([]),
    department_ids: z.array(id).max(500).default([]).describe('each with its subtree'),
    from: z.string().regex(DAY, AUTOMATED_REPORT_MESSAGES.period).nullable().default(null).describe('YYYY-MM-DD'),
    to: z.string().regex(DAY, AUTOMATED_REPORT_MESSAGES.period).nullable().default(null).describe('YYYY-MM-DD'),
    custom_fields: z
      .record(z.string().regex(FIELD_KEY), z.array(z.string().max(1000)).min(1).max(500))
      .default({})
      .describe('custom field key → values (a learner matches one of them)'),
    include_deactivated: z.boolean().default(false),
    attribute: z.string().regex(FIELD_KEY).nullable().default(null).describe('attribute-summary: the custom field key'),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AUTOMATED_REPORT_MESSAGES.period });
  });
export type AutomatedReportFilters = z.output<typeof automatedReportFilters>;

export const EMPTY_AUTOMATED_REPORT_FILTERS: AutomatedReportFilters = {
  course_ids: [],
  department_ids: [],
  from: null,
  to: null,
  custom_fields: {},
  include_deactivated: false,
  attribute: null,
};

/** The filters as the report calls' query (`field[course_id]=1,2`, …; contract reports.ts). */
export function automatedReportQuery(f: AutomatedReportFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (f.course_ids.length) query['field[course_id]'] = f.course_ids.join(',');
  if (f.department_ids.length) query['field[department_id]'] = f.department_ids.join(',');
  if (f.from || f.to) query['field[period]'] = `${f.from ?? ''}..${f.to ?? ''}`;
  for (const [key, values] of Object.entries(f.custom_fields)) query[`field[cf.${key}]`] = values.join(',');
  if (f.include_deactivated) query.include_deactivated = '1';
  return query;
}

/** When a report runs: daily, weekly on a weekday, monthly on a day, or a cron expression; at `time` in the company's time zone. */
export const automatedReportSchedule = z
  .object({
    kind: z.enum(AUTOMATED_REPORT_SCHEDULES),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, AUTOMATED_REPORT_MESSAGES.time)
      .default('08:00')
      .describe('HH:MM, company time (not used by cron)'),
    weekday: z.number().int().min(0).max(6).nullable().default(null).describe('weekly: 0 = Sunday … 6 = Saturday'),
    month_day: z
      .number()
      .int()
      .min(1)
      .max(31)
      .nullable()
      .default(null)
      .describe('monthly: 1–31 (the last day in shorter months)'),
    cron: z.string().trim().max(120).nullable().default(null).describe('cron: five fields, company time'),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.kind === 'weekly' && s.weekday === null) issue('weekday', AUTOMATED_REPORT_MESSAGES.weekday);
    if (s.kind === 'monthly' && s.month_day === null) issue('month_day', AUTOMATED_REPORT_MESSAGES.monthDay);
    if (s.kind === 'cron' && !s.cron) issue('cron', AUTOMATED_REPORT_MESSAGES.cron);
  });
export type AutomatedReportSchedule = z.output<typeof automatedReportSchedule>;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** A schedule in words: "Every Monday at 08:00". */
export function scheduleText(s: Pick<AutomatedReportSchedule, 'kind' | 'time' | 'weekday' | 'month_day' | 'cron'>) {
  if (s.kind === 'daily') return `Every day at ${s.time}`;
  if (s.kind === 'weekly') return `Every ${WEEKDAY_NAMES[s.weekday ?? 1]} at ${s.time}`;
  if (s.kind === 'monthly') return `Monthly on the ${ordinal(s.month_day ?? 1)} at ${s.time}`;
  return `Cron: ${s.cron ?? ''}`;
}

export const automatedReportBody = z.object({
  name: z.string().trim().min(1).max(120),
  report: z.enum(ASSIGNMENT_REPORTS).describe('the assignment report (GET /reports/assignments/{report})'),
  filters: automatedReportFilters.default(EMPTY_AUTOMATED_REPORT_FILTERS),
  format: z.enum(AUTOMATED_REPORT_FORMATS),
  recipient_ids: z
    .array(id)
    .min(1, AUTOMATED_REPORT_MESSAGES.recipients)
    .max(AUTOMATED_REPORT_MAX_RECIPIENTS)
    .describe('users of the company with a console role; each gets the data of their own reach'),
  schedule: automatedReportSchedule,
  enabled: z.boolean().default(true),
});
export type AutomatedReportBody = z.input<typeof automatedReportBody>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });

export const automatedReportRecipient = person.extend({ role: z.number().int() });
export type AutomatedReportRecipient = z.infer<typeof automatedReportRecipient>;

export const automatedReportRunSummary = z.object({
  id: z.number().int(),
  status: z.enum(AUTOMATED_REPORT_RUN_STATUSES),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});

export const automatedReport = z.object({
  id: z.number().int(),
  name: z.string(),
  report: z.enum(ASSIGNMENT_REPORTS),
  filters: automatedReportFilters,
  format: z.enum(AUTOMATED_REPORT_FORMATS),
  recipients: z.array(automatedReportRecipient),
  schedule: automatedReportSchedule,
  schedule_text: z.string().describe('the schedule in words'),
  time_zone: z.string().describe("the company's time zone the schedule runs in"),
  enabled: z.boolean(),
  last_run: automatedReportRunSummary.nullable(),
  next_run_at: timestamp.nullable().describe('null while disabled'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AutomatedReport = z.infer<typeof automatedReport>;

export const AUTOMATED_REPORT_SORTS = ['name', 'next_run_at', 'last_run_at', 'id'] as const;
export const listAutomatedReportsQuery = listQuery(AUTOMATED_REPORT_SORTS);

export const automatedReportFile = z.object({
  id: z.number().int(),
  recipient: person,
  file_name: z.string(),
  format: z.enum(AUTOMATED_REPORT_FORMATS),
  size: z.number().int(),
  rows: z.number().int(),
  delivery_status: z.string().nullable().describe('the e-mail in the delivery log: queued, sent, failed, outbox'),
});
export type AutomatedReportFile = z.infer<typeof automatedReportFile>;

export const AUTOMATED_REPORT_TRIGGERS = ['schedule', 'manual'] as const;
export const automatedReportRun = z.object({
  id: z.number().int(),
  trigger: z.enum(AUTOMATED_REPORT_TRIGGERS),
  scheduled_for: timestamp.nullable(),
  status: z.enum(AUTOMATED_REPORT_RUN_STATUSES),
  rows: z.number().int().describe('rows over all the files'),
  error: z.string().nullable(),
  started_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  job_id: z.number().int().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
  files: z.array(automatedReportFile),
});
export type AutomatedReportRun = z.infer<typeof automatedReportRun>;

export const listAutomatedReportRunsQuery = z.object(pageQuery);

export const runParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  runId: z.coerce.number().int().positive().max(MAX_ID),
});
export const runFileParams = runParams.extend({ fileId: z.coerce.number().int().positive().max(MAX_ID) });
export const fileTokenParams = z.object({ token: z.string().max(200) });

export const runAutomatedReportResponse = z.object({
  data: z.object({ run: automatedReportRun, job_id: z.number().int() }),
});
