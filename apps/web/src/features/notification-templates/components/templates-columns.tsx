import {
  TEMPLATE_SOURCE_LABELS,
  type TemplateListItem,
  notificationMethodLabel,
  notificationTypeLabel,
} from '@heed/contract';
import { Badge, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { formatTime } from '../../../lib/format-time.ts';

/** "Default" (the system's text) or "Customised" (the company's own). */
export function SourceBadge({ source }: { source: TemplateListItem['source'] }) {
  return (
    <Badge variant="light" color={source === 'default' ? 'gray' : 'teal'} radius="sm" tt="none" fw={500}>
      {TEMPLATE_SOURCE_LABELS[source]}
    </Badge>
  );
}

/** The templates table's columns; sort keys are GET /templates' `sort` values. */
export const TEMPLATE_COLUMNS: ListColumn<TemplateListItem>[] = [
  { id: 'type', label: 'Type', sortKey: 'type', minWidth: 160, cell: (row) => notificationTypeLabel(row.type) },
  { id: 'method', label: 'Method', sortKey: 'method', cell: (row) => notificationMethodLabel(row.method) },
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    hideable: false,
    minWidth: 200,
    cell: (row) => (
      <Text span size="sm" fw={500}>
        {row.name}
      </Text>
    ),
  },
  {
    id: 'subject',
    label: 'Subject',
    defaultVisible: false,
    minWidth: 240,
    cell: (row) =>
      row.subject ?? (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { id: 'updated_at', label: 'Updated', sortKey: 'updated_at', cell: (row) => formatTime(row.updated_at) },
  { id: 'source', label: 'Source', cell: (row) => <SourceBadge source={row.source} /> },
];

export const DEFAULT_TEMPLATE_COLUMNS = ['type', 'method', 'name', 'updated_at', 'source'] as const;
