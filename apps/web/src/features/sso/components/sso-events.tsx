import type { SamlEvent } from '@heed/contract';
import { Alert, Badge, Code, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEmpty, ListError, ListFooter, PAGE_SIZES } from '../../../components/list-page/index.ts';
import { formatTime } from '../../../lib/format-time.ts';
import { type EventFilters, useSamlEvents } from '../api/list-saml-events.ts';

const OUTCOMES: Record<SamlEvent['outcome'], { label: string; color: string }> = {
  signed_in: { label: 'Signed in', color: 'teal' },
  created: { label: 'Created and signed in', color: 'teal' },
  tested: { label: 'Test sign-in', color: 'blue' },
  refused: { label: 'Refused', color: 'red' },
};

/** What a test sign-in received: the NameID and every attribute, or why the response was refused. */
export function TestResult({ requestId }: { requestId: string }) {
  const query = useSamlEvents({ page: 1, per_page: 1, request_id: requestId });
  const event = query.data?.data[0];
  if (query.isPending) return <Skeleton h={120} />;
  if (!event)
    return (
      <Alert color="yellow" title="Test sign-in">
        No answer to this test has arrived.
      </Alert>
    );
  const attributes = Object.entries(event.attributes ?? {});
  return (
    <Alert
      color={event.outcome === 'refused' ? 'red' : 'teal'}
      title={event.outcome === 'refused' ? 'Test sign-in refused' : 'Test sign-in succeeded'}
    >
      <Stack gap="xs">
        {event.reason ? <Text size="sm">{event.reason}</Text> : null}
        {event.name_id ? (
          <Text size="sm">
            NameID: <Code>{event.name_id}</Code>
          </Text>
        ) : null}
        {attributes.length > 0 ? (
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Attribute</Table.Th>
                <Table.Th>Values</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attributes.map(([name, values]) => (
                <Table.Tr key={name}>
                  <Table.Td ff="monospace">{name}</Table.Td>
                  <Table.Td>{values.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Recent sign-ins and refusals (with the reason), paged. */
export function SsoEvents() {
  const [filters, setFilters] = useState<EventFilters>({ page: 1, per_page: 25 });
  const query = useSamlEvents(filters);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Recent sign-ins
        </Title>
        {query.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} h={28} />
            ))}
          </Stack>
        ) : query.isError ? (
          <ListError
            nounPlural="sign-ins"
            message={query.error.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.data.length === 0 ? (
          <ListEmpty
            filtered={false}
            nounPlural="sign-ins"
            onClearFilters={() => undefined}
            empty={{
              title: 'No SSO sign-ins yet',
              description: 'Sign-ins through your IdP, and any response refused with the reason, show here.',
              icon: <IconHistory size={24} stroke={1.6} aria-hidden />,
            }}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Result</Table.Th>
                    <Table.Th>NameID</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.data.map((event) => (
                    <Table.Tr key={event.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(event.created_at)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={OUTCOMES[event.outcome].color}>
                          {OUTCOMES[event.outcome].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{event.name_id ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {event.reason ?? ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter
              meta={query.data.meta}
              rowCount={query.data.data.length}
              noun={{ one: 'sign-in', other: 'sign-ins' }}
              page={filters.page}
              perPage={filters.per_page}
              pageSizes={PAGE_SIZES}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
              onPerPage={(per_page) => setFilters({ page: 1, per_page })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
