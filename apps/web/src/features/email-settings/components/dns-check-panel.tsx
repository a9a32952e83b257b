import type { DnsCheck } from '@heed/contract';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconWorldSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { dnsCheckQueryOptions } from '../api/email-settings-api.ts';

const STATUS: Record<DnsCheck['records'][number]['status'], { color: string; label: string }> = {
  ok: { color: 'green', label: 'Found' },
  warning: { color: 'yellow', label: 'Weak' },
  missing: { color: 'red', label: 'Missing' },
  unknown: { color: 'gray', label: 'Not checked' },
};

/** SPF, DKIM and DMARC of the sender address's domain, each with what to do. */
export function DnsCheckPanel({ domain }: { domain: string | null }) {
  const check = useQuery(dnsCheckQueryOptions(domain));
  const data = check.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Sender domain records
          </Title>
          <Button
            variant="default"
            leftSection={<IconWorldSearch size={16} aria-hidden />}
            loading={check.isFetching}
            onClick={() => void check.refetch()}
          >
            Check {domain ?? 'the domain'}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Receivers trust mail from a domain that publishes SPF, DKIM and DMARC records. Checked in DNS from this
          server.
        </Text>
        {check.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatApiError(check.error).message}
          </Alert>
        )}
        {data && (
          <Stack gap="xs" aria-live="polite">
            <Alert
              color={!data.reachable ? 'yellow' : data.records.every((r) => r.status === 'ok') ? 'green' : 'orange'}
              variant="light"
            >
              {data.explanation}
            </Alert>
            {data.records.length > 0 && (
              <Table verticalSpacing="xs" aria-label="DNS records">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Record</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>What to do</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.records.map((record) => (
                    <Table.Tr key={record.kind}>
                      <Table.Td>{record.kind.toUpperCase()}</Table.Td>
                      <Table.Td>
                        <Code>{record.name}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS[record.status].color} radius="sm">
                          {STATUS[record.status].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{record.advice}</Text>
                        {record.value && (
                          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                            {record.value}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
