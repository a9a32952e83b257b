import {
  ASSIGNMENT_STATUS_LABELS,
  ATTRIBUTE_TOP_VALUES,
  type AssignmentStatus,
  type AttributeGrouping,
  type AttributeSummary,
  type AttributeSummaryGroup,
  BENCHMARK_MIN_COMPANIES,
  type ReportData,
  type StatusCounts,
  attributeSummaryGroups,
  reportTable,
} from '@heed/contract';
import { Group, Paper, Pagination, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  BarChart,
  DataTable,
  EXPIRY_COLORS,
  LineChart,
  SERIES_COLORS,
  STATUS_COLORS,
  type Series,
} from '../../../components/charts/index.ts';
import { PAGINATION_CONTROL_LABELS } from '../../../components/list-page/index.ts';
import { useCustomFields } from '../../../lib/queries/custom-fields.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { LEARNERS_PER_PAGE, defaultAttributeField, useReport, useUserCompletionSummary } from '../api/reports.ts';
import {
  type DashboardFilters,
  drillUrl,
  drillableFieldValue,
  monthRange,
  yearRange,
} from '../lib/dashboard-filters.ts';
import { DrillLink } from './report-link.tsx';
import { WidgetCard } from './widget-card.tsx';

type Props = { filters: DashboardFilters };

const useLabels = () => {
  const company = useOptionalConsoleSession()?.company;
  return { department: company?.department_label ?? 'Department' };
};

const STATUS_ORDER: AssignmentStatus[] = ['completed', 'in_progress', 'not_started', 'overdue', 'expired'];
const STATUS_SERIES: Series[] = STATUS_ORDER.map((key) => ({
  key,
  label: ASSIGNMENT_STATUS_LABELS[key],
  color: STATUS_COLORS[key],
}));
const statusValues = (c: StatusCounts) => Object.fromEntries(STATUS_ORDER.map((s) => [s, c[s]]));
const fmt = (value: number | null, unit = '') => (value === null ? '–' : `${value.toLocaleString('en')}${unit}`);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const EMPTY_COUNTS: StatusCounts = {
  assigned: 0,
  not_started: 0,
  in_progress: 0,
  overdue: 0,
  completed: 0,
  expired: 0,
  completion_rate: null,
};

/** KPI cards (status-counts): a failed read shows zeros (spec §8); each number opens its assignments. */
export function StatusCountsWidget({ filters }: Props) {
  const query = useReport('status-counts', filters);
  const data = query.isError ? EMPTY_COUNTS : (query.data ?? EMPTY_COUNTS);
  const cards: { label: string; value: string; status?: AssignmentStatus[]; color?: string }[] = [
    { label: 'Assigned', value: fmt(data.assigned) },
    { label: 'Not started', value: fmt(data.not_started), status: ['not_started'], color: STATUS_COLORS.not_started },
    { label: 'In progress', value: fmt(data.in_progress), status: ['in_progress'], color: STATUS_COLORS.in_progress },
    { label: 'Completed', value: fmt(data.completed), status: ['completed'], color: STATUS_COLORS.completed },
    { label: 'Overdue', value: fmt(data.overdue), status: ['overdue'], color: STATUS_COLORS.overdue },
    { label: 'Completion rate', value: fmt(data.completion_rate, '%') },
  ];
  const table = reportTable('status-counts', data, useLabels());
  return (
    <WidgetCard
      report="status-counts"
      title="Assignments by status"
      filters={filters}
      state={query}
      emptyOnError
      table={<DataTable caption="Assignments by status" header={table.header} rows={table.rows} />}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {cards.map((card) => (
          <Paper
            key={card.label}
            withBorder
            radius="sm"
            p="sm"
            style={card.color ? { borderLeft: `4px solid ${card.color}` } : undefined}
          >
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {card.label}
            </Text>
            <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {card.label === 'Completion rate' ? (
                card.value
              ) : (
                <DrillLink
                  to={drillUrl(filters, { status: card.status })}
                  label={`${card.label}: ${card.value}, open the assignments`}
                >
                  {card.value}
                </DrillLink>
              )}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </WidgetCard>
  );
}

export function CompletionHistoryWidget({ filters }: Props) {
  const query = useReport('completion-history', filters);
  const rows = query.data ?? [];
  const table = reportTable('completion-history', rows, useLabels());
  const title = 'Assignments and completions by month';
  return (
    <WidgetCard
      report="completion-history"
      title={title}
      filters={filters}
      state={query}
      empty={
        rows.every((r) => r.assigned === 0 && r.completed === 0)
          ? 'No assignments or completions in these months.'
          : null
      }
      table={
        <DataTable
          caption={title}
          header={table.header}
          rows={table.rows}
          renderCell={(r, c, value) =>
            c === 2 && typeof value === 'number' && value > 0 ? (
              <DrillLink
                to={drillUrl(filters, { completed: monthRange(rows[r]!.month), assigned: '' })}
                label={`${value} completed in ${rows[r]!.month}`}
              >
                {value.toLocaleString('en')}
              </DrillLink>
            ) : undefined
          }
        />
      }
    >
      <LineChart
        title={title}
        categoryLabel="Month"
        valueLabel="Assignments"
        series={[
          { key: 'assigned', label: 'Assigned', color: SERIES_COLORS.assigned },
          { key: 'completed', label: 'Completed', color: STATUS_COLORS.completed },
        ]}
        data={rows.map((r) => ({ label: r.month, values: { assigned: r.assigned, completed: r.completed } }))}
      />
    </WidgetCard>
  );
}

/** Most bars a status breakdown draws: the groups with the most assignments (the table and export hold all). */
const MAX_BARS = 15;
function largest<T extends StatusCounts>(rows: T[]): T[] {
  if (rows.length <= MAX_BARS) return rows;
  const kept = new Set([...rows].sort((a, b) => b.assigned - a.assigned).slice(0, MAX_BARS));
  return rows.filter((row) => kept.has(row));
}

/** Status rows of a summary (departments, a custom field) as a stacked bar chart and its table. */
function StatusBreakdown({
  title,
  categoryLabel,
  rows,
  drill,
}: {
  title: string;
  categoryLabel: string;
  rows: (StatusCounts & { label: string })[];
  drill?: ((index: number) => string | null) | undefined;
}) {
  return (
    <BarChart
      title={title}
      stacked
      categoryLabel={categoryLabel}
      valueLabel="Assignments"
      series={STATUS_SERIES}
      data={rows.map((r) => ({ label: r.label, values: statusValues(r) }))}
      hrefOf={drill}
    />
  );
}

export function DepartmentSummaryWidget({ filters }: Props) {
  const labels = useLabels();
  const query = useReport('department-summary', filters);
  const rows = query.data ?? [];
  const table = reportTable('department-summary', rows, labels);
  const title = `Assignments by status per ${labels.department.toLowerCase()}`;
  const drill = (i: number) => {
    const id = rows[i]?.department?.id;
    return id ? drillUrl(filters, { departmentId: id }) : null;
  };
  return (
    <WidgetCard
      report="department-summary"
      title={title}
      description={`Learners' own ${labels.department.toLowerCase()}${rows.length > MAX_BARS ? `; the ${MAX_BARS} largest of ${rows.length} (all in the table)` : ''}; click a bar to open its assignments.`}
      filters={filters}
      state={query}
      empty={rows.length === 0 ? 'No assignments for these filters.' : null}
      table={
        <DataTable
          caption={title}
          header={table.header}
          rows={table.rows}
          renderCell={(r, c, value) => {
            const id = rows[r]?.department?.id;
            return c === 0 && id ? (
              <DrillLink to={drillUrl(filters, { departmentId: id })} label={`Open the assignments of ${value}`}>
                {value}
              </DrillLink>
            ) : undefined;
          }}
        />
      }
    >
      <StatusBreakdown
        title={title}
        categoryLabel={labels.department}
        rows={largest(rows).map((r) => ({ ...r, label: r.department?.name ?? 'No department' }))}
        drill={(i) => drill(rows.indexOf(largest(rows)[i]!))}
      />
    </WidgetCard>
  );
}

/** Where a custom field summary's group drills: a year as a date range, a value exactly; other values and no value nowhere. */
function attributeDrill(
  filters: DashboardFilters,
  key: string,
  grouping: AttributeGrouping,
  group: AttributeSummaryGroup | undefined,
): string | null {
  if (group?.kind !== 'value') return null;
  const value = grouping === 'year' ? yearRange(group.value ?? '') : group.value;
  if (value === null || (grouping !== 'year' && !drillableFieldValue(value))) return null;
  return drillUrl(filters, { customField: { key, value } });
}

/** What a custom field summary's groups are, under its title. */
function attributeDescription(data: AttributeSummary, groups: AttributeSummaryGroup[]): string | undefined {
  const others = data.other?.values ?? 0;
  if (data.grouping === 'top')
    return others > 0
      ? `The ${ATTRIBUTE_TOP_VALUES} values with the most assignments; ${others.toLocaleString('en')} other ${others === 1 ? 'value holds' : 'values hold'} ${data.other!.assigned.toLocaleString('en')} more (in the table).`
      : 'Each value, the most assignments first.';
  const kind = data.grouping === 'year' ? 'years' : 'values';
  const cut = groups.length > MAX_BARS ? `The ${MAX_BARS} largest of ${groups.length} ${kind} (all in the table).` : '';
  return data.grouping === 'year' ? `By year. ${cut}`.trim() : cut || undefined;
}

export function AttributeSummaryWidget({ filters, onAttribute }: Props & { onAttribute: (key: string) => void }) {
  const fields = useCustomFields();
  const chosen = filters.attribute || defaultAttributeField(fields.data)?.key || '';
  const query = useReport('attribute-summary', filters, { attribute: chosen }, chosen !== '');
  const data = query.data;
  const labels = useLabels();
  const table = data ? reportTable('attribute-summary', data, labels) : { header: [], rows: [] };
  // The table's rows, in its order: values (or years), the other values, no value.
  const groups = data ? attributeSummaryGroups(data) : [];
  // The server already keeps a text or number field to its top values: each is a bar. The other
  // values' sum would dwarf them (a value per learner): it is in the description and the table.
  const bars = data?.grouping === 'top' ? groups.filter((group) => group.kind !== 'other') : largest(groups);
  const label = fields.data?.find((f) => f.key === chosen)?.label ?? 'custom field';
  const title = `Assignments by status per ${label}`;
  const noFields = fields.isSuccess && fields.data.length === 0;
  const drill = (group: AttributeSummaryGroup | undefined) =>
    data ? attributeDrill(filters, chosen, data.grouping, group) : null;
  return (
    <WidgetCard
      report="attribute-summary"
      title={title}
      description={data ? attributeDescription(data, groups) : undefined}
      filters={{ ...filters, attribute: chosen }}
      state={noFields ? { ...query, isPending: false, isError: false } : query}
      canExport={chosen !== ''}
      empty={
        noFields
          ? 'No custom fields yet — add one under Settings › Custom Fields to compare its groups.'
          : data && groups.length === 0
            ? 'No assignments for these filters.'
            : null
      }
      controls={
        <Select
          size="xs"
          w={150}
          aria-label="Custom field"
          data={(fields.data ?? []).map((f) => ({ value: f.key, label: f.label }))}
          value={chosen || null}
          onChange={(value) => value && onAttribute(value)}
          allowDeselect={false}
        />
      }
      table={
        data ? (
          <DataTable
            caption={title}
            header={table.header}
            rows={table.rows}
            renderCell={(r, c, value) => {
              const link = c === 0 ? drill(groups[r]) : null;
              const which = data.grouping === 'year' ? `a ${label} in ${value}` : `${label} ${value}`;
              return link ? (
                <DrillLink to={link} label={`Open the assignments of learners with ${which}`}>
                  {value}
                </DrillLink>
              ) : undefined;
            }}
          />
        ) : undefined
      }
    >
      {data && (
        <StatusBreakdown title={title} categoryLabel={data.field.label} rows={bars} drill={(i) => drill(bars[i])} />
      )}
    </WidgetCard>
  );
}

function BenchmarkWidget({ filters, kind }: Props & { kind: 'completion-benchmark' | 'score-benchmark' }) {
  const query = useReport(kind, filters);
  const data = query.data;
  const completion = kind === 'completion-benchmark';
  const title = completion ? 'Completion rate against other companies' : 'Average score against other companies';
  const unit = completion ? '%' : '';
  const labels = useLabels();
  const table = data ? reportTable(kind, data, labels) : { header: [], rows: [] };
  const rows = data
    ? [
        { label: 'All courses', company: data.company, others: data.others },
        ...data.courses.map((c) => ({ label: c.course.name, company: c.company, others: c.others })),
      ]
    : [];
  return (
    <WidgetCard
      report={kind}
      title={title}
      description={
        data && !data.comparison_available
          ? `The comparison appears once at least ${BENCHMARK_MIN_COMPANIES} other companies have figures.`
          : 'Other companies: the average of their figures, anonymised.'
      }
      filters={filters}
      state={query}
      empty={data && data.company === null ? 'No figures for these filters yet.' : null}
      table={data ? <DataTable caption={title} header={table.header} rows={table.rows} /> : undefined}
    >
      <BarChart
        title={title}
        categoryLabel="Course"
        valueLabel={completion ? 'Completion rate (%)' : 'Average score'}
        max={100}
        unit={unit}
        series={[
          { key: 'company', label: 'This company', color: SERIES_COLORS.primary },
          { key: 'others', label: 'Other companies (average)', color: SERIES_COLORS.secondary },
        ]}
        data={rows.slice(0, 11).map((r) => ({ label: r.label, values: { company: r.company, others: r.others } }))}
      />
    </WidgetCard>
  );
}

export const CompletionBenchmarkWidget = ({ filters }: Props) => (
  <BenchmarkWidget filters={filters} kind="completion-benchmark" />
);
export const ScoreBenchmarkWidget = ({ filters }: Props) => (
  <BenchmarkWidget filters={filters} kind="score-benchmark" />
);

export function LeaderboardSummaryWidget({ filters }: Props) {
  const labels = useLabels();
  const query = useReport('leaderboard-summary', filters);
  const rows = query.data ?? [];
  const table = reportTable('leaderboard-summary', rows, labels);
  const title = `Completion rate by ${labels.department.toLowerCase()}: top ${rows.length || 10}`;
  return (
    <WidgetCard
      report="leaderboard-summary"
      title={title}
      filters={filters}
      state={query}
      empty={rows.length === 0 ? 'No assignments for these filters.' : null}
      table={<DataTable caption={title} header={table.header} rows={table.rows} />}
    >
      <BarChart
        title={title}
        categoryLabel={labels.department}
        valueLabel="Completion rate (%)"
        max={100}
        unit="%"
        series={[{ key: 'rate', label: 'Completion rate', color: STATUS_COLORS.completed }]}
        data={rows.map((r) => ({
          label: `${r.rank}. ${r.department?.name ?? ''}`,
          values: { rate: r.completion_rate },
        }))}
        hrefOf={(i) => {
          const id = rows[i]?.department?.id;
          return id ? drillUrl(filters, { departmentId: id, status: ['completed'] }) : null;
        }}
      />
    </WidgetCard>
  );
}

export function LeaderboardWidget({ filters }: Props) {
  const labels = useLabels();
  const query = useReport('leaderboard', filters);
  const rows = query.data ?? [];
  const table = reportTable('leaderboard', rows, labels);
  return (
    <WidgetCard
      report="leaderboard"
      title="Learners with the most completions"
      filters={filters}
      state={query}
      empty={rows.length === 0 ? 'No completions for these filters yet.' : null}
    >
      <DataTable caption="Learners with the most completions" header={table.header} rows={table.rows} />
    </WidgetCard>
  );
}

export function RecertificationWidget({ filters }: Props) {
  const query = useReport('recertification', filters);
  const empty: ReportData['recertification'] = { expired: 0, days_30: 0, days_60: 0, days_90: 0, courses: [] };
  const data = query.isError ? empty : (query.data ?? empty);
  const table = reportTable('recertification', data, useLabels());
  const tiles = [
    {
      label: 'Expired',
      value: data.expired,
      color: EXPIRY_COLORS.expired,
      drill: { status: ['expired'] as AssignmentStatus[] },
    },
    {
      label: 'Within 30 days',
      value: data.days_30,
      color: EXPIRY_COLORS.days_30,
      drill: { status: ['completed'] as AssignmentStatus[], expires: `${day(0)}..${day(30)}` },
    },
    {
      label: 'In 31–60 days',
      value: data.days_60,
      color: EXPIRY_COLORS.days_60,
      drill: { status: ['completed'] as AssignmentStatus[], expires: `${day(31)}..${day(60)}` },
    },
    {
      label: 'In 61–90 days',
      value: data.days_90,
      color: EXPIRY_COLORS.days_90,
      drill: { status: ['completed'] as AssignmentStatus[], expires: `${day(61)}..${day(90)}` },
    },
  ];
  return (
    <WidgetCard
      report="recertification"
      title="Certifications expired and expiring"
      filters={filters}
      state={query}
      emptyOnError
      table={
        <DataTable caption="Certifications expired and expiring, per course" header={table.header} rows={table.rows} />
      }
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {tiles.map((tile) => (
          <Paper key={tile.label} withBorder radius="sm" p="sm" style={{ borderLeft: `4px solid ${tile.color}` }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {tile.label}
            </Text>
            <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              <DrillLink
                to={drillUrl(filters, tile.drill)}
                label={`${tile.label}: ${tile.value}, open the assignments`}
              >
                {tile.value.toLocaleString('en')}
              </DrillLink>
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </WidgetCard>
  );
}

export function CourseSummaryWidget({ filters }: Props) {
  const query = useReport('course-summary', filters);
  const rows = query.data ?? [];
  const table = reportTable('course-summary', rows, useLabels());
  const statusOfColumn: Record<number, AssignmentStatus | undefined> = {
    2: 'not_started',
    3: 'in_progress',
    4: 'overdue',
    5: 'completed',
    6: 'expired',
  };
  return (
    <WidgetCard
      report="course-summary"
      title="Courses"
      filters={filters}
      state={query}
      empty={rows.length === 0 ? 'No assignments for these filters.' : null}
    >
      <DataTable
        caption="Assignments by status per course"
        header={table.header}
        rows={table.rows}
        renderCell={(r, c, value) => {
          const course = rows[r]?.course;
          if (!course || typeof value !== 'number' || c > 6 || (c > 0 && value === 0)) return undefined;
          const status = statusOfColumn[c];
          return (
            <DrillLink
              to={drillUrl(filters, { courseId: course.id, ...(status ? { status: [status] } : {}) })}
              label={`${course.name}: ${value} ${table.header[c]?.toLowerCase()}, open the assignments`}
            >
              {value.toLocaleString('en')}
            </DrillLink>
          );
        }}
      />
    </WidgetCard>
  );
}

export function UserCompletionWidget({ filters }: Props) {
  const [page, setPage] = useState(1);
  const query = useUserCompletionSummary(filters, page, LEARNERS_PER_PAGE);
  const rows = query.data?.data ?? [];
  const table = reportTable('user-completion-summary', rows, useLabels());
  const lastPage = query.data?.meta.last_page ?? 1;
  return (
    <WidgetCard
      report="user-completion-summary"
      title="Learners"
      description={query.data ? `${query.data.meta.total.toLocaleString('en')} learners with assignments` : undefined}
      filters={filters}
      state={query}
      empty={rows.length === 0 ? 'No learners with assignments for these filters.' : null}
    >
      <Stack gap="xs">
        <DataTable caption="Completion per learner" header={table.header} rows={table.rows} />
        {lastPage > 1 && (
          <Group justify="flex-end">
            <Pagination
              size="sm"
              total={lastPage}
              value={Math.min(page, lastPage)}
              onChange={setPage}
              aria-label="Learner pages"
              getControlProps={(control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] })}
              getItemProps={(item) => ({
                'aria-label': `Page ${item}`,
                'aria-current': item === page ? 'page' : undefined,
              })}
            />
          </Group>
        )}
      </Stack>
    </WidgetCard>
  );
}
