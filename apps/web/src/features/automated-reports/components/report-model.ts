import {
  AUTOMATED_REPORT_MESSAGES,
  type AssignmentReport,
  type AutomatedReport,
  type AutomatedReportBody,
  type AutomatedReportFormat,
  type AutomatedReportScheduleKind,
  type CustomFieldListItem,
  normalizeCustomFieldValue,
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
  /** Custom field key → values (a learner matches one of them), in the order the filters were added. */
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
export function draftErrors(d: ReportDraft, fields: readonly CustomFieldListItem[] = []): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(d.customFields)) {
    const message = customFieldValuesError(
      values,
      fields.find((f) => f.key === key),
    );
    if (message) errors[`filters.custom_fields.${key}`] = [message];
  }
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

/** The API's limit on the values of one custom field filter (contract `automatedReportFilters`). */
export const MAX_FIELD_VALUES = 500;

/**
 * What is wrong with one custom field filter's values, or null: none chosen, too many, a comma (the
 * report calls' `field[cf.key]=a,b` would split it), or a value the field's type cannot hold (checked
 * as the API checks a value, `normalizeCustomFieldValue`). A field no longer known is left to the server.
 */
export function customFieldValuesError(
  values: readonly string[],
  field: CustomFieldListItem | undefined,
): string | null {
  if (values.length === 0) return 'Choose at least one value, or remove this filter.';
  if (values.length > MAX_FIELD_VALUES) return `Use at most ${MAX_FIELD_VALUES} values.`;
  if (values.some((v) => v.includes(','))) return 'Leave out commas: they separate values in a filter.';
  if (!field) return null;
  for (const value of values) {
    const result = normalizeCustomFieldValue({ type: field.type, options: field.options ?? null }, value);
    if ('error' in result) return `${value}: ${result.error}`;
  }
  return null;
}

/** A value in the spelling the API stores (`042` → `42`, `Yes` → `true`), or as typed when it is not valid. */
export function storedValue(value: string, field: CustomFieldListItem | undefined): string {
  if (!field) return value.trim();
  const result = normalizeCustomFieldValue({ type: field.type, options: field.options ?? null }, value);
  return 'value' in result ? result.value : value.trim();
}
