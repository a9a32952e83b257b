import {
  AUTOMATED_REPORT_FORMAT_LABELS,
  AUTOMATED_REPORT_RUN_STATUS_LABELS,
  AUTOMATED_REPORT_TITLES,
  type AutomatedReport,
} from '@heed/contract';
import { Badge, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { RUN_STATUS_COLORS } from './report-runs-panel.tsx';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const Missing = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** The automated reports table's columns. */
export const REPORT_COLUMNS: ListColumn<AutomatedReport>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    hideable: false,
    minWidth: 200,
    cell: (r) => (
      <Text span size="sm" fw={500}>
        {r.name}
      </Text>
    ),
  },
  {
    id: 'report',
    label: 'Report',
    minWidth: 160,
    cell: (r) => `${AUTOMATED_REPORT_TITLES[r.report]} (${AUTOMATED_REPORT_FORMAT_LABELS[r.format]})`,
  },
  { id: 'schedule', label: 'Schedule', minWidth: 180, cell: (r) => r.schedule_text },
  {
    id: 'recipients',
    label: 'Recipients',
    minWidth: 180,
    cell: (r) => (
      <Text span size="sm">
        {r.recipients.map((p) => p.name).join(', ') || <Missing />}
      </Text>
    ),
  },
  {
    id: 'last_run_at',
    label: 'Last run',
    sortKey: 'last_run_at',
    cell: (r) =>
      r.last_run ? (
        <Text span size="sm">
          {when.format(new Date(r.last_run.finished_at ?? r.last_run.created_at))}{' '}
          <Text span size="sm" fw={500} c={RUN_STATUS_COLORS[r.last_run.status]}>
            {AUTOMATED_REPORT_RUN_STATUS_LABELS[r.last_run.status]}
          </Text>
        </Text>
      ) : (
        <Missing />
      ),
  },
  {
    id: 'next_run_at',
    label: 'Next run',
    sortKey: 'next_run_at',
    cell: (r) => (r.next_run_at ? when.format(new Date(r.next_run_at)) : <Missing />),
  },
  {
    id: 'enabled',
    label: 'Enabled',
    cell: (r) => (
      <Badge size="sm" variant="light" color={r.enabled ? 'green' : 'gray'}>
        {r.enabled ? 'Enabled' : 'Off'}
      </Badge>
    ),
  },
];

export const DEFAULT_REPORT_COLUMNS = REPORT_COLUMNS.map((c) => c.id);
