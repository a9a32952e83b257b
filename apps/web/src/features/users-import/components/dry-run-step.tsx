import type { UserImport } from '@heed/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useStartDryRun, useStartImport } from '../api/import-mutations.ts';
import { formatNumber } from '../model/format.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportErrorsTable } from './import-errors-table.tsx';
import { ImportProgress } from './import-progress.tsx';
import { READABLE_ALERT } from './alert-styles.ts';

/**
 * Step 4: every row checked as the import would apply it, nothing changed. Shows what the import
 * would do and each row's errors (row, column, message), downloadable; then the import starts here.
 */
export function DryRunStep({
  item,
  onBack,
  onStarted,
}: {
  item: UserImport;
  onBack: () => void;
  onStarted: () => void;
}) {
  const dryRun = useStartDryRun();
  const run = useStartImport();
  const startDryRun = () => dryRun.mutate(item.id, { onError: (error) => showApiError(error) });
  const startImport = () => run.mutate(item.id, { onSuccess: onStarted, onError: (error) => showApiError(error) });
  const result = item.status === 'validated' ? item.dry_run : null;
  const importing = result ? result.counts.created + result.counts.updated : 0;

  return (
    <Stack gap="md">
      {item.status === 'validating' && <ImportProgress item={item} label="Checking rows" />}
      {(item.status === 'uploaded' || item.status === 'failed') && (
        <Stack gap="sm" maw={720}>
          {item.status === 'failed' && (
            <Alert
              styles={READABLE_ALERT}
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
              title="The dry run stopped"
            >
              {item.last_error ?? 'It stopped before it finished.'} Start it again.
            </Alert>
          )}
          <Text size="sm">
            The dry run reads every row and checks it as the import would, against the users as they are now. Nothing
            changes.
          </Text>
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={startDryRun}
              loading={dryRun.isPending}
            >
              Start dry run
            </Button>
          </Group>
        </Stack>
      )}
      {result && (
        <>
          <Alert
            styles={READABLE_ALERT}
            color={result.error_rows > 0 ? 'yellow' : 'green'}
            variant="light"
            icon={
              result.error_rows > 0 ? (
                <IconAlertCircle size={18} aria-hidden />
              ) : (
                <IconCircleCheck size={18} aria-hidden />
              )
            }
            title={result.error_rows > 0 ? 'Some rows would fail' : 'Every row can be imported'}
          >
            {formatNumber(result.rows)} rows checked.{' '}
            {result.error_rows > 0
              ? 'Fix the file (or the column matching) and upload again, or import the rest: rows with errors are left out.'
              : 'Nothing has changed yet.'}
          </Alert>
          <ImportCounts counts={result.counts} label="What the import would do" />
          <ImportErrorsTable importId={item.id} kind="dry_run" errorRows={result.error_rows} />
        </>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          disabled={item.status === 'validating'}
        >
          Back to options
        </Button>
        <Button
          onClick={startImport}
          loading={run.isPending}
          disabled={!result || importing + result.counts.deactivated === 0}
        >
          {result ? `Import ${formatNumber(importing)} ${importing === 1 ? 'user' : 'users'}` : 'Import'}
        </Button>
      </Group>
    </Stack>
  );
}
