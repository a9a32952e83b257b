import type {
  AssignmentReport,
  AttributeSummary,
  Benchmark,
  CompletionHistoryRow,
  CourseSummaryRow,
  DepartmentSummaryRow,
  LeaderboardRow,
  LeaderboardSummaryRow,
  Recertification,
  StatusCounts,
  UserCompletionRow,
} from './reports.ts';

// Each report as a table: the accessible table behind a dashboard widget and the rows of its CSV/XLSX
// export come from here, so that an export holds exactly what the widget shows.

export type TableCell = string | number | null;
export interface ReportTable {
  header: string[];
  rows: TableCell[][];
}

/** The data of each report, as its endpoint answers it (`data`). */
export interface ReportData {
  'status-counts': StatusCounts;
  'department-summary': DepartmentSummaryRow[];
  'attribute-summary': AttributeSummary;
  'completion-history': CompletionHistoryRow[];
  'completion-benchmark': Benchmark;
  'score-benchmark': Benchmark;
  'leaderboard-summary': LeaderboardSummaryRow[];
  leaderboard: LeaderboardRow[];
  recertification: Recertification;
  'course-summary': CourseSummaryRow[];
  'user-completion-summary': UserCompletionRow[];
}

export interface TableLabels {
  /** The company's name for a department ("Department", "Team"…). */
  department: string;
}

const STATUS_COLUMNS = [
  'Assigned',
  'Not started',
  'In progress',
  'Overdue',
  'Completed',
  'Expired',
  'Completion rate (%)',
];
const statusCells = (c: StatusCounts): TableCell[] => [
  c.assigned,
  c.not_started,
  c.in_progress,
  c.overdue,
  c.completed,
  c.expired,
  c.completion_rate,
];
export const NO_DEPARTMENT = 'No department';
export const NO_VALUE = '(no value)';
export const ALL_COURSES = 'All courses';

/** attribute-summary's row of the values a text or number field's top values leave out. */
export const otherValuesLabel = (values: number) => `Other values (${values.toLocaleString('en')})`;

export interface AttributeSummaryGroup extends StatusCounts {
  /** A row of `rows` with a value (or a year), the other values summed, or the learners without a value. */
  kind: 'value' | 'other' | 'none';
  /** The value or year; null for the other values and no value. */
  value: string | null;
  label: string;
}

/**
 * An attribute summary's groups as its widget and export show them: the rows with a value (or
 * year), then the other values (`other`, grouping top), then the learners without a value.
 */
export function attributeSummaryGroups(data: AttributeSummary): AttributeSummaryGroup[] {
  const groups: AttributeSummaryGroup[] = data.rows.map(({ value, ...counts }) =>
    value === null
      ? { ...counts, kind: 'none', value, label: NO_VALUE }
      : { ...counts, kind: 'value', value, label: value },
  );
  if (data.other) {
    const { values, ...counts } = data.other;
    const none = groups.findIndex((group) => group.kind === 'none');
    groups.splice(none === -1 ? groups.length : none, 0, {
      ...counts,
      kind: 'other',
      value: null,
      label: otherValuesLabel(values),
    });
  }
  return groups;
}

const benchmarkTable = (data: Benchmark, figure: string): ReportTable => ({
  header: ['Course', `This company: ${figure}`, `Other companies (average): ${figure}`],
  rows: [[ALL_COURSES, data.company, data.others], ...data.courses.map((r) => [r.course.name, r.company, r.others])],
});

const TABLES: { [K in AssignmentReport]: (data: ReportData[K], labels: TableLabels) => ReportTable } = {
  'status-counts': (c) => ({
    header: ['Figure', 'Value'],
    rows: STATUS_COLUMNS.map((label, i) => [label, statusCells(c)[i] ?? null]),
  }),
  'department-summary': (rows, labels) => ({
    header: [labels.department, ...STATUS_COLUMNS],
    rows: rows.map((r) => [r.department?.name ?? NO_DEPARTMENT, ...statusCells(r)]),
  }),
  'attribute-summary': (data) => ({
    header: [data.grouping === 'year' ? `${data.field.label} (year)` : data.field.label, ...STATUS_COLUMNS],
    rows: attributeSummaryGroups(data).map((group) => [group.label, ...statusCells(group)]),
  }),
  'completion-history': (rows) => ({
    header: ['Month', 'Assigned', 'Completed'],
    rows: rows.map((r) => [r.month, r.assigned, r.completed]),
  }),
  'completion-benchmark': (data) => benchmarkTable(data, 'completion rate (%)'),
  'score-benchmark': (data) => benchmarkTable(data, 'average score'),
  'leaderboard-summary': (rows, labels) => ({
    header: ['Rank', labels.department, 'Assigned', 'Completed', 'Completion rate (%)'],
    rows: rows.map((r) => [r.rank, r.department?.name ?? NO_DEPARTMENT, r.assigned, r.completed, r.completion_rate]),
  }),
  leaderboard: (rows, labels) => ({
    header: ['Rank', 'Learner', 'Username', labels.department, 'Completed', 'Average score'],
    rows: rows.map((r) => [
      r.rank,
      r.learner.name,
      r.learner.username,
      r.department?.name ?? NO_DEPARTMENT,
      r.completed,
      r.average_score,
    ]),
  }),
  recertification: (data) => ({
    header: ['Course', 'Expired', 'Expiring within 30 days', 'Expiring in 31–60 days', 'Expiring in 61–90 days'],
    rows: [
      [ALL_COURSES, data.expired, data.days_30, data.days_60, data.days_90],
      ...data.courses.map((r) => [r.course.name, r.expired, r.days_30, r.days_60, r.days_90]),
    ],
  }),
  'course-summary': (rows) => ({
    header: ['Course', ...STATUS_COLUMNS, 'Average score'],
    rows: rows.map((r) => [r.course.name, ...statusCells(r), r.average_score]),
  }),
  'user-completion-summary': (rows, labels) => ({
    header: [
      'Learner',
      'Username',
      'Account',
      labels.department,
      'Assigned',
      'Completed',
      'Overdue',
      'Completion rate (%)',
      'Average score',
    ],
    rows: rows.map((r) => [
      r.learner.name,
      r.learner.username,
      r.learner.deactivated ? 'Deactivated' : 'Active',
      r.department?.name ?? NO_DEPARTMENT,
      r.assigned,
      r.completed,
      r.overdue,
      r.completion_rate,
      r.average_score,
    ]),
  }),
};

/** A report's data as the table its widget shows and its export writes. */
export function reportTable<K extends AssignmentReport>(
  report: K,
  data: ReportData[K],
  labels: TableLabels,
): ReportTable {
  return TABLES[report](data, labels);
}
