import {
  AUTOMATED_REPORT_MESSAGES,
  type AssignmentReport,
  type AutomatedReport,
  type AutomatedReportBody,
  type AutomatedReportFormat,
  type AutomatedReportScheduleKind,
} from '@heed/contract';

/** The form's state: what the inputs hold, strings where the inputs give strings. */
export interface ReportDraft {
  name: string;
  report: AssignmentReport;
  format: AutomatedReportFormat;
  recipientIds: string[];
  kind: AutomatedReportScheduleKind;
  time: string;
  weekday: string;
  monthDay: number | '';
  cron: string;
  courseIds: string[];
  departmentIds: string[];
  from: string;
  to: string;
  includeDeactivated: boolean;
  attribute: string;
  /** Kept as saved: the form has no input for custom field values. */
  customFields: Record<string, string[]>;
  enabled: boolean;
}

export const emptyDraft = (): ReportDraft => ({
  name: '',
  report: 'status-counts',
  format: 'xlsx',
  recipientIds: [],
  kind: 'weekly',
  time: '08:00',
  weekday: '1',
  monthDay: 1,
  cron: '',
  courseIds: [],
  departmentIds: [],
  from: '',
  to: '',
  includeDeactivated: false,
  attribute: '',
  customFields: {},
  enabled: true,
});

export function draftOf(report: AutomatedReport): ReportDraft {
  const { schedule: s, filters: f } = report;
  return {
    name: report.name,
    report: report.report,
    format: report.format,
    recipientIds: report.recipients.map((r) => String(r.id)),
    kind: s.kind,
    time: s.time,
    weekday: String(s.weekday ?? 1),
    monthDay: s.month_day ?? 1,
    cron: s.cron ?? '',
    courseIds: f.course_ids.map(String),
    departmentIds: f.department_ids.map(String),
    from: f.from ?? '',
    to: f.to ?? '',
    includeDeactivated: f.include_deactivated,
    attribute: f.attribute ?? '',
    customFields: f.custom_fields,
    enabled: report.enabled,
  };
}

export function toBody(d: ReportDraft): AutomatedReportBody {
  return {
    name: d.name.trim(),
    report: d.report,
    format: d.format,
    recipient_ids: d.recipientIds.map(Number),
    schedule: {
      kind: d.kind,
      time: d.time,
      weekday: d.kind === 'weekly' ? Number(d.weekday) : null,
      month_day: d.kind === 'monthly' && d.monthDay !== '' ? d.monthDay : null,
      cron: d.kind === 'cron' ? d.cron.trim() : null,
    },
    filters: {
      course_ids: d.courseIds.map(Number),
      department_ids: d.departmentIds.map(Number),
      from: d.from || null,
      to: d.to || null,
      custom_fields: d.customFields,
      include_deactivated: d.includeDeactivated,
      attribute: d.report === 'attribute-summary' && d.attribute ? d.attribute : null,
    },
    enabled: d.enabled,
  };
}

/**
 * What the form can tell before asking the server, under the server's field names (the same keys a
 * 422 names, so both show on the same inputs). The cron expression itself is checked by the server.
 */
export function draftErrors(d: ReportDraft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!d.name.trim()) errors.name = ['Enter a name.'];
  if (d.recipientIds.length === 0) errors.recipient_ids = [AUTOMATED_REPORT_MESSAGES.recipients];
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(d.time) && d.kind !== 'cron')
    errors['schedule.time'] = [AUTOMATED_REPORT_MESSAGES.time];
  if (d.kind === 'monthly' && (d.monthDay === '' || d.monthDay < 1 || d.monthDay > 31))
    errors['schedule.month_day'] = [AUTOMATED_REPORT_MESSAGES.monthDay];
  if (d.kind === 'cron' && !d.cron.trim()) errors['schedule.cron'] = [AUTOMATED_REPORT_MESSAGES.cron];
  if (d.report === 'attribute-summary' && !d.attribute)
    errors['filters.attribute'] = [AUTOMATED_REPORT_MESSAGES.attribute];
  if (d.from && d.to && d.from > d.to) errors['filters.to'] = [AUTOMATED_REPORT_MESSAGES.period];
  return errors;
}
