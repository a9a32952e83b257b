import { type Job, isJobFinished } from '@heed/contract';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatApiError } from '../../lib/error-notices.tsx';
import { useJob } from './get-job.ts';

export interface JobProgressProps {
  jobId: number;
  /** What the job does, for the progress bar's accessible name, e.g. "Deactivating users". */
  label: string;
  /** The noun of the items counted, plural: "users", "rows". */
  itemsLabel?: string;
  /** Called once, when the job has completed or failed. */
  onFinished?: (job: Job) => void;
}

const number = (n: number) => n.toLocaleString('en-US');

function statusText(job: Job | undefined, itemsLabel: string): string {
  if (!job || job.status === 'queued') return 'Waiting for the worker to start…';
  if (job.status === 'failed') return 'Stopped.';
  if (job.total === 0) return job.status === 'completed' ? 'Done.' : 'Starting…';
  const counts = `${number(job.progress)} of ${number(job.total)} ${itemsLabel}`;
  return job.status === 'completed' ? `Done: ${counts}.` : `${counts}…`;
}

/**
 * A background job's live progress (PRODUCT.md: every long action shows progress): a bar with
 * processed / total, polled once a second until the job completes or fails. Leaving the page does
 * not stop the job; it runs on the server.
 */
export function JobProgress({ jobId, label, itemsLabel = 'items', onFinished }: JobProgressProps) {
  const { data: job, error } = useJob(jobId);
  const reported = useRef(false);
  const finished = job !== undefined && isJobFinished(job.status);

  useEffect(() => {
    if (!job || !finished || reported.current) return;
    reported.current = true;
    onFinished?.(job);
  }, [job, finished, onFinished]);

  const percent = job && job.total > 0 ? Math.min(100, Math.round((job.progress / job.total) * 100)) : 0;
  const waiting = !job || job.status === 'queued' || (job.status === 'running' && job.total === 0);
  const barValue = waiting || job?.status === 'completed' ? 100 : percent;
  return (
    <Stack gap={6} data-testid="job-progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {!waiting && (
          <Text size="sm" c="dimmed" aria-hidden>
            {job?.status === 'completed' ? 100 : percent}%
          </Text>
        )}
      </Group>
      {/* The bar itself carries the status words (Mantine's own section would only say "n%"). */}
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={barValue}
          striped={!finished}
          animated={!finished}
          color={job?.status === 'failed' ? 'red' : undefined}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={barValue}
          aria-valuetext={statusText(job, itemsLabel)}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {statusText(job, itemsLabel)}
      </Text>
      {job?.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The job failed">
          {job.error ?? 'The job stopped before it finished.'}
        </Alert>
      )}
      {error && !job && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="No progress to show">
          {formatApiError(error).message}
        </Alert>
      )}
    </Stack>
  );
}
