import { z } from 'zod';
import { pageMeta, pageQuery, queryFlag } from '../common.ts';

/**
 * The Home dashboard's reports over assignments (spec §7 "Reports"): every call is a GET whose
 * params are the filter bar's filters, in the lists' `field[name]=a,b` form:
 *
 * - `field[course_id]=1,2`: assignments of these courses;
 * - `field[department_id]=3,4`: learners in these departments' subtrees;
 * - `field[period]=YYYY-MM-DD..YYYY-MM-DD` (either end may be left out): assignments assigned in the
 *   period; for `completion-history`, the months of the period and the completions dated in them;
 * - `field[cf.<key>]=a,b`: learners whose custom field `<key>` holds one of these values;
 * - `include_deactivated=1`: deactivated learners count too (left out by default).
 *
 * Statuses are derived at the request's clock as the assignments list derives them (overdue = not
 * completed and the due date passed; expired = a completion whose expiry passed). Every figure covers
 * the learners in the caller's reach: a Department Manager's or Reviewer's department subtrees.
 */
export const REPORT_FILTER_FIELDS = ['course_id', 'department_id', 'period'] as const;

/** The reports a widget shows, by their path under /reports/assignments/. */
export const ASSIGNMENT_REPORTS = [
  'status-counts',
  'department-summary',
  'attribute-summary',
  'completion-history',
  'completion-benchmark',
  'score-benchmark',
  'leaderboard-summary',
  'leaderboard',
  'recertification',
  'course-summary',
  'user-completion-summary',
] as const;
export type AssignmentReport = (typeof ASSIGNMENT_REPORTS)[number];

/** A benchmark compares with the other companies only when at least this many have figures. */
export const BENCHMARK_MIN_COMPANIES = 5;
/** Rows of a leaderboard. */
export const LEADERBOARD_SIZE = 10;
/** Months completion-history shows when the period does not bound them; the most it shows. */
export const HISTORY_DEFAULT_MONTHS = 12;
export const HISTORY_MAX_MONTHS = 36;
/** The expiry windows of `recertification`, in days from now. */
export const RECERTIFICATION_WINDOWS = [30, 60, 90] as const;

export const reportQuery = z.looseObject({
  include_deactivated: queryFlag.optional().describe('1: deactivated learners count too'),
});
export type ReportQuery = z.output<typeof reportQuery>;

export const attributeReportQuery = reportQuery.extend({
  attribute: z.string().trim().min(1).max(64).describe('the custom field key to group by'),
});

export const pagedReportQuery = reportQuery.extend(pageQuery);

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportReportQuery = reportQuery.extend({
  report: z.enum(ASSIGNMENT_REPORTS),
  format: z.enum(REPORT_EXPORT_FORMATS).default('csv').describe('csv (default) or xlsx'),
  attribute: z.string().trim().min(1).max(64).optional().describe('attribute-summary: the custom field key'),
});

const ref = z.object({ id: z.number().int(), name: z.string() });
const rate = z.number().nullable().describe('percent 0–100, one decimal; null when nothing is assigned');

/** How many assignments are in each derived status, and the share completed. */
export const statusCounts = z.object({
  assigned: z.number().int(),
  not_started: z.number().int(),
  in_progress: z.number().int(),
  overdue: z.number().int(),
  completed: z.number().int(),
  expired: z.number().int(),
  completion_rate: rate,
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const departmentSummaryRow = statusCounts.extend({
  /** The learners' own department (not its subtree); null: learners with no department. */
  department: ref.nullable(),
});
export type DepartmentSummaryRow = z.infer<typeof departmentSummaryRow>;

/**
 * How attribute-summary groups a field's values (decision 097):
 *
 * - `value`: one row per value (select and yes/no fields: few values), in value order;
 * - `year`: one row per year of the value (date fields, stored YYYY-MM-DD), `value` "2019", in year order;
 * - `top`: the ATTRIBUTE_TOP_VALUES values with the most assignments (text and number fields: up to one
 *   value per learner), most first, ties by value; the rest are summed in `other`.
 *
 * The learners without a value are the last row (`value` null) in each.
 */
export const ATTRIBUTE_GROUPINGS = ['value', 'year', 'top'] as const;
export type AttributeGrouping = (typeof ATTRIBUTE_GROUPINGS)[number];
/** Values attribute-summary lists by themselves for a text or number field. */
export const ATTRIBUTE_TOP_VALUES = 20;

export const attributeSummary = z.object({
  field: z.object({ key: z.string(), label: z.string() }),
  grouping: z
    .enum(ATTRIBUTE_GROUPINGS)
    .describe('value: per value; year: per year of a date; top: the 20 largest values'),
  rows: z.array(
    statusCounts.extend({
      value: z.string().nullable().describe('null: no value; a year (YYYY) when grouping is year'),
    }),
  ),
  other: statusCounts
    .extend({ values: z.number().int().describe('how many distinct values it sums') })
    .nullable()
    .describe('grouping top: the values not listed in rows, summed; null when none was left out'),
});
export type AttributeSummary = z.infer<typeof attributeSummary>;

export const completionHistoryRow = z.object({
  month: z.string().describe('YYYY-MM'),
  /** Assignments assigned in the month. */
  assigned: z.number().int(),
  /** Completions dated in the month (whether or not they have expired since). */
  completed: z.number().int(),
});
export type CompletionHistoryRow = z.infer<typeof completionHistoryRow>;

const benchmarkFigure = z.number().nullable();
/**
 * This company against the anonymised average of the other companies (each company weighs the same).
 * `others` is null when fewer than BENCHMARK_MIN_COMPANIES other companies have a figure: one
 * company's figure is never shown or derivable.
 */
export const benchmark = z.object({
  company: benchmarkFigure,
  others: benchmarkFigure,
  comparison_available: z.boolean(),
  courses: z.array(z.object({ course: ref, company: benchmarkFigure, others: benchmarkFigure })),
});
export type Benchmark = z.infer<typeof benchmark>;

export const leaderboardSummaryRow = z.object({
  rank: z.number().int(),
  department: ref.nullable(),
  assigned: z.number().int(),
  completed: z.number().int(),
  completion_rate: rate,
});
export type LeaderboardSummaryRow = z.infer<typeof leaderboardSummaryRow>;

export const leaderboardRow = z.object({
  rank: z.number().int(),
  learner: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  department: ref.nullable(),
  completed: z.number().int(),
  average_score: z.number().nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

const expiryCounts = z.object({
  /** Completions whose expiry has passed (status expired). */
  expired: z.number().int(),
  /** Valid completions expiring within 30 days, 31–60 days and 61–90 days. */
  days_30: z.number().int(),
  days_60: z.number().int(),
  days_90: z.number().int(),
});
export const recertification = expiryCounts.extend({
  courses: z.array(expiryCounts.extend({ course: ref })),
});
export type Recertification = z.infer<typeof recertification>;

export const courseSummaryRow = statusCounts.extend({
  course: ref,
  average_score: z.number().nullable(),
});
export type CourseSummaryRow = z.infer<typeof courseSummaryRow>;

export const userCompletionRow = z.object({
  learner: z.object({ id: z.number().int(), name: z.string(), username: z.string(), deactivated: z.boolean() }),
  department: ref.nullable(),
  assigned: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  completion_rate: rate,
  average_score: z.number().nullable(),
});
export type UserCompletionRow = z.infer<typeof userCompletionRow>;

export const userCompletionSummary = z.object({ data: z.array(userCompletionRow), meta: pageMeta });
