import type { ImportErrorKind } from '@heed/contract';
import { Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ListError } from '../../../components/list-page/index.ts';
import { formatApiError, showApiError } from '../../../lib/error-notices.tsx';
import { downloadImportErrors, useImportErrors } from '../api/import-errors.ts';
import { formatNumber } from '../model/format.ts';

const PER_PAGE = 10;

/** Row errors of a dry run or a run (row, column, message, the cell), ten a page, and the whole list as CSV. */
export function ImportErrorsTable({
  importId,
  kind,
  errorRows,
}: {
  importId: number;
  kind: ImportErrorKind;
  errorRows: number;
}) {
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const query = useImportErrors(importId, kind, page, PER_PAGE, errorRows > 0);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadImportErrors(importId, kind);
    } catch (error) {
      showApiError(error);
    } finally {
      setDownloading(false);
    }
  };
  if (errorRows === 0) return null;
  if (query.isError && !query.data) {
    return (
      <ListError
        nounPlural="errors"
        message={formatApiError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>
          {formatNumber(errorRows)} {errorRows === 1 ? 'row' : 'rows'} with errors
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download()}
          loading={downloading}
        >
          Download errors (CSV)
        </Button>
      </Group>
      <Table striped verticalSpacing={6} aria-label="Row errors" aria-busy={query.isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72} ta="right">
              Row
            </Table.Th>
            <Table.Th w="20%">Column</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th w="24%">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((error, index) => (
            // One row may have several errors; their position on the page is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              <Table.Td ta="right">{formatNumber(error.row)}</Table.Td>
              <Table.Td>
                {error.column || (
                  <Text span c="dimmed" size="sm">
                    whole row
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{error.message}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={1} title={error.value ?? undefined}>
                  {error.value ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {meta && meta.last_page > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={meta.last_page}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
