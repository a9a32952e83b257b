import type { ImportMapping, UserImport } from '@heed/contract';
import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useUpdateImport } from '../api/import-mutations.ts';
import { useCustomFields } from '../api/import-targets.ts';
import { IGNORE, mappingProblems, serverMappingErrors, targetGroups } from '../model/mapping-targets.ts';
import { READABLE_ALERT } from './alert-styles.ts';

const SAMPLE_VALUES = 3;

/** Up to three sample values of a column, blanks left out. */
function samplesOf(item: UserImport, column: number): string[] {
  return item.sample
    .map((row) => row[column] ?? '')
    .filter((value) => value !== '')
    .slice(0, SAMPLE_VALUES);
}

/**
 * Step 2: each file column → a user field, a custom field, or "ignore", with sample values beside
 * it. The server's automatic matches come pre-selected and marked; conflicts show as they arise.
 */
export function MappingStep({ item, onDone }: { item: UserImport; onDone: () => void }) {
  const fields = useCustomFields();
  const groups = useMemo(() => targetGroups(fields.data ?? []), [fields.data]);
  const [mapping, setMapping] = useState<ImportMapping>(item.mapping);
  const [server, setServer] = useState<{ columns: Record<number, string>; general: string | null }>({
    columns: {},
    general: null,
  });
  const save = useUpdateImport();
  const local = mappingProblems(mapping);
  const columnError = (index: number) => local.columns[index] ?? server.columns[index];
  const general = local.general ?? server.general;

  const choose = (index: number, value: string | null) => {
    setMapping((current) =>
      current.map((target, i) => (i === index ? (value === null || value === IGNORE ? null : value) : target)),
    );
    setServer({ columns: {}, general: null });
  };
  const submit = () =>
    save.mutate(
      { id: item.id, body: { mapping } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error, 422)) setServer(serverMappingErrors(error.details));
          else showApiError(error);
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {item.file_name}: {item.headers.length} columns
        {item.total_rows !== null ? `, about ${item.total_rows.toLocaleString('en-US')} rows` : ''}
        {item.delimiter ? `, separated by ${item.delimiter === '\t' ? 'tabs' : `"${item.delimiter}"`}` : ''}
        {item.encoding ? `, ${item.encoding === 'utf-8' ? 'UTF-8' : 'Latin-1'}` : ''}.
      </Text>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label="Columns of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="26%">File column</Table.Th>
            <Table.Th>Sample values</Table.Th>
            <Table.Th w="34%">Imports into</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.headers.map((header, index) => {
            const auto = item.mapping[index] !== null && mapping[index] === item.mapping[index];
            return (
              // Columns are identified by position; headers may repeat.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index} data-testid="mapping-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {header}
                    </Text>
                    {auto && (
                      <Badge size="xs" variant="light" color="gray" tt="none">
                        matched
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {samplesOf(item, index).join(' · ') || '(empty)'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Field for column ${header}`}
                    data={groups}
                    value={mapping[index] ?? IGNORE}
                    onChange={(value) => choose(index, value)}
                    allowDeselect={false}
                    searchable
                    nothingFoundMessage="No such field"
                    error={columnError(index)}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {general && (
        <Alert
          styles={READABLE_ALERT}
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
        >
          {general}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={Object.keys(local.columns).length > 0 || local.general !== null}
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          Next: options
        </Button>
      </Group>
    </Stack>
  );
}
