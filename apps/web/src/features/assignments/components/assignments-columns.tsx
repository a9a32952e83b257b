import type { AssignmentListItem } from '@heed/contract';
import { Stack, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { AssignmentStatusBadge } from './assignment-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const Missing = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** A date in the table; the full time in its tooltip. */
export function DateCell({ value }: { value: string | null }) {
  if (!value) return <Missing />;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <Missing />;
  return (
    <time dateTime={value} title={timeFormat.format(date)}>
      {dateFormat.format(date)}
    </time>
  );
}

/** Manual (by whom), Rule (which), or Import: why the assignment exists. */
export function sourceText(item: AssignmentListItem): { kind: string; detail: string | null } {
  const { kind, assigned_by, rule } = item.source;
  if (kind === 'manual') return { kind: 'Manual', detail: assigned_by ? `by ${assigned_by.name}` : null };
  if (kind === 'rule') {
    const run = item.source.run;
    return {
      kind: rule ? `Rule: ${rule.name}` : 'Rule',
      detail: run ? `run ${timeFormat.format(new Date(run.at))}` : null,
    };
  }
  return { kind: 'Import', detail: null };
}

function SourceCell({ item }: { item: AssignmentListItem }) {
  const { kind, detail } = sourceText(item);
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {kind}
      </Text>
      {detail && (
        <Text span size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

/** The assignments table's columns (PRODUCT.md "Assignments"); sort keys are GET /assignments' `sort` values. */
export const ASSIGNMENT_COLUMNS: ListColumn<AssignmentListItem>[] = [
  {
    id: 'learner',
    label: 'Learner',
    sortKey: 'learner',
    hideable: false,
    minWidth: 160,
    cell: (a) => (
      <Text span size="sm" fw={500}>
        {a.learner.name}
      </Text>
    ),
  },
  { id: 'course', label: 'Course', sortKey: 'course', minWidth: 160, cell: (a) => a.course.name },
  { id: 'department', label: 'Department', sortKey: 'department', cell: (a) => a.department?.name ?? <Missing /> },
  { id: 'assigned', label: 'Assigned', sortKey: 'assigned_at', cell: (a) => <DateCell value={a.assigned_at} /> },
  { id: 'due', label: 'Due', sortKey: 'due_at', cell: (a) => <DateCell value={a.due_at} /> },
  {
    id: 'status',
    label: 'Status',
    sortKey: 'status',
    minWidth: 116,
    cell: (a) => <AssignmentStatusBadge status={a.status} />,
  },
  { id: 'completed', label: 'Completed', sortKey: 'completed_at', cell: (a) => <DateCell value={a.completed_at} /> },
  { id: 'score', label: 'Score', sortKey: 'score', align: 'right', cell: (a) => a.score ?? <Missing /> },
  { id: 'expires', label: 'Expires', sortKey: 'expires_at', cell: (a) => <DateCell value={a.expires_at} /> },
  { id: 'source', label: 'Source', sortKey: 'source', cell: (a) => <SourceCell item={a} /> },
];

export const DEFAULT_ASSIGNMENT_COLUMNS = ASSIGNMENT_COLUMNS.filter((c) => c.defaultVisible !== false).map((c) => c.id);
