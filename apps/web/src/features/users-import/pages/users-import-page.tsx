import { type UserImportSummary, routePath } from '@heed/contract';
import { ActionIcon, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ListEmpty, ListError, ListFooter, PAGE_SIZES } from '../../../components/list-page/index.ts';
import { formatApiError, showApiError } from '../../../lib/error-notices.tsx';
import { downloadImportErrors } from '../api/import-errors.ts';
import { useUserImports } from '../api/imports-query.ts';
import { ImportStatusBadge } from '../components/import-status-badge.tsx';
import { formatDateTime, formatNumber } from '../model/format.ts';

const NOUN = { one: 'import', other: 'imports' };
const DEFAULT_PER_PAGE = 25;

const newImportButton = (
  <Button component={Link} to={routePath('users-import-new')} leftSection={<IconPlus size={16} aria-hidden />}>
    New import
  </Button>
);

const EMPTY = {
  title: 'No imports yet',
  description:
    'Each import of a CSV or XLSX file of users shows here: who ran it, when, and what it created, updated and skipped.',
  icon: <IconFileImport size={24} stroke={1.6} aria-hidden />,
  action: newImportButton,
};

const stepperLink = (item: UserImportSummary) => `${routePath('users-import-new')}?id=${item.id}`;

function ErrorReport({ item }: { item: UserImportSummary }) {
  if (item.error_rows === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const label = `Download the error report of ${item.file_name}`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        onClick={() => downloadImportErrors(item.id, 'import').catch((error) => showApiError(error))}
      >
        <IconDownload size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

const COUNTS = ['created', 'updated', 'deactivated', 'skipped', 'failed'] as const;

/** What an import did, as the summary says it ("100 created · 15 updated · 2 failed"); counts of zero are left out. */
function ImportResult({ counts }: { counts: UserImportSummary['counts'] }) {
  const said = COUNTS.filter((key) => counts[key] > 0);
  if (said.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Text size="sm" data-testid="import-result">
      {said.map((key, index) => (
        <span key={key} style={{ whiteSpace: 'nowrap' }}>
          {index > 0 && ' · '}
          {formatNumber(counts[key])} {key}
        </span>
      ))}
    </Text>
  );
}

/** Users import history (`/users/import/`): every import, newest first, with its status, counts and error report. */
export default function UsersImportPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = (PAGE_SIZES as readonly number[]).includes(Number(params.get('per_page')))
    ? Number(params.get('per_page'))
    : DEFAULT_PER_PAGE;
  const query = useUserImports(page, perPage);
  const rows = query.data?.data ?? [];
  const setPaging = (next: { page?: number; per_page?: number }) =>
    setParams({ page: String(next.page ?? page), per_page: String(next.per_page ?? perPage) });

  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <ListError
        nounPlural="imports"
        message={formatApiError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data) {
    body = (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading imports" />
      </Group>
    );
  } else if (rows.length === 0) {
    body = <ListEmpty empty={EMPTY} filtered={false} nounPlural="imports" onClearFilters={() => undefined} />;
  } else {
    body = (
      // Five columns fit the card at 1024 px; narrower (a phone), the table scrolls inside the card.
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover verticalSpacing="xs" aria-label="Imports" aria-busy={query.isFetching} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Errors</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item.id} data-testid="import-row">
                <Table.Td maw={320}>
                  <Anchor
                    component={Link}
                    to={stepperLink(item)}
                    size="sm"
                    fw={600}
                    lineClamp={1}
                    title={item.file_name}
                  >
                    {item.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed" data-testid="import-run">
                    {item.created_by?.name ?? '—'} ·{' '}
                    <time dateTime={item.started_at ?? item.created_at}>
                      {formatDateTime(item.started_at ?? item.created_at)}
                    </time>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ImportStatusBadge item={item} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.total_rows === null
                    ? formatNumber(item.processed_rows)
                    : `${formatNumber(item.processed_rows)} / ${formatNumber(item.total_rows)}`}
                </Table.Td>
                <Table.Td>
                  <ImportResult counts={item.counts} />
                </Table.Td>
                <Table.Td>
                  <ErrorReport item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Files of users imported into the company, newest first.
        </Text>
        {newImportButton}
      </Group>
      <Paper withBorder radius="md">
        {body}
        {query.data && rows.length > 0 && (
          <ListFooter
            meta={query.data.meta}
            rowCount={rows.length}
            noun={NOUN}
            page={page}
            perPage={perPage}
            pageSizes={PAGE_SIZES}
            onPage={(next) => setPaging({ page: next })}
            onPerPage={(next) => setPaging({ page: 1, per_page: next })}
          />
        )}
      </Paper>
    </Stack>
  );
}
