import type { UserImport } from '@heed/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { isBusy } from '../api/imports-query.ts';
import { formatNumber } from '../model/format.ts';
import { CancelImportButton } from './cancel-import-button.tsx';

/** Rows read of all rows: a live bar while the dry run or the run works (the page polls the import), and a way to stop it. */
export function ImportProgress({ item, label }: { item: UserImport; label: string }) {
  const total = item.total_rows;
  const busy = isBusy(item);
  const done = !busy && item.status !== 'failed';
  const percent = total ? Math.min(100, Math.round((item.processed_rows / total) * 100)) : 0;
  const waiting = busy && item.processed_rows === 0;
  const text = waiting
    ? 'Waiting for the worker to start…'
    : total
      ? `${formatNumber(Math.min(item.processed_rows, total))} of ${formatNumber(total)} rows${busy ? '…' : '.'}`
      : `${formatNumber(item.processed_rows)} rows${busy ? '…' : '.'}`;
  return (
    <Stack gap={6} data-testid="import-progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {!waiting && (
          <Text size="sm" c="dimmed" aria-hidden>
            {done ? 100 : percent}%
          </Text>
        )}
      </Group>
      <Progress
        value={waiting || (busy && !total) ? 100 : done ? 100 : percent}
        striped={busy}
        animated={busy}
        color={item.status === 'failed' ? 'red' : undefined}
        aria-label={label}
        size="lg"
        radius="xl"
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {text}
        </Text>
        {busy && item.job_id !== null && (
          <CancelImportButton jobId={item.job_id} running={item.status === 'validating' ? 'dry-run' : 'import'} />
        )}
      </Group>
    </Stack>
  );
}
