import type { AuditLogEntry } from '@heed/contract';
import { Badge, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';

const TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});

/** `2 Mar 2026, 09:00:00 UTC` */
export const auditTime = (iso: string) => `${TIME.format(new Date(iso))} UTC`;

/** `user #42`, or the entity type alone. */
export const entityText = (entry: Pick<AuditLogEntry, 'entity_type' | 'entity_id'>) =>
  entry.entity_id ? `${entry.entity_type} #${entry.entity_id}` : entry.entity_type;

/** The diff in one line: `name, role` changed (or "no values recorded"). */
const changesSummary = (entry: AuditLogEntry) =>
  entry.changes.length === 0 ? '—' : entry.changes.map((change) => change.field).join(', ');

export const AUDIT_COLUMNS: readonly ListColumn<AuditLogEntry>[] = [
  { id: 'time', label: 'Time', cell: (e) => auditTime(e.created_at), hideable: false, minWidth: 190 },
  { id: 'actor', label: 'Actor', cell: (e) => e.actor?.name ?? (e.actor_id === null ? 'System' : `#${e.actor_id}`) },
  {
    id: 'impersonated_by',
    label: 'Impersonated by',
    cell: (e) =>
      e.impersonated_by ? (
        <Badge variant="light" color="orange" size="sm">
          {e.impersonated_by.name}
        </Badge>
      ) : null,
  },
  { id: 'company', label: 'Company', cell: (e) => e.company?.name ?? 'Platform' },
  {
    id: 'action',
    label: 'Action',
    cell: (e) => (
      <Text size="sm" ff="monospace">
        {e.action}
      </Text>
    ),
  },
  { id: 'entity', label: 'Entity', cell: entityText },
  { id: 'changes', label: 'Changed', cell: changesSummary },
  { id: 'ip', label: 'IP', cell: (e) => e.ip ?? '—' },
];
