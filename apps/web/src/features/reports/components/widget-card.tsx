import type { AssignmentReport } from '@heed/contract';
import { ActionIcon, Button, Card, Group, Menu, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconTable, IconTableOff } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { downloadFile } from '../../../components/list-page/index.ts';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { type DashboardFilters, exportUrl } from '../lib/dashboard-filters.ts';

export interface WidgetCardProps {
  report: AssignmentReport;
  /** What the widget says: its heading. */
  title: string;
  description?: string;
  filters: DashboardFilters;
  /** The read behind it. */
  state: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  /** A failed read shows empty data instead of an error (spec §8: status counts, recertification). */
  emptyOnError?: boolean;
  /** The widget's chart; `table` (the same figures as a table) shows under it when "Show table" is on. */
  children: ReactNode;
  table?: ReactNode;
  /** Extra controls in the header (a field chooser). */
  controls?: ReactNode;
  /** Nothing to show: the empty state's sentence. */
  empty?: string | null;
  /** Export disabled (no field chosen). */
  canExport?: boolean;
  span?: 'full' | 'half';
}

/**
 * A dashboard widget: a card with its title, an Export menu (CSV/XLSX of exactly what it shows,
 * from the server) and a "Show table" toggle; its own loading skeleton, empty state and error, so
 * that one failing call never takes the others down.
 */
export function WidgetCard({
  report,
  title,
  description,
  filters,
  state,
  emptyOnError,
  children,
  table,
  controls,
  empty,
  canExport = true,
}: WidgetCardProps) {
  const headingId = useId();
  const [showTable, setShowTable] = useState(false);
  const [pending, setPending] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setPending(format);
    try {
      await downloadFile(exportUrl(report, format, filters), `${report}.${format}`);
    } catch (error) {
      showApiError(error, 'The export failed');
    } finally {
      setPending(null);
    }
  };
  let body: ReactNode;
  // A named progressbar: a plain div may not carry aria-label (axe: aria-prohibited-attr).
  if (state.isPending) body = <Skeleton height={160} radius="sm" role="progressbar" aria-label={`Loading ${title}`} />;
  else if (state.isError && !emptyOnError)
    body = (
      <LoadFailed
        title={`${title} could not be loaded`}
        error={state.error}
        onRetry={() => state.refetch()}
        retrying={state.isFetching}
      />
    );
  else if (empty)
    body = (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        {children}
        {showTable && table}
      </Stack>
    );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId} data-widget={report}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} size="h5" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <Group gap={4} wrap="nowrap">
          {controls}
          {table && (
            <Tooltip label={showTable ? 'Hide table' : 'Show table'}>
              <ActionIcon
                variant={showTable ? 'light' : 'subtle'}
                color="gray"
                aria-label={showTable ? 'Hide table' : 'Show table'}
                aria-pressed={showTable}
                onClick={() => setShowTable((v) => !v)}
              >
                {showTable ? <IconTableOff size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
          <Menu position="bottom-end" shadow="md" width={180}>
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={pending !== null}
                disabled={!canExport}
                aria-label={`Export ${title}`}
              >
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => run('csv')}>
                CSV (.csv)
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => run('xlsx')}>
                Excel (.xlsx)
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {body}
    </Card>
  );
}
