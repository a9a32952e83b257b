import { AUTOMATED_REPORT_RUN_STATUS_LABELS, type AutomatedReportRun } from '@heed/contract';
import { Anchor, Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { JobProgress } from '../../../components/job-progress/job-progress.tsx';
import { notify } from '../../../components/notices/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { downloadRunFile, useInvalidateReports, useReportRuns, useRunReportNow } from '../api/report-runs.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const number = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`);

export const RUN_STATUS_COLORS: Record<AutomatedReportRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  sent: 'green',
  partial: 'orange',
  failed: 'red',
};

function Files({ reportId, run }: { reportId: number; run: AutomatedReportRun }) {
  if (run.files.length === 0)
    return (
      <Text span size="xs" c="dimmed">
        No files
      </Text>
    );
  return (
    <Stack gap={2}>
      {run.files.map((file) => (
        <Group key={file.id} gap={6} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() =>
              downloadRunFile(reportId, run.id, file.id, file.file_name).catch((error) => showApiError(error))
            }
            aria-label={`Download ${file.file_name} of ${file.recipient.name}`}
          >
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              {file.recipient.name}
            </Group>
          </Anchor>
          <Text span size="xs" c="dimmed">
            {number(file.rows)} rows, {size(file.size)}
            {file.delivery_status ? `, e-mail ${file.delivery_status}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** "Run now" with its progress, and the report's runs with their files to download. */
export function ReportRunsPanel({ reportId }: { reportId: number }) {
  const [page, setPage] = useState(1);
  const [jobId, setJobId] = useState<number | null>(null);
  const runs = useReportRuns(reportId, page);
  const runNow = useRunReportNow();
  const invalidate = useInvalidateReports();
  const start = () =>
    runNow.mutate(reportId, {
      onSuccess: (result) => setJobId(result.job_id),
      onError: (error) => showApiError(error),
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Runs make one file per recipient and e-mail each a download link.
        </Text>
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          onClick={start}
          loading={runNow.isPending}
          disabled={jobId !== null}
        >
          Run now
        </Button>
      </Group>
      {jobId !== null && (
        <JobProgress
          jobId={jobId}
          label="Running the report"
          itemsLabel="recipients"
          onFinished={(job) => {
            setJobId(null);
            invalidate();
            if (job.status === 'completed') notify.success('The report ran: its files are below.');
          }}
        />
      )}
      {runs.isPending ? (
        <Skeleton height={120} />
      ) : runs.data && runs.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          This report has not run yet.
        </Text>
      ) : (
        <Table striped fz="sm" verticalSpacing={4} aria-label="Runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ran</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Files</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data?.data.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {when.format(new Date(run.finished_at ?? run.created_at))}
                  <Text size="xs" c="dimmed">
                    {run.trigger === 'manual'
                      ? `Run now${run.started_by ? ` by ${run.started_by.name}` : ''}`
                      : 'Scheduled'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={500} c={RUN_STATUS_COLORS[run.status]}>
                    {AUTOMATED_REPORT_RUN_STATUS_LABELS[run.status]}
                  </Text>
                  {run.error && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                      {run.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{number(run.rows)}</Table.Td>
                <Table.Td>
                  <Files reportId={reportId} run={run} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {runs.data && runs.data.meta.last_page > 1 && (
        <Pagination size="sm" total={runs.data.meta.last_page} value={page} onChange={setPage} aria-label="Run pages" />
      )}
    </Stack>
  );
}
