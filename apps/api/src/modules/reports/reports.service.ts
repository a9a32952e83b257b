import {
  ATTRIBUTE_TOP_VALUES,
  type AttributeGrouping,
  type AttributeSummary,
  BENCHMARK_MIN_COMPANIES,
  type Benchmark,
  type CompletionHistoryRow,
  type CourseSummaryRow,
  type DepartmentSummaryRow,
  HISTORY_DEFAULT_MONTHS,
  HISTORY_MAX_MONTHS,
  LEADERBOARD_SIZE,
  type LeaderboardRow,
  type LeaderboardSummaryRow,
  type Recertification,
  type ReportQuery,
  type StatusCounts,
  type UserCompletionRow,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageMeta } from '../users/index.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import { expiryRollupsAnswer, rollupExpiriesPerCourse } from './reports-expiries.repository.ts';
import { leaderboardCandidates, learnerRollupsAnswer, rollupLearnerCount } from './reports-learners.repository.ts';
import {
  type AttributeFilter,
  rollupAssignedPerMonth,
  rollupCompletedPerMonth,
  keepsAttribute,
  rollupCountByAttribute,
  rollupCountByStatus,
  rollupFiguresPerCompany,
  rollupsAnswer,
} from './reports-rollups.repository.ts';
import { reportCriteria } from './reports.filters.ts';
import {
  type CompanyFigureRow,
  type LearnerRow,
  type StatusGroupRow,
  assignedPerMonth,
  completedPerMonth,
  countByStatus,
  countByTopValues,
  courseNames,
  customFieldType,
  customFieldsByKey,
  departmentNames,
  expiriesPerCourse,
  figuresPerCompany,
  learnerCount,
  learnerPageRows,
  topLearners,
} from './reports.repository.ts';

export interface ReportsDeps {
  /** For writes (an export's audit entry). */
  db: Kysely<Database>;
  /** For the reports' reads: off the event loop on SQLite (`db/read-threads.ts`), a report may read millions of rows. */
  reader: Kysely<Database>;
}

/** A share as a percent with one decimal; null when there is nothing to share. */
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
const average = (sum: number, n: number): number | null => (n === 0 ? null : Math.round((sum / n) * 10) / 10);

const emptyCounts = (): StatusCounts => ({
  assigned: 0,
  not_started: 0,
  in_progress: 0,
  overdue: 0,
  completed: 0,
  expired: 0,
  completion_rate: null,
});

interface Tally {
  counts: StatusCounts;
  scoreSum: number;
  scoreN: number;
}

/** The per-status rows of each group folded into counts (and score sums), by group key. */
function fold(rows: StatusGroupRow[]): Map<StatusGroupRow['key'], Tally> {
  const groups = new Map<StatusGroupRow['key'], Tally>();
  for (const row of rows) {
    const tally = groups.get(row.key) ?? { counts: emptyCounts(), scoreSum: 0, scoreN: 0 };
    groups.set(row.key, tally);
    tally.counts[row.status] += row.n;
    tally.counts.assigned += row.n;
    tally.scoreSum += row.score_sum;
    tally.scoreN += row.score_n;
  }
  for (const tally of groups.values())
    tally.counts.completion_rate = percent(tally.counts.completed, tally.counts.assigned);
  return groups;
}

const byName =
  <T>(name: (row: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b), 'en', { sensitivity: 'base' });

/**
 * The criteria's one custom-field filter when the attribute rollups keep its field (select, yes/no)
 * and no period asks for months they do not hold; undefined otherwise.
 */
async function keptAttributeFilter(db: Kysely<Database>, c: ReportCriteria): Promise<AttributeFilter | undefined> {
  const [field, ...others] = c.customFields ?? [];
  if (!field || others.length > 0 || c.period) return undefined;
  const type = await customFieldType(db, c.companyId, field.fieldId);
  return type && keepsAttribute(type) ? { fieldId: field.fieldId, values: field.values } : undefined;
}

/**
 * Assignments per group and derived status: from the rollups when they can answer (a select or yes/no
 * field's filter from the attribute rollups), else the table.
 */
async function statusGroups(db: Kysely<Database>, c: ReportCriteria, by: 'none' | 'department' | 'course') {
  const attribute = await keptAttributeFilter(db, c);
  const rest = attribute ? { ...c, customFields: undefined } : c;
  return (await rollupsAnswer(db, rest)) ? rollupCountByStatus(db, rest, by, attribute) : countByStatus(db, c, by);
}

export async function statusCountsOf(db: Kysely<Database>, c: ReportCriteria): Promise<StatusCounts> {
  return fold(await statusGroups(db, c, 'none')).get(0)?.counts ?? emptyCounts();
}

async function departmentRowsOf(db: Kysely<Database>, c: ReportCriteria): Promise<DepartmentSummaryRow[]> {
  const groups = fold(await statusGroups(db, c, 'department'));
  const ids = [...groups.keys()].filter((key): key is number => key !== null);
  const names = await departmentNames(db, c.companyId, ids as number[]);
  const rows = [...groups].map(([key, tally]) => ({
    department: key === null ? null : { id: key as number, name: names.get(key as number) ?? '' },
    ...tally.counts,
  }));
  // Named departments by name; learners with no department last.
  return rows.sort((a, b) =>
    a.department === null
      ? 1
      : b.department === null
        ? -1
        : byName<string>((s) => s)(a.department.name, b.department.name),
  );
}

/** How attribute-summary groups a field of this type (decision 097). */
export const attributeGrouping = (type: string): AttributeGrouping =>
  type === 'date' ? 'year' : type === 'text' || type === 'number' ? 'top' : 'value';

type ValueRow = AttributeSummary['rows'][number];
const valueRows = (groups: Map<StatusGroupRow['key'], Tally>): ValueRow[] =>
  [...groups].map(([key, tally]) => ({ value: key === null ? null : String(key), ...tally.counts }));
/** Rows with a value first, by `order`; no value last. */
const valuesThenNone = (order: (a: string, b: string) => number) => (a: ValueRow, b: ValueRow) =>
  a.value === null ? 1 : b.value === null ? -1 : order(a.value, b.value);
const binary = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function attributeSummaryOf(
  db: Kysely<Database>,
  c: ReportCriteria,
  attribute: string,
): Promise<AttributeSummary> {
  const [field] = await customFieldsByKey(db, c.companyId, [attribute]);
  if (!field) throw invalidField('attribute', 'Unknown custom field.');
  const summary = { field: { key: field.key, label: field.label } };
  const grouping = attributeGrouping(field.type);
  if (grouping === 'year') {
    // A date field: one group per year of the value (dates are stored YYYY-MM-DD), years in order.
    const rows = valueRows(fold(await countByStatus(db, c, 'attribute-year', field.id)));
    return { ...summary, grouping, rows: rows.sort(valuesThenNone(binary)), other: null };
  }
  if (grouping === 'top') {
    // A text or number field may hold a value per learner: the database keeps the largest values
    // and sums the rest, so no more than ATTRIBUTE_TOP_VALUES + 2 groups are ever read.
    const parts = await countByTopValues(db, c, field.id, ATTRIBUTE_TOP_VALUES);
    const listed = valueRows(fold(parts.listed)).sort(
      (a, b) => b.assigned - a.assigned || binary(a.value ?? '', b.value ?? ''),
    );
    const none = fold(parts.none).get(null)?.counts;
    const other = fold(parts.other).get(null)?.counts;
    return {
      ...summary,
      grouping,
      rows: none ? [...listed, { value: null, ...none }] : listed,
      other: other && parts.values > listed.length ? { ...other, values: parts.values - listed.length } : null,
    };
  }
  // Select and yes/no fields. A filter on the summarized field itself keeps some of its values: the
  // attribute rollups answer that too.
  const filter = await keptAttributeFilter(db, c);
  const values = filter?.fieldId === field.id ? filter.values : undefined;
  const rest = values ? { ...c, customFields: undefined } : c;
  const fromRollups = keepsAttribute(field.type) && !c.period && (await rollupsAnswer(db, rest));
  const groups = fold(
    fromRollups
      ? await rollupCountByAttribute(db, rest, field.id, values)
      : await countByStatus(db, c, 'attribute', field.id),
  );
  const rows = valueRows(groups).sort(valuesThenNone(byName<string>((s) => s)));
  return { ...summary, grouping, rows, other: null };
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, m - 1 + n, 1)));
}

/** The months of the period, the last 12 to now by default, at most 36 (the latest ones). */
export function historyMonths(c: ReportCriteria): string[] {
  const now = c.now.slice(0, 7);
  const last = c.period?.to ? c.period.to.slice(0, 7) : now;
  const first = c.period?.from ? c.period.from.slice(0, 7) : addMonths(last, 1 - HISTORY_DEFAULT_MONTHS);
  const months: string[] = [];
  for (let month = last; month >= first && months.length < HISTORY_MAX_MONTHS; month = addMonths(month, -1))
    months.unshift(month);
  return months;
}

export async function completionHistoryOf(db: Kysely<Database>, c: ReportCriteria): Promise<CompletionHistoryRow[]> {
  const months = historyMonths(c);
  const bounded: ReportCriteria = {
    ...c,
    period: { from: `${months[0]}-01T00:00:00.000Z`, to: `${addMonths(months.at(-1)!, 1)}-01T00:00:00.000Z` },
  };
  // `to` is the first instant of the next month: exclusive in effect, as no month after it is shown.
  const span: [string, string] = [months[0]!, months.at(-1)!];
  const [assigned, completed] = (await rollupsAnswer(db, { ...c, period: undefined }))
    ? await Promise.all([rollupAssignedPerMonth(db, c, span), rollupCompletedPerMonth(db, c, span)])
    : await Promise.all([assignedPerMonth(db, bounded), completedPerMonth(db, bounded)]);
  const count = (rows: { month: string; n: number }[], month: string) =>
    rows.find((row) => row.month === month)?.n ?? 0;
  return months.map((month) => ({ month, assigned: count(assigned, month), completed: count(completed, month) }));
}

type Figure = (row: Pick<CompanyFigureRow, 'assigned' | 'completed' | 'score_sum' | 'score_n'>) => number | null;
const completionFigure: Figure = (row) => percent(row.completed, row.assigned);
const scoreFigure: Figure = (row) => average(row.score_sum, row.score_n);

/**
 * This company's figure against the unweighted average of the other companies' figures, overall and
 * per course. Another company counts only when it has a figure; with fewer than
 * BENCHMARK_MIN_COMPANIES of them the comparison is withheld (null), so that no single company's
 * figure can be read or derived. The average is rounded to a whole number.
 */
async function benchmarkOf(db: Kysely<Database>, c: ReportCriteria, figure: Figure): Promise<Benchmark> {
  const own: ReportCriteria = { ...c, departments: null, customFields: undefined };
  const rows = (await rollupsAnswer(db, own))
    ? await rollupFiguresPerCompany(db, own)
    : await figuresPerCompany(db, own);
  const sum = (list: CompanyFigureRow[]) =>
    list.reduce(
      (total, row) => ({
        assigned: total.assigned + row.assigned,
        completed: total.completed + row.completed,
        score_sum: total.score_sum + row.score_sum,
        score_n: total.score_n + row.score_n,
      }),
      { assigned: 0, completed: 0, score_sum: 0, score_n: 0 },
    );
  const compare = (list: CompanyFigureRow[]) => {
    const company = figure(sum(list.filter((row) => row.company_id === c.companyId)));
    const perCompany = new Map<number, CompanyFigureRow[]>();
    for (const row of list) {
      if (row.company_id === c.companyId) continue;
      perCompany.set(row.company_id, [...(perCompany.get(row.company_id) ?? []), row]);
    }
    const figures = [...perCompany.values()].map((rows) => figure(sum(rows))).filter((f): f is number => f !== null);
    const others =
      figures.length >= BENCHMARK_MIN_COMPANIES
        ? Math.round(figures.reduce((a, b) => a + b, 0) / figures.length)
        : null;
    return { company, others };
  };
  const overall = compare(rows);
  const ownCourses = [...new Set(rows.filter((row) => row.company_id === c.companyId).map((row) => row.course_id))];
  const names = await courseNames(db, ownCourses);
  const courses = ownCourses
    .map((courseId) => ({
      course: { id: courseId, name: names.get(courseId) ?? '' },
      ...compare(rows.filter((row) => row.course_id === courseId)),
    }))
    .sort(byName((row) => row.course.name));
  return { ...overall, comparison_available: overall.others !== null, courses };
}

async function leaderboardSummaryOf(db: Kysely<Database>, c: ReportCriteria): Promise<LeaderboardSummaryRow[]> {
  const departments = await departmentRowsOf(db, c);
  return departments
    .filter((row) => row.department !== null && row.assigned > 0)
    .sort(
      (a, b) =>
        (b.completion_rate ?? 0) - (a.completion_rate ?? 0) ||
        b.completed - a.completed ||
        a.department!.name.localeCompare(b.department!.name, 'en', { sensitivity: 'base' }) ||
        a.department!.id - b.department!.id,
    )
    .slice(0, LEADERBOARD_SIZE)
    .map((row, i) => ({
      rank: i + 1,
      department: row.department,
      assigned: row.assigned,
      completed: row.completed,
      completion_rate: row.completion_rate,
    }));
}

const learnerName = (row: LearnerRow) => [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;
const departmentRef = (row: LearnerRow) =>
  row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? '' };

async function leaderboardOf(db: Kysely<Database>, c: ReportCriteria): Promise<LeaderboardRow[]> {
  const among = learnerRollupsAnswer(c) ? await leaderboardCandidates(db, c, LEADERBOARD_SIZE) : undefined;
  const rows = await topLearners(db, c, LEADERBOARD_SIZE, among);
  return rows.map((row, i) => ({
    rank: i + 1,
    learner: { id: row.user_id, name: learnerName(row), username: row.username },
    department: departmentRef(row),
    completed: row.completed,
    average_score: average(row.score_sum, row.score_n),
  }));
}

const DAY = 86_400_000;

async function recertificationOf(db: Kysely<Database>, c: ReportCriteria): Promise<Recertification> {
  const now = Date.parse(c.now);
  const bound = (days: number) => new Date(now + days * DAY).toISOString();
  const bounds: [string, string, string] = [bound(30), bound(60), bound(90)];
  const rows = (await expiryRollupsAnswer(db, c))
    ? await rollupExpiriesPerCourse(db, c, bounds)
    : await expiriesPerCourse(db, c, bounds);
  const names = await courseNames(
    db,
    rows.map((row) => row.course_id),
  );
  const total = { expired: 0, days_30: 0, days_60: 0, days_90: 0 };
  for (const row of rows) {
    total.expired += row.expired;
    total.days_30 += row.days_30;
    total.days_60 += row.days_60;
    total.days_90 += row.days_90;
  }
  const courses = rows
    .map(({ course_id, ...counts }) => ({ course: { id: course_id, name: names.get(course_id) ?? '' }, ...counts }))
    .sort(byName((row) => row.course.name));
  return { ...total, courses };
}

async function courseSummaryOf(db: Kysely<Database>, c: ReportCriteria): Promise<CourseSummaryRow[]> {
  const groups = fold(await statusGroups(db, c, 'course'));
  const names = await courseNames(db, [...groups.keys()] as number[]);
  return [...groups]
    .map(([key, tally]) => ({
      course: { id: key as number, name: names.get(key as number) ?? '' },
      ...tally.counts,
      average_score: average(tally.scoreSum, tally.scoreN),
    }))
    .sort(byName((row) => row.course.name));
}

/** Learners few enough to sort when a custom-field filter picks them (a sort of 20,000 takes ~20 ms). */
const FEW_LEARNERS = 20_000;

export async function userCompletionOf(
  db: Kysely<Database>,
  c: ReportCriteria,
  page: number,
  perPage: number,
): Promise<{ data: UserCompletionRow[]; meta: ReturnType<typeof pageMeta> }> {
  const offset = (page - 1) * perPage;
  let rows: LearnerRow[];
  let total: number;
  if (learnerRollupsAnswer(c)) {
    // The total first, from the learner rollups: it says whether walking learners by name finds the
    // page soon, or whether the few that match are better read from their custom field and sorted.
    total = await rollupLearnerCount(db, c);
    rows = offset >= total ? [] : await learnerPageRows(db, c, { limit: perPage, offset, few: total <= FEW_LEARNERS });
  } else {
    [rows, total] = await Promise.all([learnerPageRows(db, c, { limit: perPage, offset }), learnerCount(db, c)]);
  }
  return { data: rows.map(userCompletionRow), meta: pageMeta(page, perPage, total) };
}

/** A learner's row of user-completion-summary. */
export const userCompletionRow = (row: LearnerRow): UserCompletionRow => ({
  learner: { id: row.user_id, name: learnerName(row), username: row.username, deactivated: row.suspended === 1 },
  department: departmentRef(row),
  assigned: row.assigned,
  completed: row.completed,
  overdue: row.overdue,
  completion_rate: percent(row.completed, row.assigned),
  average_score: average(row.score_sum, row.score_n),
});

/** Whether the criteria's custom fields pick few enough learners to read from the field's index and sort. */
export async function fewLearners(db: Kysely<Database>, c: ReportCriteria): Promise<boolean> {
  return learnerRollupsAnswer(c) && (await rollupLearnerCount(db, c)) <= FEW_LEARNERS;
}

/** Each report from validated criteria: what the endpoints answer and the exports write. */
export const reportOf = {
  'status-counts': statusCountsOf,
  'department-summary': departmentRowsOf,
  'completion-history': completionHistoryOf,
  'completion-benchmark': (db: Kysely<Database>, c: ReportCriteria) => benchmarkOf(db, c, completionFigure),
  'score-benchmark': (db: Kysely<Database>, c: ReportCriteria) => benchmarkOf(db, c, scoreFigure),
  'leaderboard-summary': leaderboardSummaryOf,
  leaderboard: leaderboardOf,
  recertification: recertificationOf,
  'course-summary': courseSummaryOf,
} as const;

/** A report endpoint's handler: criteria from the request, then the report. */
export const runReport =
  <K extends keyof typeof reportOf>(name: K) =>
  async (
    deps: ReportsDeps,
    ctx: AuthedContext,
    query: ReportQuery,
  ): Promise<Awaited<ReturnType<(typeof reportOf)[K]>>> => {
    const criteria = await reportCriteria(deps.reader, ctx, query);
    const report = reportOf[name] as (db: Kysely<Database>, c: ReportCriteria) => Promise<never>;
    return report(deps.reader, criteria);
  };

export async function attributeSummary(
  deps: ReportsDeps,
  ctx: AuthedContext,
  query: ReportQuery & { attribute: string },
) {
  return attributeSummaryOf(deps.reader, await reportCriteria(deps.reader, ctx, query), query.attribute);
}

export async function userCompletionSummary(
  deps: ReportsDeps,
  ctx: AuthedContext,
  query: ReportQuery & { page: number; per_page: number },
) {
  return userCompletionOf(deps.reader, await reportCriteria(deps.reader, ctx, query), query.page, query.per_page);
}
