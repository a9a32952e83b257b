import type { AuditLogEntry } from '@heed/contract';
import { Button, Code, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { auditTime, entityText } from './audit-columns.tsx';

export interface AuditEntryDrawerProps {
  entry: AuditLogEntry | null;
  onClose: () => void;
  /** Narrows the list to this actor's entries. */
  onFilterActor: (actorId: number) => void;
  /** Narrows the list to this record's history. */
  onFilterEntity: (entityType: string, entityId: string) => void;
}

function Value({ value, tone }: { value: string | null; tone: 'before' | 'after' }) {
  if (value === null)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        (none)
      </Text>
    );
  return (
    <Code block c={tone === 'before' ? 'red.7' : 'teal.7'} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {value}
    </Code>
  );
}

/** One audit entry: who, when, where from, and the change as a field-by-field before/after table. */
export function AuditEntryDrawer({ entry, onClose, onFilterActor, onFilterEntity }: AuditEntryDrawerProps) {
  return (
    <Drawer opened={entry !== null} onClose={onClose} position="right" size="lg" title={entry?.action ?? ''}>
      {entry && (
        <Stack gap="md">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>Time</Table.Th>
                <Table.Td>{auditTime(entry.created_at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Actor</Table.Th>
                <Table.Td>{entry.actor ? `${entry.actor.name} (${entry.actor.username})` : 'System'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Impersonated by</Table.Th>
                <Table.Td>
                  {entry.impersonated_by ? `${entry.impersonated_by.name} (${entry.impersonated_by.username})` : '—'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Td>{entry.company?.name ?? 'Platform'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Entity</Table.Th>
                <Table.Td>{entityText(entry)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>IP address</Table.Th>
                <Table.Td>{entry.ip ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fw={600} size="sm">
            Changes
          </Text>
          {entry.changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No values were recorded for this action.
            </Text>
          ) : (
            <Table withTableBorder layout="fixed" aria-label="Changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={140}>Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.changes.map((change) => (
                  <Table.Tr key={change.field}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {change.field}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Value value={change.before} tone="before" />
                    </Table.Td>
                    <Table.Td>
                      <Value value={change.after} tone="after" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group gap="xs">
            {entry.actor_id !== null && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconFilter size={14} aria-hidden />}
                onClick={() => onFilterActor(entry.actor_id!)}
              >
                All changes by this actor
              </Button>
            )}
            {entry.entity_id !== null && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconFilter size={14} aria-hidden />}
                onClick={() => onFilterEntity(entry.entity_type, entry.entity_id!)}
              >
                History of this {entry.entity_type}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
