import type { AssignmentReport, AssignmentStatus } from '@heed/contract';

/** The filter bar's choices; they live in the Home page's URL, so a filtered dashboard can be shared. */
export interface DashboardFilters {
  courseIds: string[];
  departmentIds: string[];
  /** YYYY-MM-DD, either may be empty. */
  from: string;
  to: string;
  includeDeactivated: boolean;
  /** The custom field attribute-summary groups by. */
  attribute: string;
}

export const EMPTY_FILTERS: DashboardFilters = {
  courseIds: [],
  departmentIds: [],
  from: '',
  to: '',
  includeDeactivated: false,
  attribute: '',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const list = (value: string | null) => (value ?? '').split(',').filter((v) => ID.test(v));

export function readFilters(params: URLSearchParams): DashboardFilters {
  const [from = '', to = ''] = (params.get('field[period]') ?? '').split('..');
  return {
    courseIds: list(params.get('field[course_id]')),
    departmentIds: list(params.get('field[department_id]')),
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    includeDeactivated: params.get('include_deactivated') === '1',
    attribute: /^[a-z][a-z0-9_]{0,63}$/.test(params.get('attribute') ?? '') ? params.get('attribute')! : '',
  };
}

const MONTH = /^\d{4}-\d{2}$/;

/** The first day of a month picked (YYYY-MM → YYYY-MM-01); '' when cleared. */
export const monthStart = (month: string) => (MONTH.test(month) ? `${month}-01` : '');

/** The last day of a month picked (YYYY-MM → YYYY-MM-28…31); '' when cleared. */
export function monthEnd(month: string): string {
  if (!MONTH.test(month)) return '';
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

const period = (f: DashboardFilters) => (f.from || f.to ? `${f.from}..${f.to}` : '');

/** The report calls' query: the lists' `field[name]=a,b` filters (contract `reports.ts`). */
export function reportQuery(f: DashboardFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (f.courseIds.length) query['field[course_id]'] = f.courseIds.join(',');
  if (f.departmentIds.length) query['field[department_id]'] = f.departmentIds.join(',');
  if (period(f)) query['field[period]'] = period(f);
  if (f.includeDeactivated) query.include_deactivated = '1';
  return query;
}

/** A search string with readable brackets and commas (`?field[course_id]=1,2`). */
export function toSearch(entries: [string, string][]): string {
  const encode = (v: string) => encodeURIComponent(v).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
  const parts = entries.filter(([, v]) => v !== '').map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export function filtersSearch(f: DashboardFilters): string {
  return toSearch([
    ...Object.entries(reportQuery(f)),
    ...(f.attribute ? [['attribute', f.attribute] as [string, string]] : []),
  ]);
}

/** The CSV/XLSX export of one widget: the same filters as its call. */
export function exportUrl(report: AssignmentReport, format: 'csv' | 'xlsx', f: DashboardFilters): string {
  const entries: [string, string][] = [['report', report], ['format', format], ...Object.entries(reportQuery(f))];
  if (report === 'attribute-summary' && f.attribute) entries.push(['attribute', f.attribute]);
  return `/api/v3/reports/assignments/export${toSearch(entries)}`;
}

export interface Drill {
  status?: AssignmentStatus[];
  courseId?: number;
  departmentId?: number;
  /** Expiry range (recertification windows), YYYY-MM-DD..YYYY-MM-DD. */
  expires?: string;
  /** Learners holding this value of a custom field (an attribute-summary group). */
  customField?: { key: string; value: string };
  /** Completion range (a month of completion-history). */
  completed?: string;
  /** Assignment range (a month of completion-history) instead of the dashboard's period. */
  assigned?: string;
}

/**
 * The assignments list behind a number: the dashboard's courses, departments (subtrees) and period
 * as the list's own URL filters, narrowed by what was clicked. The dashboard counts active learners
 * only unless "Include deactivated users" is ticked, so the link says `field[learner_status]=active`
 * then (the list itself shows both). A custom field's value (an attribute-summary group) becomes the
 * list's `field[cf.<key>]` filter.
 */
export function drillUrl(f: DashboardFilters, drill: Drill = {}): string {
  const entries: [string, string][] = [];
  if (drill.status?.length) entries.push(['field[status]', drill.status.join(',')]);
  entries.push(['field[course_id]', drill.courseId ? String(drill.courseId) : f.courseIds.join(',')]);
  entries.push(['field[department_id]', drill.departmentId ? String(drill.departmentId) : f.departmentIds.join(',')]);
  entries.push(['field[assigned_at]', drill.assigned ?? period(f)]);
  if (drill.completed) entries.push(['field[completed_at]', drill.completed]);
  if (drill.expires) entries.push(['field[expires_at]', drill.expires]);
  if (drill.customField) entries.push([`field[cf.${drill.customField.key}]`, drill.customField.value]);
  if (!f.includeDeactivated) entries.push(['field[learner_status]', 'active']);
  return `/assignments${toSearch(entries)}`;
}

/** A month (YYYY-MM) as a day range. */
export function monthRange(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-01..${month}-${String(last).padStart(2, '0')}`;
}

/**
 * A year of a date field's values (an attribute-summary group, YYYY) as the list's custom-field date
 * range, both ends included; null when it is not a year.
 */
export const yearRange = (year: string): string | null =>
  /^\d{4}$/.test(year) ? `${year}-01-01..${year}-12-31` : null;

/**
 * Whether the list's custom-field filter can name exactly this stored value: its grammar reads commas
 * as separators, a trailing `*` as a prefix and `..` as a date range.
 */
export const drillableFieldValue = (value: string | null): value is string =>
  value !== null && value !== '' && !value.includes(',') && !value.endsWith('*') && !value.includes('..');
