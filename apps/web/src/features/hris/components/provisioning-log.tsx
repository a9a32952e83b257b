import { type ProvisioningLogEntry, SCIM_OPERATIONS, type ScimOperation } from '@heed/contract';
import { Badge, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEmpty, ListError, ListFooter, PAGE_SIZES } from '../../../components/list-page/index.ts';
import { type LogFilters, useProvisioningLog } from '../api/list-provisioning-log.ts';
import { formatTime } from '../../../lib/format-time.ts';

const OPERATION_OPTIONS = Object.entries(SCIM_OPERATIONS).map(([value, label]) => ({ value, label }));
const RESULT_OPTIONS = [
  { value: 'success', label: 'Succeeded' },
  { value: 'failure', label: 'Refused or failed' },
];
const NOUN = { one: 'call', other: 'calls' };

function LogRow({ entry }: { entry: ProvisioningLogEntry }) {
  const ok = entry.status < 400;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(entry.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm">{SCIM_OPERATIONS[entry.operation as ScimOperation] ?? entry.operation ?? entry.method}</Text>
        <Text size="xs" c="dimmed" ff="monospace" lineClamp={1} title={`${entry.method} ${entry.path}`}>
          {entry.method} {entry.path}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.display ?? (entry.resource_id ? `#${entry.resource_id}` : '—')}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={ok ? 'teal' : 'red'} variant="light">
          {entry.status}
        </Badge>
        {entry.detail ? (
          <Text size="xs" c="dimmed" lineClamp={2} title={entry.detail}>
            {entry.detail}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The provisioning log: every SCIM call made with the company's tokens (time, operation, user, result), paged and filtered. */
export function ProvisioningLog() {
  const [filters, setFilters] = useState<LogFilters>({ page: 1, per_page: 25 });
  const query = useProvisioningLog(filters);
  const filtered = Boolean(filters.operation || filters.result);
  const set = (change: Partial<LogFilters>) => setFilters((current) => ({ ...current, page: 1, ...change }));
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              Provisioning log
            </Title>
            <Text size="sm" c="dimmed">
              Every call made with this company’s tokens, newest first.
            </Text>
          </div>
          <Group gap="sm">
            <Select
              aria-label="Operation"
              placeholder="All operations"
              data={OPERATION_OPTIONS}
              value={filters.operation ?? null}
              onChange={(value) => set({ operation: (value as ScimOperation | null) ?? undefined })}
              clearable
              w={200}
            />
            <Select
              aria-label="Result"
              placeholder="Any result"
              data={RESULT_OPTIONS}
              value={filters.result ?? null}
              onChange={(value) => set({ result: (value as LogFilters['result'] | null) ?? undefined })}
              clearable
              w={180}
            />
          </Group>
        </Group>
        {query.isPending ? (
          <Stack gap="xs" data-testid="log-loading">
            {[0, 1, 2, 3, 4].map((n) => (
              <Skeleton key={n} h={28} />
            ))}
          </Stack>
        ) : query.isError ? (
          <ListError
            nounPlural="provisioning calls"
            message={query.error.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.data.length === 0 ? (
          <ListEmpty
            filtered={filtered}
            nounPlural="calls"
            onClearFilters={() => set({ operation: undefined, result: undefined })}
            empty={{
              title: 'No provisioning calls yet',
              description:
                'Calls from your identity provider show here as they arrive: who was created, changed or deactivated, and what was refused.',
              icon: <IconHistory size={24} stroke={1.6} aria-hidden />,
            }}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Operation</Table.Th>
                    <Table.Th>User or group</Table.Th>
                    <Table.Th>Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.data.map((entry) => (
                    <LogRow key={entry.id} entry={entry} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter
              meta={query.data.meta}
              rowCount={query.data.data.length}
              noun={NOUN}
              page={filters.page}
              perPage={filters.per_page}
              pageSizes={PAGE_SIZES}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
              onPerPage={(per_page) => set({ per_page })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
